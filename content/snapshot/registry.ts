import { stateOf } from './describe';
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

let current: { id: string; listed: Listed[]; isNew: boolean[] } | null = null;
/** Elements listed by the previous snapshot: anything else in the next one is marked new. */
let previous: WeakSet<Element> | null = null;
let counter = 0;

/** Records a snapshot's elements (index i is `listed[i - 1]`) and returns its id and which ones are new. */
export function record(listed: Listed[]): { id: string; isNew: boolean[] } {
  const before = previous;
  const isNew = listed.map(({ el }) => before !== null && !before.has(el));
  previous = new WeakSet(listed.map(({ el }) => el));
  counter += 1;
  current = { id: `s${counter}-${Math.random().toString(36).slice(2, 8)}`, listed, isNew };
  return { id: current.id, isNew };
}

/** The last snapshot's entries, for reading another part of its listing with the same indices. */
export function lastListing(): { id: string; listed: readonly Listed[]; isNew: readonly boolean[] } | null {
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
