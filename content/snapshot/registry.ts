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
 * and the walk that finds the next ones when a part past them is read.
 */
export interface Listing {
  id: string;
  listed: readonly Listed[];
  isNew: readonly boolean[];
  /** Finds entries until there are `n` or the page has no more; says whether entry `n` exists. */
  reach(n: number): boolean;
  /** Every entry has been found: `listed.length` is the count. False too once the walk was let go before its end (see release). */
  complete(): boolean;
}

/** Elements listed by a snapshot, and how many entries its walk found (Infinity once it went to the page's end). */
interface Seen {
  elements: WeakSet<Element>;
  found: number;
}

interface Current extends Listing {
  listed: Listed[];
  isNew: boolean[];
  /** The rest of the walk, with what it holds (boxes, styles, lookups); null once ended, undefined once let go. */
  rest: Iterator<Listed> | null | undefined;
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
let counter = 0;
let idle: ReturnType<typeof setTimeout> | undefined;

/** Lets the walk of the current listing go (its entries stay). */
export function release(): void {
  clearTimeout(idle);
  if (current?.rest) current.rest = undefined;
}

addEventListener('pagehide', release);

/**
 * Records a snapshot whose entries `walk` finds as they are asked for (each time inside `around`),
 * and returns its listing.
 */
export function record(walk: Iterator<Listed>, around: <T>(read: () => T) => T = (read) => read()): Listing {
  release();
  const earlier = current?.seen ?? null;
  // An entry new since the previous snapshot; past as many entries as that one's walk found, it was not looked at.
  const isNew = (el: Element) => earlier !== null && !earlier.elements.has(el) && state.listed.length < earlier.found;
  const state: Current = {
    id: `s${++counter}-${Math.random().toString(36).slice(2, 8)}`,
    listed: [],
    isNew: [],
    rest: walk,
    seen: { elements: new WeakSet(), found: 0 },
    reach(n) {
      if (state.listed.length < n && state.rest) {
        around(() => {
          for (let next; state.listed.length < n && state.rest;) {
            if ((next = state.rest.next()).done) state.rest = null;
            else {
              state.isNew.push(isNew(next.value.el));
              state.listed.push(next.value);
              state.seen.elements.add(next.value.el);
            }
          }
        });
        state.seen.found = state.rest ? state.listed.length : Infinity;
      }
      if (current === state) {
        clearTimeout(idle);
        if (state.rest) idle = setTimeout(release, KEEP_WALK_MS);
      }
      return state.listed.length >= n;
    },
    complete: () => state.rest === null,
  };
  return (current = state);
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
  if (!current) return { ok: false, error: 'Stale index: the page has not been read yet. Read the page first.' };
  if (snapshotId !== current.id) {
    return {
      ok: false,
      error: `Stale index: element ${index} is from an older reading of the page. Read the page again and use the new indices.`,
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
