import type { ActionResult } from '../../src/protocol/background-to-content';
import { withOverlayHidden } from '../overlay/host';
import { renderedBox } from '../snapshot/visibility';
import { locate, notFound, type Place } from '../find-element';
import { reacted, watchReaction } from './changes';
import { pointerInit, pointerTo } from './hover-state';
import { dragRange } from './range-drag';
import { dropPoint } from './drop-point';
import type { Frame } from '../snapshot/frames';
import { prepare } from './target';
import { pointFor, pressOrScript, type Trusted } from './trusted';

const fail = (error: string): ActionResult => ({ success: false, error });
/** Moves between press and release: libraries start a drag only after the pointer travels a few pixels. */
const STEPS = 10;

type Point = { x: number; y: number };
type Spot = { el: Element; point: Point; name: string };
/** Where the drag starts, as prepare() read it once: the element's frame, and what a press there lands on. */
type Start = Spot & { frame: Frame; hit: Element };

function under(root: Document | ShadowRoot, point: Point, fallback: Element): Element {
  return withOverlayHidden(() => root.elementFromPoint(point.x, point.y)) ?? fallback;
}

/** The element the browser would drag natively: one marked draggable, or a link or image that is by default. */
function nativeDraggable(el: Element): HTMLElement | null {
  const marked = el.closest<HTMLElement>('[draggable]');
  if (marked) return marked.draggable ? marked : null;
  const byDefault = el.closest<HTMLElement>('a[href], img');
  return byDefault?.draggable ? byDefault : null;
}

function path(from: Point, to: Point): Point[] {
  return Array.from({ length: STEPS }, (_, i) => ({
    x: from.x + ((to.x - from.x) * (i + 1)) / STEPS,
    y: from.y + ((to.y - from.y) * (i + 1)) / STEPS,
  }));
}

/**
 * HTML5 drag and drop, as the browser runs it: dragstart on the dragged element with a
 * DataTransfer the page fills, dragenter/dragover/dragleave on whatever the pointer passes
 * over, drop where a dragover handler allowed it (by cancelling), dragend on the source.
 */
function html5Drag(source: HTMLElement, root: Document | ShadowRoot, from: Point, to: Point): string {
  const data = new DataTransfer();
  const init = (p: Point, related: Element | null = null) => ({
    ...pointerInit(p.x, p.y, 1, related),
    dataTransfer: data,
  });
  if (!source.dispatchEvent(new DragEvent('dragstart', init(from))))
    return 'the page did not let the drag start (it cancelled dragstart)';
  let over: Element | null = null;
  let allowed = false;
  for (const point of path(from, to)) {
    source.dispatchEvent(new DragEvent('drag', init(point)));
    const el = under(root, point, source);
    if (el !== over) {
      el.dispatchEvent(new DragEvent('dragenter', init(point, over)));
      over?.dispatchEvent(new DragEvent('dragleave', init(point, el)));
      over = el;
    }
    allowed = !el.dispatchEvent(new DragEvent('dragover', init(point)));
  }
  if (over && allowed) over.dispatchEvent(new DragEvent('drop', init(to)));
  else over?.dispatchEvent(new DragEvent('dragleave', init(to)));
  source.dispatchEvent(new DragEvent('dragend', { ...init(to), buttons: 0 }));
  return allowed
    ? 'HTML5 drag and drop: the drop was accepted where it ended'
    : 'HTML5 drag and drop: nothing where it ended accepts a drop (no dragover handler allowed it)';
}

/** A drag with the mouse held down, as sortable lists and slider libraries follow it from the document. */
function mouseDrag(source: Element, root: Document | ShadowRoot, from: Point, to: Point): string {
  let over: Element = source;
  for (const point of path(from, to)) {
    over = under(root, point, over);
    pointerTo(over, point.x, point.y, 1);
  }
  over.dispatchEvent(new PointerEvent('pointerup', pointerInit(to.x, to.y, 0)));
  over.dispatchEvent(new MouseEvent('mouseup', { ...pointerInit(to.x, to.y, 0), detail: 1 }));
  return 'dragged with the mouse button held';
}

function drag(from: Start, to: Spot): string {
  const root = from.el.getRootNode() as Document | ShadowRoot;
  const start = from.point;
  // The press goes where a pointer at the start lands (a sortable item's handle filling its row).
  const { hit } = from;
  pointerTo(hit, start.x, start.y);
  const down = hit.dispatchEvent(new PointerEvent('pointerdown', pointerInit(start.x, start.y, 1)));
  if (down) hit.dispatchEvent(new MouseEvent('mousedown', { ...pointerInit(start.x, start.y, 1), detail: 1 }));
  const native = nativeDraggable(hit);
  return native ? html5Drag(native, root, start, to.point) : mouseDrag(hit, root, start, to.point);
}

/** Where the drag ends: on another element (by index or selector) where a person drops onto it, or an offset from the start. */
function destination(
  p: { to?: number; toSelector?: string; dx?: number; dy?: number; snapshotId?: string },
  source: Element,
  start: Point,
): Spot | { error: string } {
  if (p.to === undefined && p.toSelector === undefined) {
    // From where the drag starts, which the action has just measured.
    const point = { x: start.x + (p.dx ?? 0), y: start.y + (p.dy ?? 0) };
    return { el: source, point, name: `${p.dx ?? 0}px across and ${p.dy ?? 0}px down` };
  }
  const found = locate({ index: p.to, snapshotId: p.snapshotId, selector: p.toSelector });
  if ('error' in found) return found;
  if (found.el.ownerDocument !== source.ownerDocument)
    return { error: 'Cannot drag between frames: the two elements are in different documents.' };
  const box = renderedBox(found.el);
  if (!box) return { error: `not visible: ${found.name} is hidden on the page.` };
  return { el: found.el, point: dropPoint(box, start), name: found.name };
}

export async function dragElement(
  p: Place & Trusted & { to?: number; toSelector?: string; dx?: number; dy?: number },
): Promise<ActionResult> {
  const found = locate(p);
  if ('error' in found) return notFound(found);
  const what = found.name;
  const ready = prepare(found.el, what);
  if (!ready.ok) return fail(ready.error);
  const from = { el: found.el, point: { x: ready.x, y: ready.y }, name: what, frame: ready.frame, hit: ready.hit };
  const end = destination(p, found.el, from.point);
  if ('error' in end) return notFound(end);
  const { result, reaction } = await watchReaction(found.el.ownerDocument, () => dragBy(from, end, p.trusted));
  const onto = p.to === undefined && p.toSelector === undefined ? ` by ${end.name}` : ` onto ${end.name}`;
  return { success: true, message: `Dragged ${what}${onto} (${result})${reacted(reaction)}` };
}

/**
 * What a trusted HTML5 drag did, as the page's own events tell it while they pass: whether a
 * dragstart went uncancelled, and whether a drop came (a drop fires only where a dragover allowed it).
 */
function watchHtml5Drag(view: Window | null): { stop(): string } {
  let start: Event | null = null;
  let dropped = false;
  const started = (event: Event) => void (event.isTrusted && (start = event));
  const drop = (event: Event) => void (event.isTrusted && (dropped = true));
  view?.addEventListener('dragstart', started, true);
  view?.addEventListener('drop', drop, true);
  return {
    stop() {
      view?.removeEventListener('dragstart', started, true);
      view?.removeEventListener('drop', drop, true);
      if (!start) return 'the browser started no drag';
      if (start.defaultPrevented) return 'the page did not let the drag start (it cancelled dragstart)';
      return dropped
        ? 'HTML5 drag and drop: the drop was accepted where it ended'
        : 'HTML5 drag and drop: nothing where it ended accepts a drop (no dragover handler allowed it)';
    },
  };
}

/**
 * A drag goes by trusted input when it is on: a mouse drag as pointer moves with the button held,
 * an HTML5 one through Chrome's own drag session, which the background carries to the drop.
 */
async function dragBy(from: Start, to: Spot, trusted: boolean | undefined): Promise<string> {
  const points = { from: pointFor(from.el, { ...from.point, frame: from.frame }), to: pointFor(to.el, to.point) };
  if (nativeDraggable(from.hit)) {
    const seen = watchHtml5Drag(from.el.ownerDocument.defaultView);
    const pressed = await pressOrScript(trusted, { kind: 'dragDrop', ...points }, () => drag(from, to), from.el);
    const outcome = seen.stop();
    return `${pressed.result ?? outcome}${pressed.via}`;
  }
  // Script events move no native slider: where they ran, the slider takes the value the drop point shows.
  const pressed = await pressOrScript(
    trusted,
    { kind: 'drag', ...points },
    () => {
      const said = drag(from, to);
      return dragRange(from.el, to.point.x) ?? said;
    },
    from.el,
  );
  return pressed.result === null
    ? `dragged with the mouse button held${pressed.via}`
    : `${pressed.result}${pressed.via}`;
}
