import { highlightTarget } from '../overlay/highlight';
import { withOverlayHidden } from '../overlay/host';
import { childFrame, toBox, topFrame, type Box, type Frame } from '../snapshot/frames';
import { coveringElement, renderedBox } from '../snapshot/visibility';
import { coveredError } from './cover';

export type Prepared = { ok: true; x: number; y: number } | { ok: false; error: string };

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

/**
 * Gets an element ready to be acted on the way a person would: scrolled into view, and refused
 * with a precise reason when it is disabled, hidden or covered by something else. The element
 * is highlighted, so the person sees what Bosun is about to touch.
 */
export function prepare(el: Element, what: string): Prepared {
  if ((el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true') {
    return { ok: false, error: `disabled: ${what} is disabled.` };
  }
  let rect = renderedBox(el);
  if (!rect) return { ok: false, error: `not visible: ${what} is hidden on the page.` };
  if (!inView(rect, frameOf(el))) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    rect = renderedBox(el);
    if (!rect) return { ok: false, error: `not visible: ${what} is hidden on the page.` };
  }
  const frame = frameOf(el);
  const box = rect;
  const cover = withOverlayHidden(() => coveringElement(el, box, frame));
  if (cover) return { ok: false, error: coveredError(cover, what) };
  // Boxes are drawn in the top document, where the content script runs.
  highlightTarget(document, {
    left: rect.left + frame.dx,
    top: rect.top + frame.dy,
    width: rect.width,
    height: rect.height,
  });
  return { ok: true, x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}
