import { pageAt } from '../../src/pdf/pdf-markdown';

/**
 * Ranking stored pages for a question (the search_library tool): pure functions over a page's
 * title, address and text, so the order is the same wherever it is computed and is unit-tested.
 */

/** Words shorter than this match too much ("a", "of") to say anything about a page. */
const MIN_TERM = 2;
const MAX_TERMS = 20;
/** Occurrences counted per term and page: a page repeating one word is not a hundred times better. */
const MAX_HITS = 20;
const TITLE_WEIGHT = 5;
const URL_WEIGHT = 2;
/** A page matching more of the question's words ranks above one matching one word often. */
const TERM_WEIGHT = 1000;

export interface SearchablePage {
  title: string;
  url: string;
  content: string;
}

/** The question's distinct words, lower-cased, letters and digits in any script. */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= MIN_TERM))].slice(0, MAX_TERMS);
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at >= 0 && count < MAX_HITS;
    at = haystack.indexOf(needle, at + needle.length)
  )
    count += 1;
  return count;
}

/** How well a page answers the terms; 0 when it contains none of them. */
export function scorePage(terms: readonly string[], page: SearchablePage): number {
  const title = page.title.toLowerCase();
  const url = page.url.toLowerCase();
  const content = page.content.toLowerCase();
  let score = 0;
  for (const term of terms) {
    const hits =
      occurrences(title, term) * TITLE_WEIGHT + occurrences(url, term) * URL_WEIGHT + occurrences(content, term);
    if (hits > 0) score += TERM_WEIGHT + hits;
  }
  return score;
}

/** The page of a stored PDF that the first of the terms is on (by its page markers); null when none is found. */
export function matchPage(content: string, terms: readonly string[]): number | null {
  const lower = content.toLowerCase();
  const found = terms.map((term) => lower.indexOf(term)).filter((at) => at >= 0);
  return found.length > 0 ? pageAt(content, Math.min(...found)) : null;
}

/** About `width` characters of the text around the first term it contains (its start when none), on one line. */
export function excerpt(content: string, terms: readonly string[], width = 300): string {
  const text = content.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const found = terms.map((term) => lower.indexOf(term)).filter((at) => at >= 0);
  const first = found.length > 0 ? Math.min(...found) : 0;
  const start = Math.max(0, Math.min(first - Math.floor(width / 3), text.length - width));
  const end = Math.min(text.length, start + width);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
