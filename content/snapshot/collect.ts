import { isOverlay } from '../overlay/host';
import { childFrame, intersects, topFrame, type Frame } from './frames';
import { roleOf } from './roles';
import { renderedBox } from './visibility';

export interface Candidate {
  el: Element;
  role: string;
  /** In the element's own frame's coordinates. */
  rect: DOMRect;
  frame: Frame;
}

/** Subtrees that never hold anything a person operates. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'link', 'meta']);
/** A parent with more children than this is searched by position in viewport mode. */
const WIDE = 64;
/** How many children past the viewport end a positional scan tolerates (layouts are not strictly ordered). */
const SLACK = 8;

/**
 * Every rendered interactive element, in document order, descending into open shadow roots and
 * same-origin iframes. In viewport mode subtrees whose box lies outside the viewport are skipped
 * and wide lists are searched by position, so the cost follows what is on screen, not page size.
 */
export function collect(doc: Document, viewportOnly: boolean): Candidate[] {
  const out: Candidate[] = [];
  walk(topFrame(doc), viewportOnly, out);
  return out;
}

function walk(frame: Frame, viewportOnly: boolean, out: Candidate[]): void {
  const start = frame.doc.body ?? frame.doc.documentElement;
  const stack: Element[] = [start];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (SKIPPED.has(el.localName) || isOverlay(el)) continue;
    if (viewportOnly && el.firstElementChild && isOffscreen(el, frame)) continue;
    const role = roleOf(el);
    if (role) {
      const rect = renderedBox(el);
      if (rect && (!viewportOnly || intersects(rect, frame))) out.push({ el, role, rect, frame });
    }
    if (el.localName === 'iframe') {
      const rect = renderedBox(el);
      const child = rect && childFrame(el as HTMLIFrameElement, rect, frame);
      if (child && (!viewportOnly || intersects(rect, frame))) walk(child, viewportOnly, out);
      continue;
    }
    pushChildren(el, stack, frame, viewportOnly);
  }
}

/** Children go on the stack last-first so they come off in document order; a shadow tree renders before light children. */
function pushChildren(el: Element, stack: Element[], frame: Frame, viewportOnly: boolean): void {
  if (viewportOnly && el.childElementCount > WIDE) pushVisibleRange(el.children, stack, frame);
  else for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  const shadow = el.shadowRoot;
  if (shadow) for (let child = shadow.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
}

function isOffscreen(el: Element, frame: Frame): boolean {
  const rect = el.getBoundingClientRect();
  // A box without size (display: contents, a collapsed wrapper) may still hold visible children.
  if (rect.width === 0 && rect.height === 0) return false;
  return !intersects(rect, frame);
}

/**
 * For a long run of siblings (a feed, a table of thousands of rows) only the ones on screen
 * are visited: a binary search finds the first child that reaches the viewport, assuming
 * children are laid out top to bottom, as they are in normal flow.
 */
function pushVisibleRange(collection: HTMLCollection, stack: Element[], frame: Frame): void {
  // A plain array: random access into a live HTMLCollection can walk the list each time.
  const children = Array.from(collection);
  const top = frame.clip.top - frame.dy;
  const bottom = frame.clip.bottom - frame.dy;
  let lo = 0;
  let hi = children.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((children[mid] as Element).getBoundingClientRect().bottom < top) lo = mid + 1;
    else hi = mid;
  }
  const range: Element[] = [];
  for (let i = Math.max(0, lo - SLACK), below = 0; i < children.length && below <= SLACK; i++) {
    const child = children[i] as Element;
    range.push(child);
    below = child.getBoundingClientRect().top > bottom ? below + 1 : 0;
  }
  for (let i = range.length - 1; i >= 0; i--) stack.push(range[i] as Element);
}

/** How long the grid may take: hit testing is linear in siblings, so a flat page of thousands costs ms per point. */
const GRID_BUDGET_MS = 15;

/** Grid points coarse to fine, each once, so a cut-short pass still covers the whole viewport. */
function gridPoints(width: number, height: number, finest: number): [number, number][] {
  const points: [number, number][] = [];
  const seen = new Set<string>();
  for (let step = finest * 4; step >= finest; step /= 2) {
    for (let y = step / 2; y < height; y += step) {
      for (let x = step / 2; x < width; x += step) {
        const key = `${x},${y}`;
        if (!seen.has(key)) points.push([x, y]);
        seen.add(key);
      }
    }
  }
  return points;
}

/**
 * Interactive elements under a grid of points across the viewport. In viewport mode this finds
 * what a positional skip can miss: fixed or absolutely positioned elements outside their
 * parent's box. It stops when its time budget is spent, keeping viewport reads cheap at any size.
 */
export function gridCandidates(doc: Document, seen: Set<Element>, step = 48): Candidate[] {
  const frame = topFrame(doc);
  const found: Candidate[] = [];
  const deadline = performance.now() + GRID_BUDGET_MS;
  for (const [x, y] of gridPoints(frame.clip.right, frame.clip.bottom, step)) {
    if (performance.now() > deadline) break;
    const hit = interactiveAt(doc, x, y);
    if (!hit || seen.has(hit.el)) continue;
    const rect = renderedBox(hit.el);
    if (!rect) continue;
    seen.add(hit.el);
    found.push({ el: hit.el, role: hit.role, rect, frame });
  }
  return found;
}

function interactiveAt(doc: Document, x: number, y: number): { el: Element; role: string } | null {
  let hit = doc.elementFromPoint(x, y);
  // Hit testing stops at a shadow host; look inside open shadow roots.
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  for (let el: Element | null = hit; el; el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host ?? null)) {
    if (isOverlay(el)) return null;
    const role = roleOf(el);
    if (role) return { el, role };
  }
  return null;
}
