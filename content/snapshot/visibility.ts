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

/**
 * The box a snapshot lists an element with, or null when it is not shown. An element inside a
 * section the page keeps unrendered (`content-visibility: auto`, far from the viewport) is judged
 * from the style of what is rendered around it and from its markup, with the section's box as its
 * place: reading its own box or style would make the browser lay the section out (seconds on a
 * documentation page of thousands of sections), for a listing that shows a budget's worth of it.
 */
export type ListedBox = (el: Element, frame: Frame) => Box | null;

/** A rendered element that lays its content out only near the viewport: within this many viewports of it, it is read exactly. */
const NEAR = 1;

/** One lookup per snapshot: what is known of each unrendered ancestor is kept for its siblings. */
export function createListedBox(): ListedBox {
  /** Elements inside unrendered sections: the section's box while markup does not hide them, else null. */
  const judged = new Map<Element, Box | null>();
  return (el, frame) => {
    if (el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) {
      const rect = toBox(el.getBoundingClientRect());
      return rect.width === 0 || rect.height === 0 ? null : rect;
    }
    const path: Element[] = [el];
    let at = parentOf(el);
    while (at && !judged.has(at) && !at.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) {
      path.push(at);
      at = parentOf(at);
    }
    let box: Box | null;
    if (!at) box = null;
    else if (judged.has(at)) box = judged.get(at) ?? null;
    else {
      // The nearest rendered ancestor: a section whose content is skipped, or what hides the element.
      const section = skippingSection(at, frame);
      if (section === 'near') return renderedBox(el);
      box = section;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i] as Element;
      if (box && hiddenByMarkup(node)) box = null;
      judged.set(node, box);
    }
    return box;
  };
}

const parentOf = (el: Element): Element | null =>
  el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;

/**
 * The box of a rendered element that skips its content (`content-visibility: auto`) far from the
 * viewport; 'near' when it is close enough that it may be laying its content out (read exactly then);
 * null when it does not skip content, so what is under it is hidden (display: none, a closed details).
 */
function skippingSection(el: Element, frame: Frame): Box | 'near' | null {
  const view = el.ownerDocument.defaultView;
  if (view?.getComputedStyle(el).contentVisibility !== 'auto') return null;
  const rect = toBox(el.getBoundingClientRect());
  const reach = (frame.clip.bottom - frame.clip.top) * NEAR;
  const near = { ...rect, top: rect.top - reach, bottom: rect.bottom + reach };
  return intersects(near, frame) ? 'near' : rect;
}

/** What markup alone says hides an element inside an unrendered section. */
function hiddenByMarkup(el: Element): boolean {
  if (el.hasAttribute('hidden')) return true;
  if (el.localName === 'dialog' && !el.hasAttribute('open')) return true;
  const parent = el.parentElement;
  if (
    parent?.localName === 'details' &&
    !parent.hasAttribute('open') &&
    el !== parent.querySelector(':scope > summary')
  )
    return true;
  if (!el.hasAttribute('style')) return false;
  const style = (el as HTMLElement).style as CSSStyleDeclaration | undefined;
  return style?.display === 'none' || style?.visibility === 'hidden';
}

/** A point inside the part of the element that is within its frame's viewport. */
function visiblePoint(rect: Box, frame: Frame): [number, number] {
  const left = Math.max(rect.left, frame.clip.left - frame.dx);
  const right = Math.min(rect.right, frame.clip.right - frame.dx);
  const top = Math.max(rect.top, frame.clip.top - frame.dy);
  const bottom = Math.min(rect.bottom, frame.clip.bottom - frame.dy);
  return [(left + right) / 2, (top + bottom) / 2];
}

/** The element's visible centre, in its document's viewport, and what the browser's hit test finds there; null when no part is in view. */
export function hitAtVisibleCentre(
  el: Element,
  rect: Box,
  frame: Frame,
): { x: number; y: number; hit: Element | null } | null {
  if (!intersects(rect, frame)) return null;
  const [x, y] = visiblePoint(rect, frame);
  const root = el.getRootNode() as Document | ShadowRoot;
  return { x, y, hit: (root.elementFromPoint ?? frame.doc.elementFromPoint).call(root, x, y) };
}

/** What of `hit` covers the element: null when it is the element, inside it, around it or its label. */
export function coverOf(el: Element, hit: Element | null, labelsOf: LabelLookup = createLabelLookup()): Element | null {
  if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return null;
  if (labelsOf(el).some((label) => label === hit || label.contains(hit))) return null;
  return hit;
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
  const probe = hitAtVisibleCentre(el, rect, frame);
  return probe && coverOf(el, probe.hit, labelsOf);
}
