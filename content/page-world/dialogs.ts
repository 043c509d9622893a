/**
 * Runs in the page's own world (see handlers.ts): while Bosun's agent works in the page, `alert`,
 * `confirm` and `prompt` are answered in the person's place instead of stopping the page (and Bosun
 * with it) until someone clicks. A confirm or prompt is dismissed unless Bosun was told to accept
 * the next one; each is reported to the content script, which tells the model what the dialog
 * said. Otherwise the page's dialogs are the browser's own.
 *
 * Orders and reports go on the private channel (channel.ts): a page can neither order its own
 * dialogs accepted nor report a dialog Bosun never answered.
 */
import { DIALOG_ORDER, DIALOG_SEEN, type DialogType, type SeenDialog } from '../../src/page-dialogs';
import { listen, send } from './channel';
import { call, disguise, native } from './natives';

/** How long an order to accept the next dialog waits for one: the action that opens it comes next. */
const ACCEPT_FOR_MS = 60_000;

let acting = false;
let acceptNext: { promptText: string; until: number } | null = null;

/** The order's field `key`, read only when it is the order's own (the content script sends every field). */
const field = (order: object, key: string): unknown => (native.hasOwn(order, key) ? (order as never)[key] : undefined);

/** An order from the content script, parsed with the built-ins as they were: null when it is not one. */
export function parseOrder(detail: unknown): object | null {
  if (typeof detail !== 'string') return null;
  try {
    const order = call<unknown>(native.parse, JSON, detail);
    return typeof order === 'object' && order !== null ? order : null;
  } catch {
    return null;
  }
}

listen(DIALOG_ORDER, (detail) => {
  const order = parseOrder(detail);
  if (!order) return;
  acting = field(order, 'acting') === true;
  const accept = field(order, 'acceptNext');
  const text = typeof accept === 'object' && accept !== null ? field(accept, 'promptText') : undefined;
  // An order to accept holds only while Bosun works in the page: never for the person's own dialogs later.
  if (!acting) acceptNext = null;
  else if (typeof text === 'string')
    acceptNext = { promptText: text, until: call<number>(native.now, Date) + ACCEPT_FOR_MS };
});

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
  const order = acceptNext && call<number>(native.now, Date) < acceptNext.until ? acceptNext : null;
  acceptNext = null;
  return order;
}

/** Tells the content script about a dialog Bosun answered, in JSON written from its strings alone. */
export function report(seen: SeenDialog): void {
  const json = (value: string | boolean) => call<string>(native.stringify, JSON, value);
  send(
    document,
    DIALOG_SEEN,
    `{"type":${json(seen.type)},"message":${json(seen.message)},"defaultValue":${json(seen.defaultValue)},"accepted":${json(seen.accepted)}}`,
  );
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

const builtIn = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };
const standIns = {
  alert(...args: unknown[]): void {
    if (!acting) return native.apply(builtIn.alert, window, args) as void;
    answer('alert', args[0], '');
  },
  confirm(...args: unknown[]): boolean {
    if (!acting) return native.apply(builtIn.confirm, window, args) as boolean;
    return answer('confirm', args[0], '').accepted;
  },
  prompt(...args: unknown[]): string | null {
    if (!acting) return native.apply(builtIn.prompt, window, args) as string | null;
    const { accepted, promptText } = answer('prompt', args[0], args[1]);
    return accepted ? promptText : null;
  },
};
window.alert = disguise(standIns.alert, builtIn.alert);
window.confirm = disguise(standIns.confirm, builtIn.confirm);
window.prompt = disguise(standIns.prompt, builtIn.prompt);
