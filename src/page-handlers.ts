/**
 * The message names the page-world listener watcher (content/page-world/handlers.ts) and the
 * content script's snapshot share over their private channel (src/page-channel.ts), and what counts
 * as a pointer listener. Shared because the two scripts are bundled apart and run in different
 * JavaScript worlds.
 */
export const HANDLER_REQUEST = 'which-handled';
export const HANDLER_ANSWER = 'handled';

/** The same kind of exchange for the elements that carry an open shadow root (content/page-world/shadow-hosts.ts). */
export const HOSTS_REQUEST = 'which-hosts';
export const HOST_ANSWER = 'host';
/** Sent on the document once every host has answered: without it, the content script reads every element itself. */
export const HOSTS_DONE = 'hosts-done';

/** Listeners that make an element something a person clicks, presses, drags or drops onto. */
export const POINTER_EVENTS = new Set([
  'click',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'dblclick',
  'dragstart',
  'drop',
]);

/**
 * An element listening to more event types than this is a framework's delegation root (React's
 * container listens to every type), not a control.
 */
export const DELEGATION_ROOT_TYPES = 20;
