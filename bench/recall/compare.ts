// Pure comparison of what Bosun lists with what Playwright's ariaSnapshot() names on the same page.

export interface Named {
  role: string;
  name: string;
}

/** The links and buttons of an ariaSnapshot() (YAML lines such as `- link "Name":`), named or not. */
export function ariaLinksAndButtons(yaml: string): Named[] {
  const found: Named[] = [];
  for (const match of yaml.matchAll(/^\s*- (link|button)(?: "((?:[^"\\]|\\.)*)")?/gm)) {
    const role = match[1] as string;
    found.push({ role, name: match[2] === undefined ? '' : (JSON.parse(`"${match[2]}"`) as string) });
  }
  return found;
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

export interface Recall {
  /** Links and buttons ariaSnapshot() gives a name. */
  named: number;
  /** Of those, how many Bosun lists with a name (the same, or its start when Bosun cut it). */
  listed: number;
  /** A few names Bosun did not list, to see why. */
  missing: string[];
}

/**
 * Matches each named link or button of the ariaSnapshot() to one Bosun entry with the same name;
 * Bosun cuts long labels with "…", so its label may be the start of the name. Roles are not
 * compared: what counts is that a person's control is there, under its name, to act on.
 */
export function recall(aria: readonly Named[], bosun: readonly { label: string }[]): Recall {
  const exact = new Map<string, number>();
  const cut: string[] = [];
  for (const { label } of bosun) {
    const text = normal(label);
    if (!text) continue;
    if (text.endsWith('…')) cut.push(text.slice(0, -1));
    else exact.set(text, (exact.get(text) ?? 0) + 1);
  }
  let named = 0;
  let listed = 0;
  const missing: string[] = [];
  for (const { name } of aria) {
    const text = normal(name);
    if (!text) continue;
    named += 1;
    const count = exact.get(text) ?? 0;
    if (count > 0) {
      exact.set(text, count - 1);
      listed += 1;
      continue;
    }
    const at = cut.findIndex((start) => text.startsWith(start));
    if (at >= 0) {
      cut.splice(at, 1);
      listed += 1;
    } else if (missing.length < 5) missing.push(name);
  }
  return { named, listed, missing };
}

/** A listed entry as the precision count sees it, with the entries listed inside it. */
export interface Nested {
  role: string;
  label: string;
  /** The entry's text once the text of every entry listed inside it is taken out, spaces removed. */
  own: string;
  /** The labels of the entries listed inside it. */
  inner: readonly string[];
}

/** Roles whose entry is acted on as a whole while its items are listed too (select_option on a list box). */
const HOLDERS = new Set(['listbox', 'combobox', 'select']);

/**
 * Whether an entry only repeats what is listed inside it: a container beside its children (a tab list
 * beside its tabs, a tab beside the link in it, an autocomplete's list beside its only item) or an
 * item named with the names inside it (a tree folder named with every file in it).
 */
export function repeatsChildren({ role, label, own, inner }: Nested): boolean {
  if (inner.length === 0 || HOLDERS.has(role)) return false;
  return own === '' || inner.some((name) => name !== '' && label.includes(name));
}
