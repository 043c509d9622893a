/**
 * Runs in the page's own world at document_start, after dialogs.ts: a page's leave-page prompt
 * (`beforeunload`) never stalls Bosun. The browser shows that prompt outside the page, where
 * nothing can answer it, so Bosun asks the page's handlers first, on an event of its own: when
 * they would ask to confirm leaving, Bosun does not leave (it reports a `beforeunload` dialog,
 * dismissed) unless the model accepted it, and then the page's handlers are kept from asking.
 *
 * Leaving that Bosun starts from the background (navigate, reload, history, close) is checked on
 * the content script's order before it happens; leaving that an action starts in the page (a
 * link, a form) is checked at the page's `navigate` event, which comes before `beforeunload`
 * and can cancel it.
 */
import { asksToLeave, DIALOG_ORDER } from '../../src/page-dialogs';
import { isActing, report, takeAcceptance } from './dialogs';

/** How long an accepted leave keeps the page's handlers from asking: the leaving comes next. */
const LEAVE_FOR_MS = 30_000;

let leaveUntil = 0;
let probing = false;

/** Runs the page's `beforeunload` handlers on an event of Bosun's: whether leaving would make the page ask. */
function pageWouldAsk(): boolean {
  // Only an event of this interface gets an `onbeforeunload`'s returned string as its returnValue.
  const event = document.createEvent('BeforeUnloadEvent') as BeforeUnloadEvent;
  event.initEvent('beforeunload', false, true);
  probing = true;
  try {
    window.dispatchEvent(event);
  } catch {
    // A handler that throws asks nothing.
  } finally {
    probing = false;
  }
  return asksToLeave(event);
}

/** Whether Bosun may leave the page now: it reports a leave-page prompt that it answered. */
function mayLeave(): boolean {
  // An accepted leave in progress is not asked about again (Firefox's navigate event may follow it).
  if (!isActing() || Date.now() < leaveUntil || !pageWouldAsk()) return true;
  const accepted = takeAcceptance() !== null;
  report({ type: 'beforeunload', message: '', defaultValue: '', accepted });
  if (accepted) leaveUntil = Date.now() + LEAVE_FOR_MS;
  return accepted;
}

// First of all the page's listeners (this script runs before any of the page's), so it can stop
// them: the `onbeforeunload` property's handler and listeners added later included.
window.addEventListener(
  'beforeunload',
  (event) => {
    if (!probing && isActing() && Date.now() < leaveUntil) event.stopImmediatePropagation();
  },
  true,
);

document.addEventListener(
  DIALOG_ORDER,
  (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    let order: { probeLeave?: unknown } | null;
    try {
      order = JSON.parse(detail) as typeof order;
    } catch {
      return;
    }
    if (order?.probeLeave === true) mayLeave();
  },
  true,
);

interface NavigateEvent extends Event {
  readonly cancelable: boolean;
  readonly hashChange: boolean;
  readonly downloadRequest: string | null;
  readonly destination: { readonly sameDocument: boolean };
}
const navigation = (window as { navigation?: EventTarget }).navigation;
navigation?.addEventListener('navigate', (event) => {
  const navigate = event as NavigateEvent;
  // Only leaving the document unloads it: not a fragment, a download or a history.pushState.
  if (!navigate.cancelable || navigate.hashChange || navigate.downloadRequest !== null) return;
  if (navigate.destination.sameDocument) return;
  if (!mayLeave()) navigate.preventDefault();
});
