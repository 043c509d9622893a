/**
 * How the page-world dialog stand-in (content/page-world/dialogs.ts) and the content script talk:
 * two message names on their private channel (src/page-channel.ts), and a JSON string as the detail
 * (a string crosses between the page's world and the content script's in both browsers; an object
 * does not).
 */

/** Content script → page world: `DialogOrder` as JSON, every field present. */
export const DIALOG_ORDER = 'dialog-order';
/** Page world → content script: `SeenDialog` as JSON, once for each dialog answered while Bosun works. */
export const DIALOG_SEEN = 'dialog-seen';

/** `beforeunload`: the page asks to confirm leaving it (browsers show none of its words for it). */
export type DialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

export interface DialogOrder {
  /** Whether Bosun is acting in the page: only then are dialogs answered in the person's place. */
  acting: boolean;
  /** Accept the next confirm or prompt (once), with this text for a prompt ('' keeps its default). */
  acceptNext: { promptText: string } | null;
  /**
   * Bosun is about to leave the page (navigate, reload, history, close): the page checks whether it
   * would ask to confirm that and, if it would, reports a `beforeunload` dialog, accepted only when
   * an order to accept is pending. The content script reads that report right after dispatching.
   */
  probeLeave: boolean;
}

export interface SeenDialog {
  type: DialogType;
  message: string;
  /** The default text of a prompt. */
  defaultValue: string;
  /** Whether Bosun accepted it (OK) rather than dismissed it (Cancel); an alert has only OK. */
  accepted: boolean;
}

const TYPES: readonly string[] = ['alert', 'confirm', 'prompt', 'beforeunload'];
/** The longest dialog text passed on: a dialog is a sentence or two, and a page may write anything. */
export const DIALOG_TEXT_MAX = 1000;

/** A SEEN event's detail, checked: only the page-world script can send it, but it runs in the page's world. */
export function parseSeenDialog(detail: unknown): SeenDialog | null {
  if (typeof detail !== 'string' || detail.length > 4 * DIALOG_TEXT_MAX) return null;
  let value: unknown;
  try {
    value = JSON.parse(detail);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, message, defaultValue, accepted } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !TYPES.includes(type)) return null;
  if (typeof message !== 'string' || typeof defaultValue !== 'string' || typeof accepted !== 'boolean') return null;
  return {
    type: type as DialogType,
    message: message.slice(0, DIALOG_TEXT_MAX),
    defaultValue: defaultValue.slice(0, DIALOG_TEXT_MAX),
    accepted,
  };
}

/**
 * Whether a `beforeunload` event, once the page's handlers have run on it, asks to confirm leaving:
 * a handler cancelled it, or set a `returnValue` (an `onbeforeunload` that returns a string sets it).
 */
export function asksToLeave(event: { defaultPrevented: boolean; returnValue: unknown }): boolean {
  return event.defaultPrevented || (typeof event.returnValue === 'string' && event.returnValue !== '');
}
