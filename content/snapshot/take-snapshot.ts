import { drawHighlights } from '../overlay/highlight';
import { withOverlayHidden } from '../overlay/host';
import { collect, collectAfter, collectWithin, createScopeLookup, type Candidate, type Walk } from './collect';
import { intersects, topFrame } from './frames';
import { createLabelLookup } from './labels';
import { createLayerLookup, mayBeCovered, type LayerLookup } from './layers';
import { formatPart } from './listing-part';
import { hoverAnchor, hoverReveals } from './hover-rules';
import { record, type Listed } from './registry';
import { MAY_HAVE_ROLE, roleOf } from './roles';
import { createScriptedRole, SCRIPTED_ROLES } from './scripted';
import { coveringElement, createListedBox, type ListedBox } from './visibility';

export interface SnapshotOptions {
  /** List only what is in the viewport; costs what it returns, whatever the page size. */
  viewportOnly?: boolean;
  /** A budget for the listing; lines past it are left out and counted, never cut in half. */
  maxChars?: number;
  /** Draw numbered boxes over the listed elements that are on screen. */
  highlight?: boolean;
}

export interface Snapshot {
  id: string;
  text: string;
  count: number;
  truncated: boolean;
}

/**
 * The indexed listing of everything a person could operate on the page: visible, not covered,
 * including open shadow roots and same-origin iframes. The page is walked in reading order only
 * as far as the listing's budget (and a short look ahead) needs; `read_listing` goes on from
 * there with the same walk, so a part costs what it shows, not what the page holds. Every layout
 * read of the first part happens before the one write (the highlight boxes), so the browser lays
 * the page out once.
 */
export function takeSnapshot(doc: Document, options: SnapshotOptions = {}): Snapshot {
  const viewportOnly = options.viewportOnly ?? false;
  const labelsOf = createLabelLookup();
  const box = createListedBox();
  const layers = createLayerLookup();
  const scripted = createScriptedRole();
  const how: Walk = { viewportOnly, scripted, scopes: createScopeLookup(scripted), box };
  // In viewport mode what is on screen is found at once: the walk skips what is off screen, and layers add what it skipped.
  const found = viewportOnly
    ? withOverlayHidden(() => {
        const walked = [...collect(doc, how)];
        return [...walked, ...inLayers(doc, layers, walked, how)].values();
      })
    : collect(doc, how);
  const usable = (c: Candidate) =>
    !mayBeCovered(c.el, c.rect, c.frame, layers) || coveringElement(c.el, c.rect, c.frame, labelsOf) === null;
  const listed = (candidates: Iterator<Candidate>, after?: Element) =>
    withHoverShown(doc, box, withoutEchoes(candidates, usable), after);
  // A part after a heading walks from it (a viewport reading has found everything at once).
  const listing = record(
    listed(found),
    withOverlayHidden,
    viewportOnly ? undefined : (el) => listed(collectAfter(doc, el, how), el),
  );
  const { text, shown } = formatPart(listing, 0, options.maxChars, labelsOf);
  if (options.highlight) drawHighlights(doc, onScreenBoxes(listing.listed.slice(0, shown)));
  return {
    id: listing.id,
    text,
    count: listing.listed.length,
    truncated: shown < listing.listed.length || !listing.complete(),
  };
}

const squash = (text: string | null) => (text ?? '').replace(/\s+/g, '');

/** Roles of containers whose items are what a person operates (a focusable menu list, a tab list). */
const CONTAINER = /^(menu|menubar|tablist|tree|treegrid|grid|radiogroup|toolbar|group|list)\b/;

/**
 * What only repeats another entry: a link jQuery UI puts in each tab and takes out of the
 * accessibility tree (role=presentation), and a combobox's pop-up list beside its options (the
 * combobox and the options take every action).
 */
function echoesAnother(c: Candidate): boolean {
  if (c.role === 'link')
    return /^(presentation|none)\b/.test(c.el.getAttribute('role') ?? '') && c.el.closest('[role=tab]') !== null;
  if (c.role !== 'listbox') return false;
  if (c.el.parentElement?.closest('[role=combobox]')) return true;
  const id = c.el.id;
  const root = c.el.getRootNode() as Document | ShadowRoot;
  return (
    id !== '' &&
    root.querySelector(`[role=combobox]:is([aria-controls~="${CSS.escape(id)}"],[aria-owns~="${CSS.escape(id)}"])`) !==
      null
  );
}

/**
 * Without the elements made clickable by script whose whole text is that of the elements listed
 * inside them (a tab list beside its tabs, a list beside its only item), or whose role says they
 * hold the items listed inside them (a focusable menu list): a click on one aims at nothing a
 * person would aim at. Nor the entries that repeat another (echoesAnother). Only the candidates
 * `usable` keeps (not covered) count; an entry is judged once the walk has passed what it holds.
 */
function* withoutEchoes(
  candidates: Iterator<Candidate>,
  usable: (c: Candidate) => boolean,
): Generator<Candidate, void, undefined> {
  const ahead: Candidate[] = [];
  let ended = false;
  const at = (k: number) => {
    while (ahead.length <= k && !ended) {
      const next = candidates.next();
      if (next.done) ended = true;
      else if (usable(next.value)) ahead.push(next.value);
    }
    return ahead[k];
  };
  for (let c = at(0); c; ahead.shift(), c = at(0)) if (!echoes(c, at)) yield c;
}

/** Whether the candidate is left out (see withoutEchoes); `at(k)` is the k-th candidate from it on. */
function echoes(c: Candidate, at: (k: number) => Candidate | undefined): boolean {
  if (echoesAnother(c)) return true;
  if (!SCRIPTED_ROLES.has(c.role)) return false;
  const holder = CONTAINER.test(c.el.getAttribute('role') ?? '');
  let inner = '';
  let last: Element | null = null;
  for (let k = 1, next = at(1); next; next = at(++k)) {
    const { el } = next;
    if (!c.el.contains(el)) break;
    if (last?.contains(el)) continue;
    inner += el.textContent ?? '';
    last = el;
  }
  if (last === null) return false;
  return holder || squash(c.el.textContent) === squash(inner) || squash(shownText(c.el)) === squash(inner);
}

/** The text of an element that is rendered: a menu item's closed submenu is not part of what a person sees. */
function shownText(el: Element): string {
  let text = '';
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.parentElement?.checkVisibility({ visibilityProperty: true })) text += node.nodeValue ?? '';
  return text;
}

/**
 * The listing with the controls a `:hover` rule on an ancestor shows (hover-only row actions), each
 * placed after what comes before it in the document and naming the element to hover; with `after`,
 * only those after it. Only the top document's readable stylesheets are read.
 */
function* withHoverShown(
  doc: Document,
  box: ListedBox,
  usable: Iterable<Candidate>,
  after?: Element,
): Generator<Listed, void, undefined> {
  const frame = topFrame(doc);
  const rules = hoverReveals(doc);
  const shownOnHover: Listed[] = [];
  const seen = new Set<Element>();
  for (const { target } of rules) {
    let shownByRule: NodeListOf<Element>;
    try {
      shownByRule = doc.querySelectorAll(target);
    } catch {
      continue;
    }
    for (const shown of shownByRule) {
      if ((after && !precedes(after, shown)) || box(shown, frame)) continue;
      const anchor = hoverAnchor(shown, rules);
      if (!anchor || !box(anchor, frame)) continue;
      for (const el of [shown, ...shown.querySelectorAll(MAY_HAVE_ROLE)]) {
        const role = roleOf(el);
        if (!role || seen.has(el)) continue;
        seen.add(el);
        shownOnHover.push({ el, role, hoverOf: anchor });
      }
    }
  }
  shownOnHover.sort((a, b) => (precedes(a.el, b.el) ? -1 : 1));
  let pending = 0;
  for (const c of usable) {
    while (pending < shownOnHover.length && precedes((shownOnHover[pending] as Listed).el, c.el))
      yield shownOnHover[pending++] as Listed;
    yield { el: c.el, role: c.role, seen: c };
  }
  yield* shownOnHover.slice(pending);
}

const precedes = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/**
 * In viewport mode, what the positional skips miss: the contents of layers on screen (a fixed
 * header, a modal, a dropdown) whose place in the document is in a skipped subtree.
 */
function inLayers(doc: Document, layers: LayerLookup, found: Candidate[], how: Walk): Candidate[] {
  const frame = topFrame(doc);
  const seen = new Set(found.map((c) => c.el));
  const more: Candidate[] = [];
  for (const layer of layers(doc)) {
    if (layer.pseudo || !intersects(layer.rect, frame)) continue;
    for (const c of collectWithin(layer.el, frame, how)) {
      if (!seen.has(c.el)) more.push(c);
      seen.add(c.el);
    }
  }
  return more;
}

/** Boxes for the shown entries that have one on screen (not those shown only on hover), numbered by their index. */
function onScreenBoxes(shown: readonly Listed[]) {
  const boxes = [];
  for (let i = 0; i < shown.length; i++) {
    const c = (shown[i] as Listed).seen;
    if (!c || !intersects(c.rect, c.frame)) continue;
    const { rect, frame } = c;
    boxes.push({
      box: { left: rect.left + frame.dx, top: rect.top + frame.dy, width: rect.width, height: rect.height },
      label: String(i + 1),
    });
  }
  return boxes;
}
