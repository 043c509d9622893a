/**
 * A document being walked: the top page or a same-origin iframe. Rects inside an iframe are
 * relative to that iframe's viewport; `dx`/`dy` move them into the top viewport, where the
 * listing, the viewport test and the highlight boxes live.
 */
export interface Frame {
  doc: Document;
  dx: number;
  dy: number;
  /** The visible part of this frame, in top-viewport coordinates. */
  clip: { left: number; top: number; right: number; bottom: number };
}

/** A box read once into plain numbers: a DOMRect's fields are each a wrapper crossing in a Firefox content script. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

export function toBox(rect: DOMRect): Box {
  const { left, top, width, height } = rect;
  return { left, top, right: left + width, bottom: top + height, width, height };
}

export function topFrame(doc: Document): Frame {
  const view = doc.defaultView;
  return { doc, dx: 0, dy: 0, clip: { left: 0, top: 0, right: view?.innerWidth ?? 0, bottom: view?.innerHeight ?? 0 } };
}

/** The frame of a same-origin iframe, or null when it is cross-origin, not loaded or not shown. */
export function childFrame(iframe: HTMLIFrameElement, rect: Box, parent: Frame): Frame | null {
  let doc: Document | null = null;
  try {
    doc = iframe.contentDocument;
  } catch {
    return null; // cross-origin: the browser refuses access, and the content script of that frame owns it
  }
  if (!doc?.documentElement) return null;
  // The iframe's content starts inside its border and padding.
  const style = iframe.ownerDocument.defaultView?.getComputedStyle(iframe);
  const left =
    rect.left + parent.dx + parseFloat(style?.borderLeftWidth ?? '0') + parseFloat(style?.paddingLeft ?? '0');
  const top = rect.top + parent.dy + parseFloat(style?.borderTopWidth ?? '0') + parseFloat(style?.paddingTop ?? '0');
  return {
    doc,
    dx: left,
    dy: top,
    clip: {
      left: Math.max(parent.clip.left, left),
      top: Math.max(parent.clip.top, top),
      right: Math.min(parent.clip.right, rect.right + parent.dx),
      bottom: Math.min(parent.clip.bottom, rect.bottom + parent.dy),
    },
  };
}

export function intersects(rect: { left: number; top: number; right: number; bottom: number }, frame: Frame): boolean {
  const { clip } = frame;
  return (
    rect.right + frame.dx > clip.left &&
    rect.left + frame.dx < clip.right &&
    rect.bottom + frame.dy > clip.top &&
    rect.top + frame.dy < clip.bottom
  );
}
