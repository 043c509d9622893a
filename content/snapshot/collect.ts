import { isOverlay } from '../overlay/host';
import { childFrame, intersects, topFrame, type Box, type Frame } from './frames';
import { matcher } from './layer-rules';
import { MAY_HAVE_ROLE, roleOf } from './roles';
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
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'link', 'meta']);
/** The elements markOf looks at more closely than their marks: skipped subtrees and frames, beside the notable. */
const SKIPPED_OR_FRAME = [...SKIPPED, 'iframe'].join(',');
/** A parent with more children than this is searched by position in viewport mode. */
const WIDE = 64;
/** How many children past the viewport end a positional scan tolerates (layouts are not strictly ordered). */
const SLACK = 8;

/** What is known of an element, as bits of one number. */
const SKIP = 1;
const MAY_HAVE = 2;
const FRAME = 4;
const HOST = 8;
const SCRIPTED = 16;
/** A repeated child of an element whose script handles its children's events (delegation). */
const ITEM = 32;

/** What visit tells the walk to do next, as bits. */
const ENTER = 1;
const INTO_FRAME = 2;
const INTO_SHADOW = 4;
const BY_POSITION = 8;

/**
 * What the walk needs to know of the elements of one document or shadow root. Each element is
 * asked as the walk reaches it (one native `matches` for most), not by queries over the whole
 * document: a listing cut at its budget walks a part of the page, and its cost follows that part.
 */
interface Scope {
  root: Document | ShadowRoot;
  doc: Document;
  /** What the page-world script and the walk said of elements (hosts, listeners, delegated items): their bits. */
  marks: Map<EventTarget, number>;
  /** The element may have a role, or a rule may give it a pointer. */
  notable: (el: Element) => boolean;
  /** Notable, a frame, or the root of a skipped subtree: one native match settles the other elements. */
  remarkable: (el: Element) => boolean;
  /** A rule may give the element a pointer; null when any may (a stylesheet could not be read). */
  pointed: ((el: Element) => boolean) | null;
  /** The page-world script did not name the document's shadow hosts: every element is asked. */
  everyHost: boolean;
}

/** Scopes per document or shadow root, each made once per snapshot. */
export type ScopeLookup = (root: Document | ShadowRoot, doc: Document) => Scope;

export function createScopeLookup(scripted: ScriptedRole): ScopeLookup {
  const cache = new Map<Node, Scope>();
  const marks = new Map<EventTarget, number>();
  const docs = new Map<Document, boolean>();
  const mark = (elements: Iterable<EventTarget>, bit: number) => {
    for (const el of elements) marks.set(el, (marks.get(el) ?? 0) | bit);
  };
  /**
   * Marks what is known of a whole document once: its shadow hosts, nested ones included, and its
   * elements with listeners (both named by the page-world script, in lists of their own size).
   * Says whether the hosts are known; if not, every element is asked.
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
      const pointer = scripted.pointed(root);
      const notable = pointer === null ? () => true : matcher([MAY_HAVE_ROLE, ...pointer]);
      const remarkable = pointer === null ? () => true : matcher([SKIPPED_OR_FRAME, MAY_HAVE_ROLE, ...pointer]);
      const pointed = pointer === null ? null : matcher(pointer);
      scope = { root, doc, marks, notable, remarkable, pointed, everyHost: !hostsNamed(doc) };
      cache.set(root, scope);
    }
    return scope;
  };
}

/**
 * The bits of one element. Most elements are none of what the walk looks for: one native match
 * says so, where reading the tag and matching the notable selector are two calls, each a wrapper
 * crossing from a Firefox content script.
 */
function markOf(el: Element, scope: Scope): number {
  let mark = scope.marks.get(el) ?? 0;
  if (!scope.remarkable(el)) return mark;
  const name = el.localName;
  if (SKIPPED.has(name)) return mark | SKIP;
  // Any other remarkable element but a frame is notable.
  if (name === 'iframe') {
    mark |= FRAME;
    if (!scope.notable(el)) return mark;
  }
  // Not a tag or attribute roleOf reads: then only a pointer rule made it notable.
  return mark | (el.matches(MAY_HAVE_ROLE) ? MAY_HAVE | (scope.pointed?.(el) === false ? 0 : SCRIPTED) : SCRIPTED);
}

export interface Walk {
  viewportOnly: boolean;
  scripted: ScriptedRole;
  scopes: ScopeLookup;
  box: ListedBox;
}

/**
 * Every rendered interactive element, in document order, descending into open shadow roots and
 * same-origin iframes, found as they are asked for: the walk stops where its consumer stops, and
 * goes on from there when asked again. In viewport mode subtrees whose box lies outside the
 * viewport are skipped and wide lists are searched by position, so the cost follows what is on
 * screen, not page size.
 */
export function collect(doc: Document, how: Walk): Generator<Candidate, void, undefined> {
  return collectWithin(doc.body ?? doc.documentElement, topFrame(doc), how);
}

/** What `collect` finds inside one element (itself included). */
export function collectWithin(start: Element, frame: Frame, how: Walk): Generator<Candidate, void, undefined> {
  return walk(start, how.scopes(start.getRootNode() as Document | ShadowRoot, frame.doc), frame, how);
}

/**
 * What `collect` finds after `el`, an element of the document's body: its descendants and what
 * follows it, as far as the page's end. The elements before it are not looked at.
 */
export function* collectAfter(doc: Document, el: Element, how: Walk): Generator<Candidate, void, undefined> {
  const start = doc.body ?? doc.documentElement;
  if (!start.contains(el)) return;
  const scope = how.scopes(doc, doc);
  const ancestors: Element[] = [];
  for (let at = el.parentElement; at && start.contains(at); at = at.parentElement) ancestors.unshift(at);
  // What a walk from the start learns on the way down, outermost first: whether it enters `el`'s
  // ancestors at all, and which hand their events to their items (an item may be an ancestor).
  for (const at of ancestors) {
    const mark = markOf(at, scope);
    if (mark & SKIP || isOverlay(at)) return;
    roleAt(at, mark, scope, how);
  }
  yield* walk(start, scope, topFrame(doc), how, el);
}

/**
 * The elements under `top` (itself included when it is an element), in document order; with
 * `after`, only those after it (its descendants included). A TreeWalker moves from one element
 * to the next in one native call, where following child and sibling links takes one call per
 * link: in a Firefox content script several times cheaper.
 */
function* walk(
  top: Element | ShadowRoot,
  scope: Scope,
  frame: Frame,
  how: Walk,
  after?: Element,
): Generator<Candidate, void, undefined> {
  const walker = scope.doc.createTreeWalker(top, NodeFilter.SHOW_ELEMENT);
  const found: Candidate[] = [];
  if (after) walker.currentNode = after;
  // Not instanceof: an iframe's elements belong to another realm's Element.
  let el = top.nodeType === Node.ELEMENT_NODE && !after ? (top as Element) : (walker.nextNode() as Element | null);
  while (el) {
    const next = visit(el, scope, frame, how, found);
    if (found.length > 0) {
      yield found[0] as Candidate;
      found.length = 0;
    }
    if (next & INTO_FRAME) yield* inFrame(el as HTMLIFrameElement, frame, how);
    // A shadow tree renders before the light children: it is walked to its end first, in its own scope.
    const shadow = next & INTO_SHADOW ? el.shadowRoot : null;
    if (shadow) yield* walk(shadow, how.scopes(shadow, scope.doc), frame, how);
    if (next & BY_POSITION) for (const child of visibleRange(el.children, frame)) yield* walk(child, scope, frame, how);
    el = (next & ENTER ? walker.nextNode() : pastSubtree(walker)) as Element | null;
  }
}

/** Looks at one element, adding it to `found` when it is listed; says what the walk does next (ENTER, INTO_*, BY_POSITION). */
function visit(el: Element, scope: Scope, frame: Frame, how: Walk, found: Candidate[]): number {
  const { viewportOnly } = how;
  const mark = markOf(el, scope);
  if (mark === 0 && !viewportOnly && !scope.everyHost) return isOverlay(el) ? 0 : ENTER;
  if (mark & SKIP || isOverlay(el)) return 0;
  if (viewportOnly && el.firstElementChild && isOffscreen(el, frame)) return 0;
  const role = roleAt(el, mark, scope, how);
  if (role) {
    const rect = how.box(el, frame);
    if (rect && (!viewportOnly || intersects(rect, frame))) found.push({ el, role, rect, frame });
  }
  if (mark & FRAME) return INTO_FRAME;
  const shadow = mark & HOST || scope.everyHost ? INTO_SHADOW : 0;
  return (viewportOnly && isWide(el) ? BY_POSITION : ENTER) | shadow;
}

/** The element's role in the listing, or null; a list handling its items' events marks them (ITEM). */
function roleAt(el: Element, mark: number, scope: Scope, how: Walk): string | null {
  const role =
    (mark & MAY_HAVE ? roleOf(el) : null) ??
    (mark & SCRIPTED ? how.scripted(el, scope.root, scope.doc) : null) ??
    (mark & ITEM ? itemRole(el) : null);
  if (role !== 'clickable' || !how.scripted.handled(scope.doc).has(el)) return role;
  // A list handling its items' events: the items are what a person aims at, not the list.
  const items = delegatedItems(el);
  if (!items) return role;
  for (const item of items) scope.marks.set(item, (scope.marks.get(item) ?? 0) | ITEM);
  return null;
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

function* inFrame(iframe: HTMLIFrameElement, frame: Frame, how: Walk): Generator<Candidate, void, undefined> {
  const rect = renderedBox(iframe);
  const child = rect && childFrame(iframe, rect, frame);
  if (!child || (how.viewportOnly && !intersects(rect, frame))) return;
  const start = child.doc.body ?? child.doc.documentElement;
  yield* walk(start, how.scopes(child.doc, child.doc), child, how);
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
