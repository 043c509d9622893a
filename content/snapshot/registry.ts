import { stateOf } from './describe';
import type { Box, Frame } from './frames';
import { labelOf, nameParts, type Name } from './label';
import type { LabelLookup } from './labels';
import { roleOf } from './roles';
import { SCRIPTED_ROLES } from './scripted';

export interface Listed {
  el: Element;
  role: string;
  /**
   * Named when the entry is first shown or resolved: a listing cut at its budget shows a few
   * hundred of a big page's thousands of elements, and naming one reads its content and labels.
   */
  label?: string;
  /** For an element its author left unnamed: what tells it apart besides its label (named with it). */
  tells?: Omit<Name, 'label'>;
  /** Shown only while this element is hovered (a row's hover-only delete button): the row. */
  hoverOf?: Element;
  /** Where the walk saw it (not for what is shown on hover), for its highlight box. */
  seen?: { rect: Box; frame: Frame };
}

/** The entry's name, as first shown: an index is then checked against the name the model saw. */
export function nameOf(entry: Listed, labelsOf?: LabelLookup): string {
  if (entry.label === undefined) {
    const { label, ...tells } = nameParts(entry.el, labelsOf, entry.role);
    entry.label = label;
    entry.tells = tells;
  }
  return entry.label;
}

export type Resolved = { ok: true; el: Element; role: string; label: string } | { ok: false; error: string };

/**
 * A snapshot's listing: the entries found so far (index i is `listed[i - 1]`, never renumbered)
 * and the walks that find the next ones when a part past them is read. An index is given when
 * its element is first found, so it names that element whichever part listed it: the page's walk
 * numbers from its start, and a part after a heading nothing has walked to yet walks from the
 * heading, its entries taking the next indices, so it measures its section, not what comes before.
 */
export interface Listing {
  id: string;
  listed: readonly Listed[];
  isNew: readonly boolean[];
  /** Finds entries until there are `n` or the page has no more; says whether entry `n` exists. */
  reach(n: number): boolean;
  /**
   * Runs `read` inside the walk's surroundings (the overlay out of hit testing), set up once: the
   * reaches inside it do not set them up again. A part reaches one entry per line, and each setting
   * up writes the mask's style, which the next box read makes the browser recompute.
   */
  within<T>(read: () => T): T;
  /** Every entry has been found: `listed.length` is the count. False too once the walks were let go before their end (see release). */
  complete(): boolean;
  /**
   * The position (0-based) of the first entry after `el` in the document (its descendants
   * included), walking from `el` when no walk has passed it; null when nothing comes after it,
   * 'expired' when that is not known and the walks were let go.
   */
  after(el: Element): number | null | 'expired';
}

/** Elements listed by a snapshot, and how many entries its walk from the page's start found (Infinity once it went to the page's end). */
interface Seen {
  elements: WeakSet<Element>;
  found: number;
}

/**
 * One walk of a listing, over a stretch of the document no other walk covers: from the page's
 * start or from a heading, up to the page's end or to the first entry of a walk that started later
 * in the document.
 */
interface Run {
  /** The element it walks after; null from the page's start. */
  from: Element | null;
  /** The rest of the walk, with what it holds (boxes, styles, lookups); null once ended, undefined once let go. */
  rest: Iterator<Listed> | null | undefined;
  /** Its entries' positions in the listing, in document order. */
  at: number[];
  /** Once ended: the listed element it ended at (another walk's first), or null at the page's end. */
  stop?: Element | null;
}

interface Current extends Listing {
  listed: Listed[];
  isNew: boolean[];
  /** In the order they were started: the page's walk first. */
  runs: Run[];
  /** The run each listed element was found by. */
  owner: Map<Element, Run>;
  seen: Seen;
}

/**
 * A walk kept for continuing a listing holds the page's elements and what was read of them; it is
 * let go when a new snapshot replaces it, when the page is hidden (navigation away, or into the
 * back-forward cache), and after this long without a part read. Entries already listed stay, for
 * actions by index; a part past them then asks for a new reading of the page.
 */
export const KEEP_WALK_MS = 300_000;

let current: Current | null = null;
/** The listing forget let go: its id still gets an answer that says why it no longer works. */
let forgotten: string | null = null;
let counter = 0;
let idle: ReturnType<typeof setTimeout> | undefined;
/** When a part last reached into the current listing's walks (Date.now()). */
let lastReach = 0;

/**
 * Keeps the walks for KEEP_WALK_MS after this reach. A part reaches once per line: one timer that
 * looks at the time of the last reach when it fires, not a timer cleared and set again per line,
 * each a call into the window from a Firefox content script.
 */
function keepWalks(): void {
  lastReach = Date.now();
  const expire = () => {
    const left = lastReach + KEEP_WALK_MS - Date.now();
    if (left > 0) idle = setTimeout(expire, left);
    else release();
  };
  idle ??= setTimeout(expire, KEEP_WALK_MS);
}

/** Lets the walks of the current listing go (its entries stay). */
export function release(): void {
  clearTimeout(idle);
  idle = undefined;
  for (const run of current?.runs ?? []) if (run.rest) run.rest = undefined;
}

/** What a request with a forgotten listing's id is told. */
const FORGOTTEN = 'That listing is from a task that has ended: read the page again.';

/**
 * The task that read the page ended: the listing goes whole (its walks and its entries, with every
 * element they hold), unless the page was read again since (the listing then is another reader's).
 */
export function forget(snapshotId: string): void {
  if (current?.id !== snapshotId) return;
  release();
  forgotten = snapshotId;
  current = null;
}

/** Why a listing is not the current one: forgotten with its task, replaced by a later reading, or never made. */
export function notCurrent(snapshotId: string, older: string, unread: string): string {
  if (snapshotId === forgotten) return FORGOTTEN;
  return current ? older : unread;
}

addEventListener('pagehide', release);

/**
 * Where `el` sits in its top document: itself, or the shadow host or iframe that holds it (elements
 * of different trees compare in an order the browser picks).
 */
function inTopTree(el: Element): Element {
  for (let root = el.getRootNode(); ; root = el.getRootNode()) {
    // Not instanceof: an iframe's nodes belong to another realm.
    const holder =
      root.nodeType === Node.DOCUMENT_FRAGMENT_NODE
        ? (root as ShadowRoot).host
        : (root as Document).defaultView?.frameElement;
    if (!holder || root === document) return el;
    el = holder;
  }
}

/** `el` comes after `anchor` (an element of the top document) in reading order, or inside it. */
const follows = (anchor: Element, el: Element) => {
  const placed = inTopTree(el);
  return placed === anchor
    ? el !== anchor
    : (anchor.compareDocumentPosition(placed) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
};

/**
 * Records a snapshot whose entries `walk` finds as they are asked for (each time inside `around`),
 * and returns its listing. `walkAfter` walks from an element of the top document on, as `walk`
 * does from the page's start; without it, a part after a heading walks from the start to it.
 */
export function record(
  walk: Iterator<Listed>,
  around: <T>(read: () => T) => T = (read) => read(),
  walkAfter?: (el: Element) => Iterator<Listed>,
): Listing {
  release();
  const earlier = current?.seen ?? null;
  const main: Run = { from: null, rest: walk, at: [] };
  // An entry new since the previous snapshot; past as many entries as that one's walk from the start found, it was not looked at.
  const isNew = (el: Element, run: Run) =>
    earlier !== null && run === main && !earlier.elements.has(el) && main.at.length < earlier.found;
  /** The run that finds the next entries: the last started that has not ended. */
  const walking = () => state.runs.findLast((run) => run.rest);
  let inside = false;
  const state: Current = {
    id: `s${++counter}-${Math.random().toString(36).slice(2, 8)}`,
    listed: [],
    isNew: [],
    runs: [main],
    owner: new Map(),
    seen: { elements: new WeakSet(), found: 0 },
    reach(n) {
      if (state.listed.length < n && walking()) {
        state.within(() => {
          for (let run = walking(); state.listed.length < n && run; run = walking()) {
            const next = (run.rest as Iterator<Listed>).next();
            const by = next.done ? undefined : state.owner.get(next.value.el);
            if (next.done || (by && by !== run)) {
              // The page's end, or where a walk that started later in the page took over.
              run.rest = null;
              run.stop = next.done ? null : next.value.el;
              continue;
            }
            const { el } = next.value;
            state.isNew.push(isNew(el, run));
            run.at.push(state.listed.length);
            state.listed.push(next.value);
            state.seen.elements.add(el);
            state.owner.set(el, run);
          }
        });
        state.seen.found = main.rest === null && main.stop === null ? Infinity : main.at.length;
      }
      if (current === state && walking()) keepWalks();
      return state.listed.length >= n;
    },
    within(read) {
      if (inside) return read();
      inside = true;
      try {
        return around(read);
      } finally {
        inside = false;
      }
    },
    complete: () => state.runs.every((run) => run.rest === null),
    after: (el) => (walkAfter ? walkedAfter(state, el, walkAfter) : searchedAfter(state, el)),
  };
  return (current = state);
}

/** Listing.after for a listing that walks from a heading: from what a walk that passed it listed, or a new walk from it. */
function walkedAfter(
  state: Current,
  el: Element,
  walkAfter: (el: Element) => Iterator<Listed>,
): number | null | 'expired' {
  const firstOf = (stop: Element) => (state.owner.get(stop) as Run).at[0] as number;
  for (const run of state.runs) {
    if (run.from && run.from !== el && !follows(run.from, el)) continue;
    // A walk that started before `el` and passed it: its first entry after it, or the walk it ran into after it.
    const first = run.at.find((i) => follows(el, (state.listed[i] as Listed).el));
    if (first !== undefined) return first;
    if (run.rest === null) {
      if (!run.stop) return null;
      if (follows(el, run.stop)) return firstOf(run.stop);
    }
  }
  // No walk has passed it: one from it, whose entries take the next indices.
  if (state.runs.some((run) => run.rest === undefined)) return 'expired';
  const run: Run = { from: el, rest: walkAfter(el), at: [] };
  state.runs.push(run);
  state.reach(state.listed.length + 1);
  if (run.at.length > 0) return run.at[0] as number;
  return run.stop ? firstOf(run.stop) : null;
}

/** Listing.after for a listing with one walk: it goes on until it passes `el`. */
function searchedAfter(state: Current, el: Element): number | null | 'expired' {
  const found = state.within(() => {
    for (let i = 0; state.reach(i + 1); i++) if (follows(el, (state.listed[i] as Listed).el)) return i;
    return null;
  });
  return found ?? (state.complete() ? null : 'expired');
}

/** The last snapshot's listing, for reading another part of it with the same indices. */
export function lastListing(): Listing | null {
  return current;
}

const shown = (role: string, label: string) => (label ? `${role} "${label}"` : role);

/**
 * The element an index of a snapshot refers to, if the page still holds it unchanged. An
 * index from an older snapshot, a removed element or one whose role or label changed is
 * reported as stale, never applied to whatever now sits at that position.
 */
export function resolve(index: number, snapshotId: string): Resolved {
  if (snapshotId !== current?.id) {
    const older = `Stale index: element ${index} is from an older reading of the page. Read the page again and use the new indices.`;
    return {
      ok: false,
      error: notCurrent(snapshotId, older, 'Stale index: the page has not been read yet. Read the page first.'),
    };
  }
  const entry = current.listed[index - 1];
  if (!entry)
    return {
      ok: false,
      error: `Element not found: there is no element ${index} (the listing has ${current.listed.length}).`,
    };
  const { el, role } = entry;
  // Read once: an entry never shown is named now, and then its name is the one checked against.
  const nowLabel = labelOf(el, undefined, role);
  const label = (entry.label ??= nowLabel);
  if (!el.isConnected) {
    return {
      ok: false,
      error: `Stale index: element ${index} (${shown(role, label)}) is no longer on the page. Read the page again.`,
    };
  }
  // A control made clickable by script has no role of its own to compare: its label is what identifies it.
  const nowRole = roleOf(el) ?? (SCRIPTED_ROLES.has(role) ? role : 'element');
  if (nowRole !== role || nowLabel !== label) {
    return {
      ok: false,
      error: `Stale index: element ${index} changed since the page was read (was ${shown(role, label)}, now ${shown(nowRole, nowLabel)}). Read the page again.`,
    };
  }
  return { ok: true, el, role, label };
}

/**
 * One listing line, e.g. `*[12]button "Add to cart"` (the star marks an element new since the last
 * reading); an element its author left unnamed says what tells it apart: `image link "12-IMG_3886.jpg"`,
 * `button "like" in post 2`, `slider "Price range" handle 1 of 2 =15%`.
 */
export function line(index: number, entry: Listed, isNew: boolean, labelsOf?: LabelLookup): string {
  const label = nameOf(entry, labelsOf).replace(/"/g, "'");
  const { place, image } = (entry.tells ??= nameParts(entry.el, labelsOf, entry.role));
  const hover = entry.hoverOf
    ? `, shown on hover of "${labelOf(entry.hoverOf, labelsOf, 'clickable').replace(/"/g, "'")}"`
    : '';
  // The row to hover already tells a hover-only control apart.
  const where = hover ? '' : place;
  const role = image ? `image ${entry.role}` : entry.role;
  return `${isNew ? '*' : ''}[${index}]${shown(role, label)}${where}${stateOf(entry.el, entry.role)}${hover}`;
}
