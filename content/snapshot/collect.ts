import { isOverlay } from '../overlay/host';
import { childFrame, intersects, topFrame, type Box, type Frame } from './frames';
import { MAY_HAVE_ROLE, PLAIN_ROLES, roleOf } from './roles';
import { namedHosts } from './shadow-hosts';
import type { ScriptedRole } from './scripted';
import { renderedBox, type ListedBox } from './visibility';

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

/** What the native queries say of an element, as bits of one number: one lookup per element walked. */
const SKIP = 1;
const MAY_HAVE = 2;
const FRAME = 4;
const HOST = 8;
const SCRIPTED = 16;
/** A repeated child of an element whose script handles its children's events (delegation). */
const ITEM = 32;

/**
 * What the walk needs to know of the elements of one document or shadow root, found by native
 * queries: in a Firefox content script every property read crosses a wrapper and costs many
 * times what it costs in the page, so an element the queries do not name costs the walk one map
 * lookup and the step to the next element.
 */
interface Scope {
  root: Document | ShadowRoot;
  doc: Document;
  /** Every named element of the snapshot so far (elements are unique across roots): their bits. */
  marks: Map<EventTarget, number>;
  /** Elements whose role the queries settle (PLAIN_ROLES). */
  plain: Map<Element, string>;
  /** The page-world script did not name the document's shadow hosts: every element is asked. */
  everyHost: boolean;
  /** A stylesheet could not be read: any element may be made operable by its cursor, so every one is asked. */
  everyScripted: boolean;
}

/** Scopes per document or shadow root, each queried once per snapshot. */
export type ScopeLookup = (root: Document | ShadowRoot, doc: Document) => Scope;

export function createScopeLookup(scripted: ScriptedRole): ScopeLookup {
  const cache = new Map<Node, Scope>();
  const marks = new Map<EventTarget, number>();
  const plain = new Map<Element, string>();
  const docs = new Map<Document, boolean>();
  const mark = (elements: Iterable<EventTarget>, bit: number) => {
    for (const el of elements) marks.set(el, (marks.get(el) ?? 0) | bit);
  };
  /**
   * Marks what is known of a whole document once: its shadow hosts, nested ones included, and its
   * elements with listeners. Says whether the hosts are known; if not, every element is asked.
   */
  const hostsNamed = (doc: Document) => {
    let named = docs.get(doc);
    if (named === undefined) {
      const hosts = namedHosts(doc);
      if (hosts) mark(hosts, HOST);
      mark(scripted.handled(doc), SCRIPTED);
      docs.set(doc, (named = hosts !== null));
    }
    return named;
  };
  return (root, doc) => {
    let scope = cache.get(root);
    if (!scope) {
      mark(root.querySelectorAll(SKIPPED), SKIP);
      mark(root.querySelectorAll(MAY_HAVE_ROLE), MAY_HAVE);
      mark(root.querySelectorAll('iframe'), FRAME);
      for (const [selector, role] of PLAIN_ROLES) for (const el of root.querySelectorAll(selector)) plain.set(el, role);
      const pointed = scripted.pointed(root);
      if (pointed) mark(pointed, SCRIPTED);
      scope = { root, doc, marks, plain, everyHost: !hostsNamed(doc), everyScripted: pointed === null };
      cache.set(root, scope);
    }
    return scope;
  };
}

export interface Walk {
  viewportOnly: boolean;
  scripted: ScriptedRole;
  scopes: ScopeLookup;
  box: ListedBox;
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
  const mark = scope.marks.get(el) ?? 0;
  if (mark === 0 && !viewportOnly && !scope.everyHost && !scope.everyScripted) return !isOverlay(el);
  if (mark & SKIP || isOverlay(el)) return false;
  if (viewportOnly && el.firstElementChild && isOffscreen(el, frame)) return false;
  let role =
    (mark & MAY_HAVE ? (scope.plain.get(el) ?? roleOf(el)) : null) ??
    (mark & SCRIPTED || scope.everyScripted ? how.scripted(el, scope.root, scope.doc) : null) ??
    (mark & ITEM ? itemRole(el) : null);
  if (role === 'clickable' && how.scripted.handled(scope.doc).has(el)) {
    // A list handling its items' events: the items are what a person aims at, not the list.
    const items = delegatedItems(el);
    if (items) {
      for (const item of items) scope.marks.set(item, (scope.marks.get(item) ?? 0) | ITEM);
      role = null;
    }
  }
  if (role) {
    const rect = how.box(el, frame);
    if (rect && (!viewportOnly || intersects(rect, frame))) out.push({ el, role, rect, frame });
  }
  if (mark & FRAME) {
    inFrame(el as HTMLIFrameElement, frame, how, out);
    return false;
  }
  // A shadow tree renders before the light children: it is walked to its end first, in its own scope.
  const shadow = mark & HOST || scope.everyHost ? el.shadowRoot : null;
  if (shadow) walk(shadow, how.scopes(shadow, scope.doc), frame, how, out);
  if (!viewportOnly || !isWide(el)) return true;
  for (const child of visibleRange(el.children, frame)) walk(child, scope, frame, how, out);
  return false;
}

const itemRole = (el: Element) => (el.localName === 'tr' || el.getAttribute('role') === 'row' ? 'row' : 'clickable');

/**
 * The items of an element that handles its children's events, as jQuery's `on(type, 'li', …)`
 * and plain delegation do: its children, or those of its only child a few levels down, when
 * there are several and all are of one kind (list items, rows, cards). Null for anything else.
 */
function delegatedItems(el: Element): Element[] | null {
  let box = el;
  for (let depth = 0; depth < 3; depth++) {
    const first = box.firstElementChild;
    if (!first) return null;
    if (!first.nextElementSibling) {
      box = first;
      continue;
    }
    const items = [...box.children];
    return items.every((child) => child.localName === first.localName) ? items : null;
  }
  return null;
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
