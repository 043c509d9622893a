import { answerDialogs } from '../dialogs';
import { overlayRoot, withOverlayAside } from './host';
import { removeHighlights } from './highlight';

/** A mask that nobody renews (the background stopped mid-task) lifts itself after this long. */
const SELF_REMOVE_MS = 60_000;
const BLOCKED = ['keydown', 'keypress', 'keyup', 'beforeinput', 'paste', 'drop'] as const;

let mask: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let controller: AbortController | null = null;
/** Bosun's own trusted input is under way: its keys must reach the page. */
let passing = 0;

/** The person's own keystrokes are held back while Bosun acts; Bosun's synthetic events are not trusted, so they pass. */
function holdTrustedInput(event: Event): void {
  if (!event.isTrusted || passing > 0) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

/**
 * Shows that Bosun is working and blocks the person's accidental clicks and typing on the
 * page. Showing it again renews it.
 */
export function showMask(doc: Document): void {
  clearTimeout(timer);
  timer = setTimeout(() => hideMask(), SELF_REMOVE_MS);
  // The page's dialogs are answered for exactly as long as the mask is there, its lifting by itself included.
  answerDialogs(true);
  if (mask?.isConnected) return;
  // The page may have taken the overlay off: the mask left in its kept shadow root goes, and so do
  // its listeners, which the new mask adds again.
  mask?.remove();
  controller?.abort();
  mask = doc.createElement('div');
  mask.className = 'mask';
  const label = doc.createElement('div');
  label.className = 'mask-label';
  label.textContent = 'Bosun is working. Press Stop in Bosun to take over.';
  mask.append(label);
  overlayRoot(doc).append(mask);
  controller = new AbortController();
  const view = doc.defaultView;
  for (const type of BLOCKED)
    view?.addEventListener(type, holdTrustedInput, { capture: true, signal: controller.signal });
}

/** Removes the mask, every highlight and every listener they added. */
export function hideMask(): void {
  clearTimeout(timer);
  timer = undefined;
  controller?.abort();
  controller = null;
  mask?.remove();
  mask = null;
  answerDialogs(false);
  removeHighlights();
}

/** Lets Bosun's trusted input through the mask for the duration of `work` (the person's keys too, for that moment). */
export async function passTrustedInput<T>(work: () => Promise<T>): Promise<T> {
  passing += 1;
  try {
    return await withOverlayAside(work);
  } finally {
    passing -= 1;
  }
}
