import type { PermissionLevel } from './vocabulary';

/** What a page says of a tool it declares for agents (WebMCP): the draft's annotations, and how it is declared. */
export interface PageToolFacts {
  /** `readOnlyHint`: the page says the tool changes nothing. */
  readonly readOnly: boolean;
  /** `consequentialHint` (Chromium's): the page says the tool does what cannot be undone. */
  readonly consequential: boolean;
  /** Declared by a `<form toolname>`: a call fills and submits the form. */
  readonly form: boolean;
}

/**
 * The level a call of a page's own tool is judged at: the level the page declares, and never lower
 * than `interact` for a tool that does not say it only reads. A tool that submits a form, that the
 * page says is consequential, or whose name or description says it commits something (`commits`,
 * from the critical-words check) is judged at `submit`. The page's word can only raise the level:
 * a tool that says it only reads but commits by its words is still `submit`.
 */
export function pageToolLevel(facts: PageToolFacts, commits: boolean): PermissionLevel {
  if (facts.form === true || facts.consequential === true || commits) return 'submit';
  return facts.readOnly === true ? 'read-only' : 'interact';
}

/**
 * A tool's name in words, as the critical-words check reads words: `place_order`, `buyNow` and
 * `delete-item` name "place order", "buy Now" and "delete item" (an underscore or a run of letters
 * is one word to it, so the name as written would commit to nothing).
 */
export const pageToolWords = (name: string): string =>
  name
    .slice(0, 200)
    .replace(/[_\-.:/]+/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .trim();
