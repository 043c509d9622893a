import { isOverlay } from '../overlay/host';
import { childFrame, intersects, topFrame, type Frame } from './frames';
import { roleOf } from './roles';
import type { ScriptedRole } from './scripted';
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
export function collect(doc: Document, viewportOnly: boolean, scripted: ScriptedRole = () => null): Candidate[] {
  return collectWithin(doc.body ?? doc.documentElement, topFrame(doc), viewportOnly, scripted);
}

/** What `collect` finds inside one element (itself included). */
export function collectWithin(
  start: Element,
  frame: Frame,
  viewportOnly: boolean,
  scripted: ScriptedRole = () => null,
): Candidate[] {
  const out: Candidate[] = [];
  walk(start, frame, { viewportOnly, scripted }, out);
  return out;
}

interface Walk {
  viewportOnly: boolean;
  scripted: ScriptedRole;
}

function walk(start: Element, frame: Frame, how: Walk, out: Candidate[]): void {
  const { viewportOnly } = how;
  const stack: Element[] = [start];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (SKIPPED.has(el.localName) || isOverlay(el)) continue;
    if (viewportOnly && el.firstElementChild && isOffscreen(el, frame)) continue;
    const role = roleOf(el) ?? how.scripted(el);
    if (role) {
      const rect = renderedBox(el);
      if (rect && (!viewportOnly || intersects(rect, frame))) out.push({ el, role, rect, frame });
    }
    if (el.localName === 'iframe') {
      const rect = renderedBox(el);
      const child = rect && childFrame(el as HTMLIFrameElement, rect, frame);
      if (child && (!viewportOnly || intersects(rect, frame)))
        walk(child.doc.body ?? child.doc.documentElement, child, how, out);
      continue;
    }
    pushChildren(el, stack, frame, viewportOnly);
  }
}

/** Children go on the stack last-first so they come off in document order; a shadow tree renders before light children. */
function pushChildren(el: Element, stack: Element[], frame: Frame, viewportOnly: boolean): void {
  if (viewportOnly && isWide(el)) pushVisibleRange(el.children, stack, frame);
  else for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  const shadow = el.shadowRoot;
  if (shadow) for (let child = shadow.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
}

/** More than WIDE children, without counting them all (childElementCount walks every child). */
function isWide(el: Element): boolean {
  let n = 0;
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) if (++n > WIDE) return true;
  return false;
}

function isOffscreen(el: Element, frame: Frame): boolean {
  const rect = el.getBoundingClientRect();
  // A box without size (display: contents, a collapsed wrapper) may still hold visible children.
  if (rect.width === 0 && rect.height === 0) return false;
  return !intersects(rect, frame);
}

/**
 * For a long run of siblings (a feed, a table of thousands of rows) only the ones on screen
 * are visited: a search finds the first child that reaches the viewport, assuming children are
 * laid out top to bottom, as they are in normal flow. It gallops, then bisects, so it never
 * counts or copies the children: the cost follows the position of the viewport in the list.
 */
function pushVisibleRange(children: HTMLCollection, stack: Element[], frame: Frame): void {
  const top = frame.clip.top - frame.dy;
  const bottom = frame.clip.bottom - frame.dy;
  const above = (i: number) => {
    const child = children[i];
    return child !== undefined && child.getBoundingClientRect().bottom < top;
  };
  let hi = 1;
  while (above(hi)) hi *= 2;
  let lo = hi >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (above(mid)) lo = mid + 1;
    else hi = mid;
  }
  const range: Element[] = [];
  let below = 0;
  for (
    let child = children[Math.max(0, lo - SLACK)];
    child && below <= SLACK;
    child = child.nextElementSibling ?? undefined
  ) {
    range.push(child);
    below = child.getBoundingClientRect().top > bottom ? below + 1 : 0;
  }
  for (let i = range.length - 1; i >= 0; i--) stack.push(range[i] as Element);
}
