import { highlightTarget } from '../overlay/highlight';
import { withOverlayHidden } from '../overlay/host';
import { childFrame, toBox, topFrame, type Box, type Frame } from '../snapshot/frames';
import { coverOf, hitAtVisibleCentre, renderedBox } from '../snapshot/visibility';
import { hoverAnchor, hoverReveals } from '../snapshot/hover-rules';
import { clip, labelOf } from '../snapshot/label';
import { describeElement } from '../snapshot/describe';
import { roleOf } from '../snapshot/roles';
import { coveredError } from './cover';
import { pointerTo } from './hover-state';

/**
 * An element ready to be acted on: the point to press (its visible centre, in its document's
 * viewport), its box and frame there, and what a pointer at that point lands on (landing()), all
 * read once for the action.
 */
export type Prepared =
  { ok: true; x: number; y: number; rect: Box; frame: Frame; hit: Element } | { ok: false; error: string };

/** The frame chain from the top document down to the element's own (same-origin) iframe. */
export function frameOf(el: Element): Frame {
  const doc = el.ownerDocument;
  const host = doc.defaultView?.frameElement as HTMLIFrameElement | null | undefined;
  if (!host) return topFrame(doc);
  const parent = frameOf(host);
  return childFrame(host, toBox(host.getBoundingClientRect()), parent) ?? topFrame(doc);
}

/** Whether the box lies wholly inside what its frame shows. */
export function inView(rect: Box, frame: Frame): boolean {
  return (
    rect.top + frame.dy >= frame.clip.top &&
    rect.bottom + frame.dy <= frame.clip.bottom &&
    rect.left + frame.dx >= frame.clip.left &&
    rect.right + frame.dx <= frame.clip.right
  );
}

/** The element hit when it is inside `el`, else `el`. */
const inside = (el: Element, hit: Element | null): Element => (hit && hit !== el && el.contains(hit) ? hit : el);

/**
 * Gets an element ready to be acted on the way a person would: scrolled into view, and refused
 * with a precise reason when it is disabled, hidden or covered by something else. The element
 * is highlighted, so the person sees what Bosun is about to touch.
 */
export function prepare(el: Element, what: string): Prepared {
  if ((el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true') {
    return { ok: false, error: `disabled: ${what} is disabled.` };
  }
  let rect = renderedBox(el) ?? revealByHover(el);
  if (!rect) return { ok: false, error: `not visible: ${what} is hidden on the page.` };
  let frame = frameOf(el);
  if (!inView(rect, frame)) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    rect = renderedBox(el);
    if (!rect) return { ok: false, error: `not visible: ${what} is hidden on the page.` };
    // Scrolling moves the frames the element is in, too.
    frame = frameOf(el);
  }
  const box = rect;
  // One hit test: what covers the element there, and what a press there lands on.
  const probe = withOverlayHidden(() => hitAtVisibleCentre(el, box, frame));
  const cover = probe && coverOf(el, probe.hit);
  if (cover) return { ok: false, error: coveredError(cover, what) };
  // Boxes are drawn in the top document, where the content script runs.
  highlightTarget(document, {
    left: rect.left + frame.dx,
    top: rect.top + frame.dy,
    width: rect.width,
    height: rect.height,
  });
  // Pressed where the cover check looked; an element wholly out of its frame's view at its centre.
  const x = probe?.x ?? rect.left + rect.width / 2;
  const y = probe?.y ?? rect.top + rect.height / 2;
  return { ok: true, x, y, rect, frame, hit: inside(el, probe?.hit ?? null) };
}

/**
 * Hovers the element whose `:hover` rule shows `el` (a row whose delete button shows on hover), as a
 * person moves the pointer over the row before clicking its button; the box `el` then has, if any.
 */
function revealByHover(el: Element): Box | null {
  const anchor = hoverAnchor(el, hoverReveals(el.ownerDocument));
  const box = anchor && renderedBox(anchor);
  if (!box) return null;
  pointerTo(anchor, box.left + box.width / 2, box.top + box.height / 2);
  return renderedBox(el);
}

/**
 * What a pointer at (x, y) of `el` lands on, as the browser's hit test chooses: the element there
 * when it is inside `el` (the label filling a list item's row), else `el` itself.
 */
export function landing(el: Element, x: number, y: number): Element {
  const root = el.getRootNode() as Document | ShadowRoot;
  return inside(
    el,
    withOverlayHidden(() => root.elementFromPoint(x, y)),
  );
}

/**
 * Says which element received the events when that tells the model something: an item made
 * clickable by script, or a control inside the one aimed at (not the text inside a button).
 */
export function landedOn(el: Element, hit: Element): string {
  if (hit === el || (roleOf(el) !== null && !hit.matches('a,button,input,label,select,textarea,[role]'))) return '';
  const text = clip(labelOf(hit, undefined, 'clickable'), 30);
  return `; the pointer landed on ${describeElement(hit)}${text ? ` "${text}"` : ''} inside it`;
}
