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
import { listen } from './channel';
import { isActing, parseOrder, report, takeAcceptance } from './dialogs';
import { call, native } from './natives';

/** How long an accepted leave keeps the page's handlers from asking: the leaving comes next. */
const LEAVE_FOR_MS = 30_000;

const createEvent = Document.prototype.createEvent;
const initEvent = Event.prototype.initEvent;
let leaveUntil = 0;
let probing = false;

/** Runs the page's `beforeunload` handlers on an event of Bosun's: whether leaving would make the page ask. */
function pageWouldAsk(): boolean {
  // Only an event of this interface gets an `onbeforeunload`'s returned string as its returnValue.
  const event = call<BeforeUnloadEvent>(createEvent, document, 'BeforeUnloadEvent');
  call(initEvent, event, 'beforeunload', false, true);
  probing = true;
  try {
    call(native.dispatchEvent, window, event);
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
  if (!isActing() || call<number>(native.now, Date) < leaveUntil || !pageWouldAsk()) return true;
  const accepted = takeAcceptance() !== null;
  report({ type: 'beforeunload', message: '', defaultValue: '', accepted });
  if (accepted) leaveUntil = call<number>(native.now, Date) + LEAVE_FOR_MS;
  return accepted;
}

// First of all the page's listeners (this script runs before any of the page's), so it can stop
// them: the `onbeforeunload` property's handler and listeners added later included.
window.addEventListener(
  'beforeunload',
  (event) => {
    if (!probing && isActing() && call<number>(native.now, Date) < leaveUntil) event.stopImmediatePropagation();
  },
  true,
);

// The probe runs the page's own `beforeunload` handlers (that is what it asks them), so a page with
// one sees it run, untrusted, when Bosun is about to leave it; a page without one sees nothing.
listen(DIALOG_ORDER, (detail) => {
  const order = parseOrder(detail);
  if (order && native.hasOwn(order, 'probeLeave') && (order as { probeLeave: unknown }).probeLeave === true) mayLeave();
});

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
