import { isOverlay } from '../overlay/host';
import { childFrame, intersects, topFrame, type Box, type Frame } from './frames';
import { MAY_HAVE_ROLE, PLAIN_ROLES, roleOf } from './roles';
import { createHostLookup } from './shadow-hosts';
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
 * the step to the next element.
 */
interface Scope {
  root: Document | ShadowRoot;
  doc: Document;
  mayHaveRole: Set<Element>;
  /** Elements whose role the queries settle (PLAIN_ROLES). */
  plain: Map<Element, string>;
  /** The document's shadow hosts, nested ones included; null when every element must be asked. */
  hosts: Set<EventTarget> | null;
  skipped: Set<Element>;
  iframes: Set<Element>;
}

/** Scopes per document or shadow root, each queried once per snapshot. */
export type ScopeLookup = (root: Document | ShadowRoot, doc: Document) => Scope;

export function createScopeLookup(): ScopeLookup {
  const cache = new Map<Node, Scope>();
  const hostsOf = createHostLookup();
  return (root, doc) => {
    let scope = cache.get(root);
    if (!scope) {
      scope = {
        root,
        doc,
        mayHaveRole: new Set(root.querySelectorAll(MAY_HAVE_ROLE)),
        plain: new Map(
          PLAIN_ROLES.flatMap(([selector, role]) => [...root.querySelectorAll(selector)].map((el) => [el, role])),
        ),
        hosts: hostsOf(doc),
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
  walk(start, how.scopes(start.getRootNode() as Document | ShadowRoot, frame.doc), frame, how, out);
  return out;
}

/**
 * The elements under `top` (itself included when it is an element), in document order. A
 * TreeWalker moves from one element to the next in one native call, where following child and
 * sibling links takes one call per link: in a Firefox content script several times cheaper.
 */
function walk(top: Element | ShadowRoot, scope: Scope, frame: Frame, how: Walk, out: Candidate[]): void {
  const walker = scope.doc.createTreeWalker(top, NodeFilter.SHOW_ELEMENT);
  // Not instanceof: an iframe's elements belong to another realm's Element.
  let el = top.nodeType === Node.ELEMENT_NODE ? (top as Element) : (walker.nextNode() as Element | null);
  while (el) {
    const enter = visit(el, scope, frame, how, out);
    el = (enter ? walker.nextNode() : pastSubtree(walker)) as Element | null;
  }
}

/** Looks at one element; says whether the walk goes on into its light children. */
function visit(el: Element, scope: Scope, frame: Frame, how: Walk, out: Candidate[]): boolean {
  const { viewportOnly } = how;
  if (scope.skipped.has(el) || isOverlay(el)) return false;
  if (viewportOnly && el.firstElementChild && isOffscreen(el, frame)) return false;
  const role =
    scope.plain.get(el) ?? (scope.mayHaveRole.has(el) ? roleOf(el) : null) ?? how.scripted(el, scope.root, scope.doc);
  if (role) {
    const rect = renderedBox(el);
    if (rect && (!viewportOnly || intersects(rect, frame))) out.push({ el, role, rect, frame });
  }
  if (scope.iframes.has(el)) {
    inFrame(el as HTMLIFrameElement, frame, how, out);
    return false;
  }
  // A shadow tree renders before the light children: it is walked to its end first, in its own scope.
  const shadow = scope.hosts === null || scope.hosts.has(el) ? el.shadowRoot : null;
  if (shadow) walk(shadow, how.scopes(shadow, scope.doc), frame, how, out);
  if (!viewportOnly || !isWide(el)) return true;
  for (const child of visibleRange(el.children, frame)) walk(child, scope, frame, how, out);
  return false;
}

/** The element after the walker's current one and all its descendants; null at the end of the walk. */
function pastSubtree(walker: TreeWalker): Node | null {
  for (;;) {
    const next = walker.nextSibling();
    if (next) return next;
    if (!walker.parentNode()) return null;
  }
}

function inFrame(iframe: HTMLIFrameElement, frame: Frame, how: Walk, out: Candidate[]): void {
  const rect = renderedBox(iframe);
  const child = rect && childFrame(iframe, rect, frame);
  if (!child || (how.viewportOnly && !intersects(rect, frame))) return;
  const start = child.doc.body ?? child.doc.documentElement;
  walk(start, how.scopes(child.doc, child.doc), child, how, out);
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
function visibleRange(children: HTMLCollection, frame: Frame): Element[] {
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
  return range;
}
