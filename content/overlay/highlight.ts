import { overlayRoot, releaseOverlay } from './host';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

let layer: HTMLElement | null = null;
let fade: ReturnType<typeof setTimeout> | undefined;
/** How long the box around an action's target stays, when nothing else removes it first. */
const TARGET_MS = 1500;

function makeBox(doc: Document, box: Box, label: string, target: boolean): HTMLElement {
  const el = doc.createElement('div');
  el.className = target ? 'box target' : 'box';
  el.style.cssText = `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`;
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
  clearTimeout(fade);
  layer?.remove();
  const fragment = doc.createDocumentFragment();
  for (const { box, label } of boxes) fragment.append(makeBox(doc, box, label, false));
  layer = doc.createElement('div');
  layer.append(fragment);
  overlayRoot(doc).append(layer);
}

/** Marks the element an action is about to act on. */
export function highlightTarget(doc: Document, box: Box): void {
  clearTimeout(fade);
  layer?.remove();
  layer = doc.createElement('div');
  layer.append(makeBox(doc, box, '', true));
  overlayRoot(doc).append(layer);
  fade = setTimeout(removeHighlights, TARGET_MS);
}

export function removeHighlights(): void {
  clearTimeout(fade);
  layer?.remove();
  layer = null;
  releaseOverlay();
}
