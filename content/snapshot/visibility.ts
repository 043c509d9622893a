import { intersects, toBox, type Box, type Frame } from './frames';
import { createLabelLookup, type LabelLookup } from './labels';

/** The element's box when it is rendered and not hidden by style; null otherwise. */
export function renderedBox(el: Element): Box | null {
  const rect = toBox(el.getBoundingClientRect());
  if (rect.width === 0 || rect.height === 0) return null;
  // One native check covers display:none ancestors, visibility:hidden and content-visibility:
  // hidden. Content skipped by `content-visibility: auto` counts as visible: it renders as soon as
  // it is scrolled to (documentation sites put every section in one), so contentVisibilityAuto
  // stays off. Opacity is deliberately not checked: custom checkboxes are often transparent inputs.
  if (!el.checkVisibility({ visibilityProperty: true })) return null;
  return rect;
}

/** A point inside the part of the element that is within its frame's viewport. */
function visiblePoint(rect: Box, frame: Frame): [number, number] {
  const left = Math.max(rect.left, frame.clip.left - frame.dx);
  const right = Math.min(rect.right, frame.clip.right - frame.dx);
  const top = Math.max(rect.top, frame.clip.top - frame.dy);
  const bottom = Math.min(rect.bottom, frame.clip.bottom - frame.dy);
  return [(left + right) / 2, (top + bottom) / 2];
}

/**
 * What covers the element at its visible centre, or null when the element (or something
 * belonging to it, such as its label) is what a click there would reach. Only meaningful for
 * elements in the viewport: the browser cannot hit-test what is scrolled away.
 */
export function coveringElement(
  el: Element,
  rect: Box,
  frame: Frame,
  labelsOf: LabelLookup = createLabelLookup(),
): Element | null {
  if (!intersects(rect, frame)) return null;
  const [x, y] = visiblePoint(rect, frame);
  const root = el.getRootNode() as Document | ShadowRoot;
  const hit = (root.elementFromPoint ?? frame.doc.elementFromPoint).call(root, x, y);
  if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return null;
  if (labelsOf(el).some((label) => label === hit || label.contains(hit))) return null;
  return hit;
}
