import { isOverlay } from '../overlay/host';
import { childFrame, intersects, topFrame, type Box, type Frame } from './frames';
import { MAY_HAVE_ROLE, roleOf } from './roles';
import type { ScriptedRole } from './scripted';
import { renderedBox } from './visibility';

export interface Candidate {
  el: Element;
  role: string;
  /** In the element's own frame's coordinates. */
  rect: Box;
  frame: Frame;
}

/** Subtrees that never hold anything a person operates. */
const SKIPPED = 'script,style,noscript,template,head,link,meta';
/** A parent with more children than this is searched by position in viewport mode. */
const WIDE = 64;
/** How many children past the viewport end a positional scan tolerates (layouts are not strictly ordered). */
const SLACK = 8;

/**
 * What the walk needs to know of the elements of one document or shadow root, found by native
 * queries: in a Firefox content script every property read crosses a wrapper and costs many
 * times what it costs in the page, so an element the queries do not name costs the walk only
 * the reads that move to the next element.
 */
interface Scope {
  root: Document | ShadowRoot;
  doc: Document;
  mayHaveRole: Set<Element>;
  skipped: Set<Element>;
  iframes: Set<Element>;
}

/** Scopes per document or shadow root, each queried once per snapshot. */
export type ScopeLookup = (root: Document | ShadowRoot, doc: Document) => Scope;

export function createScopeLookup(): ScopeLookup {
  const cache = new Map<Node, Scope>();
  return (root, doc) => {
    let scope = cache.get(root);
    if (!scope) {
      scope = {
        root,
        doc,
        mayHaveRole: new Set(root.querySelectorAll(MAY_HAVE_ROLE)),
        skipped: new Set(root.querySelectorAll(SKIPPED)),
        iframes: new Set(root.querySelectorAll('iframe')),
      };
      cache.set(root, scope);
    }
    return scope;
  };
}

export interface Walk {
  viewportOnly: boolean;
  scripted: ScriptedRole;
  scopes: ScopeLookup;
}

/**
 * Every rendered interactive element, in document order, descending into open shadow roots and
 * same-origin iframes. In viewport mode subtrees whose box lies outside the viewport are skipped
 * and wide lists are searched by position, so the cost follows what is on screen, not page size.
 */
export function collect(doc: Document, how: Walk): Candidate[] {
  return collectWithin(doc.body ?? doc.documentElement, topFrame(doc), how);
}

/** What `collect` finds inside one element (itself included). */
export function collectWithin(start: Element, frame: Frame, how: Walk): Candidate[] {
  const out: Candidate[] = [];
  walk([start], how.scopes(start.getRootNode() as Document | ShadowRoot, frame.doc), frame, how, out);
  return out;
}

function walk(stack: Element[], scope: Scope, frame: Frame, how: Walk, out: Candidate[]): void {
  const { viewportOnly } = how;
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (scope.skipped.has(el) || isOverlay(el)) continue;
    if (viewportOnly && el.firstElementChild && isOffscreen(el, frame)) continue;
    const role = (scope.mayHaveRole.has(el) ? roleOf(el) : null) ?? how.scripted(el, scope.root, scope.doc);
    if (role) {
      const rect = renderedBox(el);
      if (rect && (!viewportOnly || intersects(rect, frame))) out.push({ el, role, rect, frame });
    }
    if (scope.iframes.has(el)) {
      inFrame(el as HTMLIFrameElement, frame, how, out);
      continue;
    }
    pushChildren(el, stack, frame, viewportOnly);
    // A shadow tree renders before the light children: it is walked to its end first, in its own scope.
    const shadow = el.shadowRoot;
    if (shadow) walk(childrenOf(shadow), how.scopes(shadow, scope.doc), frame, how, out);
  }
}

function inFrame(iframe: HTMLIFrameElement, frame: Frame, how: Walk, out: Candidate[]): void {
  const rect = renderedBox(iframe);
  const child = rect && childFrame(iframe, rect, frame);
  if (!child || (how.viewportOnly && !intersects(rect, frame))) return;
  const start = child.doc.body ?? child.doc.documentElement;
  walk([start], how.scopes(child.doc, child.doc), child, how, out);
}

/** Children last-first, so they come off a stack in document order. */
function childrenOf(parent: ParentNode): Element[] {
  const stack: Element[] = [];
  for (let child = parent.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  return stack;
}

function pushChildren(el: Element, stack: Element[], frame: Frame, viewportOnly: boolean): void {
  if (viewportOnly && isWide(el)) pushVisibleRange(el.children, stack, frame);
  else for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
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
