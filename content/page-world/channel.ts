/**
 * The page-world end of the private channel to the content script (src/page-channel.ts): it takes
 * the document's secret at document_start, then hears the content script's messages and answers on
 * event types only the two of them know. Everything here runs through `natives`, so no code of the
 * page runs while it does.
 */
import { channelType, HELLO } from '../../src/page-channel';
import { call, native } from './natives';

let secret: string | null = null;
/** Listeners asked for before the secret came: added once it does. */
const waiting: { name: string; hear: (detail: unknown) => void }[] = [];

const detailOf = (event: Event): unknown => call(native.detail, event);

function add(name: string, hear: (detail: unknown) => void): void {
  call(
    native.addEventListener,
    document,
    channelType(secret as string, name),
    (event: Event) => hear(detailOf(event)),
    true,
  );
}

/** Calls `hear` with the detail of each `name` message from the content script. */
export function listen(name: string, hear: (detail: unknown) => void): void {
  if (secret === null) call(native.push, waiting, { name, hear });
  else add(name, hear);
}

/**
 * Sends `name` to the content script on `target` (composed, so it leaves a shadow root: the
 * content script's listener on the window finds the target in the event's path).
 */
export function send(target: EventTarget, name: string, detail: string | null = null): void {
  if (secret === null) return;
  const init = { bubbles: false, cancelable: false, composed: true, detail };
  call(native.dispatchEvent, target, new native.CustomEvent(channelType(secret, name), init));
}

function take(event: Event): void {
  const given = detailOf(event);
  if (secret !== null || typeof given !== 'string' || given === '') return;
  secret = given;
  // Tells the isolated side its secret arrived (its dispatch returns false).
  call(native.preventDefault, event);
  call(native.removeEventListener, document, HELLO, take, true);
  for (let i = 0; i < waiting.length; i++) {
    const { name, hear } = waiting[i] as (typeof waiting)[number];
    add(name, hear);
  }
  waiting.length = 0;
}

// Either the isolated side already ran and answers this ask at once, or it runs next (before any
// page script) and gives the secret to the listener left here. If it never runs, this listener
// stays, and a page that gives a secret of its own talks to nobody: the content script has none.
call(native.addEventListener, document, HELLO, take, true);
call(
  native.dispatchEvent,
  document,
  new native.CustomEvent(HELLO, { bubbles: false, cancelable: false, composed: false, detail: '' }),
);
