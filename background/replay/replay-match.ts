// Finding a recorded step's element on the page as it is now, by the role and label the page
// engine's listing gives it (`*[12]button "Save"`), never by the index it had when recorded.

/** One line of a listing: `[index]role "label"` and what follows (place, state, `, shown on hover of "…"`). */
export interface Listed {
  index: number;
  role: string;
  label: string;
  /** What tells it apart besides role and label, and its state: ` in post 2`, ` =70`, ` checked`. */
  rest: string;
  /** The row whose hover shows it, for a control shown only on hover. */
  hoverOf: string;
}

/** An element as a step recorded it: its role, label and hover row, and which of the ones named alike it was. */
export interface ElementName {
  role: string;
  label: string;
  hoverOf: string;
  rest: string;
  /** Its place (0-based) among the elements of the listing named alike, and how many there were. */
  nth: number;
  of: number;
}

export type Match = { kind: 'found'; index: number } | { kind: 'missing' } | { kind: 'ambiguous'; count: number };

const LINE = /^\*?\[(\d+)\](.*)$/;
const NAMED = /^(.*?) "([^"]*)"(.*)$/;
const HOVER = /, shown on hover of "([^"]*)"$/;

/**
 * The listing's lines. Only the listing part of a reading counts (after its last `## Interactive
 * elements` heading, or a read_listing part): the page's own text above it could hold lines that look alike.
 */
export function parseListing(text: string): Listed[] {
  const heading = text.lastIndexOf('## Interactive elements');
  const part =
    heading >= 0 ? text.slice(heading) : /^(?:<untrusted_page_content>\n)?Elements \d+/.test(text) ? text : '';
  const listed: Listed[] = [];
  for (const line of part.split('\n')) {
    const at = LINE.exec(line);
    if (!at) continue;
    const described = at[2] ?? '';
    const named = NAMED.exec(described);
    const rest = named ? (named[3] ?? '') : '';
    listed.push({
      index: Number(at[1]),
      role: named ? (named[1] ?? '') : described,
      label: named ? (named[2] ?? '') : '',
      rest,
      hoverOf: HOVER.exec(rest)?.[1] ?? '',
    });
  }
  return listed;
}

const alike = (a: { role: string; label: string; hoverOf: string }, b: typeof a) =>
  a.role === b.role && a.label === b.label && a.hoverOf === b.hoverOf;

/** The element at `index` of a reading, by name; null when the reading does not list it. */
export function nameAt(listed: readonly Listed[], index: number): ElementName | null {
  const element = listed.find((l) => l.index === index);
  if (!element) return null;
  const named = listed.filter((l) => alike(l, element));
  const { role, label, hoverOf, rest } = element;
  return { role, label, hoverOf, rest, nth: named.indexOf(element), of: named.length };
}

/**
 * The element named so on the page now. One named alike is it; of several, the one with the same
 * place and state, or, with as many as when recorded, the same one in order. Otherwise it is
 * missing or ambiguous, and the model is asked for that step.
 */
export function findElement(listed: readonly Listed[], name: ElementName): Match {
  const named = listed.filter((l) => alike(l, name));
  if (named.length === 0) return { kind: 'missing' };
  if (named.length === 1) return { kind: 'found', index: (named[0] as Listed).index };
  const same = named.filter((l) => l.rest === name.rest);
  if (same.length === 1) return { kind: 'found', index: (same[0] as Listed).index };
  const nth = named[name.nth];
  if (named.length === name.of && nth) return { kind: 'found', index: nth.index };
  return { kind: 'ambiguous', count: named.length };
}

/** The element in words, as a listing shows it: `button "like" in post 2`. */
export const shownName = (name: Pick<ElementName, 'role' | 'label' | 'rest'>): string =>
  `${name.role} "${name.label}"${name.rest}`;
