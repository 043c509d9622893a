import { overlayRoot, releaseOverlay } from './host';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

let layer: HTMLElement | null = null;
let fade: ReturnType<typeof setTimeout> | undefined;
/** Stops a followed target's box from following it (set while a question's outline is shown). */
let unfollow: (() => void) | undefined;
/** How long the box around an action's target stays, when nothing else removes it first. */
const TARGET_MS = 1500;

const place = (el: HTMLElement, box: Box) => {
  el.style.cssText = `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`;
};

function makeBox(doc: Document, box: Box, label: string, target: boolean): HTMLElement {
  const el = doc.createElement('div');
  el.className = target ? 'box target' : 'box';
  place(el, box);
  if (label) {
    const tag = doc.createElement('span');
    tag.textContent = label;
    el.append(tag);
  }
  return el;
}

/**
 * Draws numbered boxes over the listed elements. The boxes are built off-document and
 * inserted in one write, after every layout read of the snapshot is done, so drawing them
 * costs one style and layout pass, not one per element.
 */
export function drawHighlights(doc: Document, boxes: { box: Box; label: string }[]): void {
  // The old boxes go, but the overlay stays: removing and re-adding it would restyle the page twice.
  clearLayer();
  const fragment = doc.createDocumentFragment();
  for (const { box, label } of boxes) fragment.append(makeBox(doc, box, label, false));
  layer = doc.createElement('div');
  layer.append(fragment);
  overlayRoot(doc).append(layer);
}

/** Marks the element an action is about to act on. */
export function highlightTarget(doc: Document, box: Box): void {
  clearLayer();
  layer = doc.createElement('div');
  layer.append(makeBox(doc, box, '', true));
  overlayRoot(doc).append(layer);
  fade = setTimeout(removeHighlights, TARGET_MS);
}

/** How often a question's ring looks again for an element that moved without a scroll or a resize. */
const SETTLE_MS = 300;

/** Room above the box for its label; a box nearer the top of the window carries it below. */
const LABEL_ROOM = 30;

/** Places a question's ring and turns its label below the box when there is no room above it. */
const placeRing = (el: HTMLElement, box: Box) => {
  place(el, box);
  el.classList.toggle('label-below', box.top < LABEL_ROOM);
};

/**
 * Keeps a labelled ring ("Bosun wants to click this") on an element while a question about it is
 * open: `measure` is read again (once a frame at most) as the page scrolls or resizes, until
 * removeHighlights or another drawing.
 */
export function followTarget(doc: Document, label: string, measure: () => Box | null): void {
  clearLayer();
  const view = doc.defaultView;
  const first = measure();
  if (!view || !first) return removeHighlights();
  const box = makeBox(doc, first, label, true);
  box.classList.add('asking');
  placeRing(box, first);
  layer = doc.createElement('div');
  layer.append(box);
  overlayRoot(doc).append(layer);
  let frame = 0;
  const move = () => {
    frame = 0;
    const now = measure();
    if (now) placeRing(box, now);
    box.hidden = now === null;
  };
  const onChange = () => {
    if (!frame) frame = view.requestAnimationFrame(move);
  };
  view.addEventListener('scroll', onChange, { capture: true, passive: true });
  view.addEventListener('resize', onChange, { passive: true });
  // The page may move the element with neither (a banner loads, text reflows): looked at again now and then.
  const settle = view.setInterval(onChange, SETTLE_MS);
  unfollow = () => {
    view.clearInterval(settle);
    view.cancelAnimationFrame(frame);
    view.removeEventListener('scroll', onChange, { capture: true });
    view.removeEventListener('resize', onChange);
  };
}

function clearLayer(): void {
  clearTimeout(fade);
  unfollow?.();
  unfollow = undefined;
  layer?.remove();
}

export function removeHighlights(): void {
  clearLayer();
  layer = null;
  releaseOverlay();
}
