/**
 * What a trusted press was approved for, checked right before the browser presses (Chrome's
 * debugger): the background runs `checkPress` in this content script's world (scripting.executeScript)
 * after the pointer has moved there and before each button or key goes down. A page may have put
 * something else at the point since the action found its element (it saw the pointer arrive, or
 * raced the press): another element, or another site's frame, whose contents no script of the page's
 * can tell apart; the press is then refused rather than landing on it.
 */
import { PRESS_CHECK, PRESS_OK, type Point } from '../../src/trusted-input';
import { frameOf } from './target';

/** The approved element, and for a pointer press the point in the top viewport; null for keys, which go to the focus. */
let approved: { el: Element; at: Point | null } | null = null;

/** Whether `node` is `el` or inside it, shadow roots included. */
function within(node: Node | null, el: Element): boolean {
  for (let n = node; n; n = n.parentNode ?? (n as Partial<ShadowRoot>).host ?? null) if (n === el) return true;
  return false;
}

/** The innermost element at a point of `doc`, through open shadow roots (not through frames). */
function hitAt(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  for (let inner = hit?.shadowRoot?.elementFromPoint(x, y); hit && inner && inner !== hit;) {
    hit = inner;
    inner = hit.shadowRoot?.elementFromPoint(x, y);
  }
  return hit;
}

/** The element with focus, through open shadow roots and same-origin frames. */
function focused(): Element | null {
  let active = document.activeElement;
  for (;;) {
    const inner =
      active?.shadowRoot?.activeElement ??
      (active instanceof HTMLIFrameElement || active instanceof HTMLFrameElement
        ? frameDocument(active)?.activeElement
        : null);
    if (!inner || inner === active) return active;
    active = inner;
  }
}

function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/** A frame of another site (or one not loaded): what it shows is no element of this page's. */
const foreignFrame = (el: Element | null): boolean =>
  (el instanceof HTMLIFrameElement ||
    el instanceof HTMLFrameElement ||
    el instanceof HTMLObjectElement ||
    el instanceof HTMLEmbedElement) &&
  !frameDocument(el);

/**
 * Whether the browser's press at `at` lands on `el`: in its own document the element at the point
 * is `el` or inside it, and in each document above, the element at the point is the frame it is in.
 */
function landsOn(el: Element, at: Point): boolean {
  for (let target: Element | null = el; target;) {
    const doc: Document = target.ownerDocument;
    const frame = frameOf(target);
    const hit = hitAt(doc, at.x - frame.dx, at.y - frame.dy);
    // A frame of another site inside the element (an embed in a card) is not the element either.
    if (!(target === el ? within(hit, el) && (hit === el || !foreignFrame(hit)) : hit === target)) return false;
    target = (doc.defaultView?.frameElement as Element | null | undefined) ?? null;
  }
  return true;
}

/** PRESS_OK, or why the press must not happen. */
function checkPress(): string {
  if (!approved) return 'Bosun has no press waiting in this page';
  const { el, at } = approved;
  if (!el.isConnected) return 'the element left the page before it was pressed';
  if (at) return landsOn(el, at) ? PRESS_OK : 'the page put something else under the pointer';
  const focus = focused();
  return within(focus, el) && (focus === el || !foreignFrame(focus)) ? PRESS_OK : 'the page moved the focus elsewhere';
}
(globalThis as unknown as Record<string, unknown>)[PRESS_CHECK] = checkPress;

/** Runs a trusted press of `el`: at `at` (top viewport) for the pointer, at the focus for keys. */
export async function pressingApproved<T>(el: Element, at: Point | null, press: () => Promise<T>): Promise<T> {
  approved = { el, at };
  try {
    return await press();
  } finally {
    approved = null;
  }
}
