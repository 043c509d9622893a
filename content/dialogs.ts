/**
 * The content script's side of the dialog stand-in (content/page-world/dialogs.ts). While the
 * agent works in the tab (its mask is on the page), the page is told to answer its own dialogs
 * instead of stopping everything until someone clicks; what each dialog said goes with the answer
 * to the next action. Actions that other drivers ask for (ABP page.act, the MCP bridge) leave
 * dialogs to the browser: the bridge answers them itself.
 */
import type { ActionResult } from '../src/protocol/background-to-content';
import { DIALOG_ORDER, DIALOG_SEEN, parseSeenDialog, type DialogOrder, type SeenDialog } from '../src/page-dialogs';
import { PressRefused } from './actions/press-refused';
import { channelTypeOf } from './page-channel/secret';

/** A page that opens dialogs in a loop is reported by its first few. */
const KEPT = 5;
const seen: SeenDialog[] = [];
let listening = false;
let answering = false;

/**
 * Sends an order on the private channel to the page-world script (src/page-channel.ts): the page
 * neither hears that Bosun is about to act nor can report a dialog itself. Without a channel (a
 * page loaded before Bosun was), nothing is ordered, and the page's dialogs stay the browser's own.
 */
function order(value: DialogOrder): void {
  const orderType = channelTypeOf(document, DIALOG_ORDER);
  const seenType = channelTypeOf(document, DIALOG_SEEN);
  if (!orderType || !seenType) return;
  if (!listening) {
    listening = true;
    document.addEventListener(
      seenType,
      (event) => {
        const dialog = parseSeenDialog((event as CustomEvent<unknown>).detail);
        if (dialog && seen.length < KEPT) seen.push(dialog);
      },
      true,
    );
  }
  document.dispatchEvent(new CustomEvent(orderType, { detail: JSON.stringify(value) }));
}

/** Whether the page's dialogs are answered for the person: exactly while the agent's mask is shown. */
export function answerDialogs(on: boolean): void {
  if (on === answering) return;
  answering = on;
  order({ acting: on, acceptNext: null, probeLeave: false });
}

/** The next confirm or prompt is accepted (with `promptText` for a prompt, '' for its default). */
export function acceptNextDialog(promptText: string): void {
  order({ acting: answering, acceptNext: { promptText }, probeLeave: false });
}

/**
 * Before Bosun leaves the page: the page-world script reports, at once, a `beforeunload` dialog
 * when the page would ask to confirm leaving (accepted when an order to accept was pending).
 */
export function checkLeave(): ActionResult {
  order({ acting: answering, acceptNext: null, probeLeave: true });
  return { success: true };
}

const navigation = (window as { navigation?: EventTarget }).navigation;

/**
 * Resolves in a task queued now. Not a 0 ms timer: Firefox runs a page's due timers in one task and
 * defers the rest behind the queue when one ran long, so a page's own slow timer would let the next
 * page's arrival come first.
 */
function nextTask(): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** Runs an action and adds to its answer the dialogs answered since the last one. */
export async function withDialogsSeen(act: () => ActionResult | Promise<ActionResult>): Promise<ActionResult> {
  let leaving = false;
  const onNavigate = (event: Event) => {
    const destination = (event as Event & { destination?: { sameDocument: boolean } }).destination;
    if (event.isTrusted && destination?.sameDocument === false) leaving = true;
  };
  navigation?.addEventListener('navigate', onNavigate);
  let result: ActionResult;
  try {
    result = await act();
  } catch (error) {
    // A trusted press refused on the way (actions/trusted.ts) is the action's answer, with the
    // dialogs seen before it.
    if (!(error instanceof PressRefused)) throw error;
    result = { success: false, error: error.message };
  } finally {
    navigation?.removeEventListener('navigate', onNavigate);
  }
  // Leaving the page (a link, a form) runs the leave-page check at the `navigate` event
  // (page-world/leave-page.ts). Chromium fires it inside the click: the answer then goes at once, as
  // the next page may replace this one before any later task. Firefox fires it a task after the click.
  if (!leaving) await nextTask();
  const dialogs = seen.splice(0);
  return dialogs.length > 0 ? { ...result, dialogs } : result;
}
