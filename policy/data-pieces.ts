import { normalizeText } from './text-skeleton';

/**
 * The units the data-flow rule matches on, and why each is shaped as it is.
 *
 * A flow is worth a question only when the text that leaves carries something specific to the page
 * it was read on. Ordinary words and short names ("Trail Runner 2", "Lisbon", "tuesday") are shared
 * by every site and say nothing about the person; what is worth stealing has a shape:
 *
 * - **Tokens**: a word holding a digit with at least 6 letters and digits (a one-time code
 *   `OTP-483920`, `K7P2-QX9M`, an order or account number, a token in a link), a digit run of 7 or
 *   more digits however it is grouped (`4111 1111 1111 1111`, `+1 (555) 123-4567`), an e-mail
 *   address, and a run of 12+ letters with capitals inside (a key without digits). Dates, times and
 *   prices are excluded: they have a digit and length but are common to every site and low in secret.
 *   Tokens are compared in a compact form (lower case, letters and digits only), as substrings of
 *   the outgoing value's compact form, so case, spaces, dashes, dots, slashes (a code split across
 *   path segments), `@` and URL encoding change nothing.
 * - **Phrases**: six words in a row that hold at least two function words ("the", "to", "your"…).
 *   Copied sentences are caught ("Please wire the balance to account…"); product names and titles,
 *   which are nouns and adjectives, are not, however long.
 */

const MIN_TOKEN = 6;
const MIN_DIGIT_RUN = 7;
export const PHRASE_WORDS = 6;
const MIN_FUNCTION_WORDS = 2;

/** English, French, German and Spanish function words: a sentence has them, a product name rarely. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the to of in on at for from by with and or but not no is are was were be been am do does did ' +
    'have has had will would can could should may must this that these those it its i me my we our you ' +
    'your he his she her they them their there here what which who when where how if then than so as ' +
    'le la les un une des de du et ou est sont pour avec dans sur que qui vous nous je il elle ' +
    'der die das ein eine und oder ist sind zu mit von für auf ich du sie wir nicht ' +
    'el los las y es son para con en por que se su tu yo'
  ).split(' '),
);

/** Undoes URL encoding (also nested) as a server would read it; malformed escapes stay as they are. */
export function urlDecoded(text: string, plusIsSpace: boolean): string {
  let current = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(current); i++) {
    const next = current.replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Lower case, letters and digits only: how tokens are compared, whatever separators were used. */
export const compact = (text: string): string => compactNormal(normalizeText(text));

/** compact() of text already normalised: each word of a reading needs no normalising of its own. */
const compactNormal = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The words of a text, lower case, as phrases are compared. */
export const wordsOf = (text: string): string[] =>
  normalizeText(text)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

const DATE_OR_TIME = /^(\d{1,4}[-./]\d{1,2}[-./]\d{1,4}|\d{1,2}:\d{2}(:\d{2})?(am|pm)?|\d{4}-\d{2}-\d{2}t[\d:.]+z?)$/i;
const PRICE = /^[$€£¥]?\d{1,3}([,.\s]\d{3})*[.,]\d{2}[$€£¥]?$/;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+/gu;
const DIGIT_RUN = /\+?\d[\d\s().-]*\d/g;
const INNER_CAPS = /^[a-z]*[A-Z][a-z]+[A-Z]/;

/** A token as read: how it looked on the page (shown in the question) and its compact form. */
export interface Token {
  shown: string;
  key: string;
}

function wordTokens(word: string, add: (shown: string, key: string) => void): void {
  const digits = /\d/.test(word);
  // Most words of a page are neither a code nor a long token: they cost one test.
  if (!digits && word.length < 12) return;
  const shown = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (shown === '' || DATE_OR_TIME.test(shown) || PRICE.test(shown)) return;
  const key = compactNormal(shown);
  if (digits && key.length >= MIN_TOKEN) add(shown, key);
  else if (!digits && key.length >= 12 && INNER_CAPS.test(shown)) add(shown, key);
  // Part of a code sent alone (the digits of OTP-483920) is still the code.
  for (const part of shown.split(/[^\p{L}\p{N}]+/u))
    if (part !== shown && /\d/.test(part) && part.length >= MIN_TOKEN) add(part, compactNormal(part));
  for (const run of key.match(/\d{6,}/g) ?? []) if (run !== key) add(run, run);
}

/** Every token of a text, each once. */
export function tokensOf(text: string): Token[] {
  const found = new Map<string, string>();
  const add = (shown: string, key: string) => {
    if (!found.has(key)) found.set(key, shown);
  };
  const normal = normalizeText(text);
  for (const word of normal.split(' ')) wordTokens(word, add);
  if (normal.includes('@')) for (const email of normal.match(EMAIL) ?? []) add(email, compactNormal(email));
  for (const run of normal.match(DIGIT_RUN) ?? []) {
    const digits = run.replace(/\D/g, '');
    if (digits.length >= MIN_DIGIT_RUN && !DATE_OR_TIME.test(run.trim())) add(run.trim(), digits);
  }
  return [...found].map(([key, shown]) => ({ key, shown }));
}

/** The phrases of a word list: each window of six words that reads as a sentence, keyed by its words. */
export function phrasesOf(words: readonly string[]): Array<{ key: string; at: number }> {
  const phrases: Array<{ key: string; at: number }> = [];
  const isFunction = words.map((w) => (FUNCTION_WORDS.has(w) ? 1 : 0));
  // The function words in the window, slid along: a page's phrases cost one pass.
  let count = isFunction.slice(0, PHRASE_WORDS - 1).reduce<number>((a, b) => a + b, 0);
  for (let at = 0; at + PHRASE_WORDS <= words.length; at++) {
    count += isFunction[at + PHRASE_WORDS - 1] ?? 0;
    if (count >= MIN_FUNCTION_WORDS) phrases.push({ key: words.slice(at, at + PHRASE_WORDS).join(' '), at });
    count -= isFunction[at] ?? 0;
  }
  return phrases;
}

/** http(s) addresses written in a text (links the page shows), in the form `new URL` gives them. */
export function linksOf(text: string): string[] {
  const links: string[] = [];
  for (const raw of text.match(/https?:\/\/[^\s"'<>()[\]]+/g) ?? []) {
    const url = raw.replace(/[.,;:!?]+$/, '');
    if (URL.canParse(url)) links.push(new URL(url).href);
  }
  return links;
}
