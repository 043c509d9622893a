/**
 * Runs in the page's own world (see handlers.ts): while Bosun's agent works in the page, `alert`,
 * `confirm` and `prompt` are answered in the person's place instead of stopping the page (and Bosun
 * with it) until someone clicks. A confirm or prompt is dismissed unless Bosun was told to accept
 * the next one; each is reported to the content script, which tells the model what the dialog
 * said. Otherwise the page's dialogs are the browser's own.
 *
 * A page can send the order event itself: the most it gets is its own dialogs answered for it.
 */
import { DIALOG_ORDER, DIALOG_SEEN, type DialogType, type SeenDialog } from '../../src/page-dialogs';

/** How long an order to accept the next dialog waits for one: the action that opens it comes next. */
const ACCEPT_FOR_MS = 60_000;

let acting = false;
let acceptNext: { promptText: string; until: number } | null = null;

document.addEventListener(
  DIALOG_ORDER,
  (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    let order: { acting?: unknown; acceptNext?: { promptText?: unknown } };
    try {
      order = JSON.parse(detail) as typeof order;
    } catch {
      return;
    }
    acting = order.acting === true;
    const text = order.acceptNext?.promptText;
    // An order to accept holds only while Bosun works in the page: never for the person's own dialogs later.
    if (!acting) acceptNext = null;
    else if (typeof text === 'string') acceptNext = { promptText: text, until: Date.now() + ACCEPT_FOR_MS };
  },
  true,
);

const text = (value: unknown): string => {
  try {
    return value === undefined ? '' : String(value);
  } catch {
    return '';
  }
};

/** Whether Bosun is acting in the page, so that the page's dialogs are answered in the person's place. */
export const isActing = (): boolean => acting;

/** Uses up a pending order to accept the next dialog: whether there was one. */
export function takeAcceptance(): { promptText: string } | null {
  const order = acceptNext && Date.now() < acceptNext.until ? acceptNext : null;
  acceptNext = null;
  return order;
}

/** Tells the content script about a dialog Bosun answered. */
export function report(seen: SeenDialog): void {
  document.dispatchEvent(new CustomEvent(DIALOG_SEEN, { detail: JSON.stringify(seen) }));
}

/** Answers a dialog for Bosun and reports it: whether it was accepted, and the prompt's text. */
function answer(type: DialogType, message: unknown, defaultValue: unknown): { accepted: boolean; promptText: string } {
  const order = type !== 'alert' ? takeAcceptance() : null;
  const seen: SeenDialog = {
    type,
    message: text(message),
    defaultValue: text(defaultValue),
    accepted: type === 'alert' || order !== null,
  };
  report(seen);
  return { accepted: seen.accepted, promptText: order?.promptText || seen.defaultValue };
}

const native = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };

window.alert = function alert(...args: unknown[]): void {
  if (!acting) return Reflect.apply(native.alert, window, args) as void;
  answer('alert', args[0], '');
};
window.confirm = function confirm(...args: unknown[]): boolean {
  if (!acting) return Reflect.apply(native.confirm, window, args) as boolean;
  return answer('confirm', args[0], '').accepted;
};
window.prompt = function prompt(...args: unknown[]): string | null {
  if (!acting) return Reflect.apply(native.prompt, window, args) as string | null;
  const { accepted, promptText } = answer('prompt', args[0], args[1]);
  return accepted ? promptText : null;
};
