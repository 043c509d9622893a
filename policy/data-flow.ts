import { compact, linksOf, PHRASE_WORDS, phrasesOf, tokensOf, urlDecoded, wordsOf } from './data-pieces';
import { siteOf } from './site';

/**
 * The data-flow rule's matching: what a run has read, by the site each reading came from, and which
 * pieces of a value about to leave for a site were read on another one. Pure: no clock, no storage.
 * See data-pieces.ts for the unit of matching and why.
 */

/** One piece of an outgoing value read on another site: as it was read, and where. */
export interface Flow {
  text: string;
  from: readonly string[];
}

/** A value about to leave: the text, the site it goes to, and the whole address when it is a navigation. */
export interface Outgoing {
  text: string;
  to: string;
  /** The destination URL, when `text` is its parts: a link read whole on a page is that page's to follow. */
  link?: string;
}

/** How much a run keeps: the oldest entries go first, so memory stays bounded however much is read. */
export interface ReadingLimits {
  tokens: number;
  phrases: number;
  links: number;
}
const LIMITS: ReadingLimits = { tokens: 50_000, phrases: 200_000, links: 20_000 };

const PREFIX = 6;

/** Adds `site` under `key`, dropping the oldest key once `max` are kept. */
function remember<V>(map: Map<string, V>, key: string, max: number, fresh: () => V, evicted?: (key: string) => void) {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= max) {
      const oldest = map.keys().next().value as string;
      map.delete(oldest);
      evicted?.(oldest);
    }
    value = fresh();
    map.set(key, value);
  }
  return value;
}

/** One run's readings: tokens by their first characters, phrases and links by key, each with the sites that showed it. */
interface Index {
  tokens: Map<string, { shown: string; sites: Set<string> }>;
  byPrefix: Map<string, Set<string>>;
  phrases: Map<string, Set<string>>;
  links: Map<string, Set<string>>;
}

/** The sites other than the destination a piece was read on; none when the destination showed it too. */
type Elsewhere = (sites: Set<string>) => string[];

/**
 * Readings kept as read until a value is checked, at most this many characters: most steps read or click
 * and send nothing, so a reading is indexed when the check first needs it (in the order read, so what
 * the limits evict is the same), not on the way back from the read.
 */
const MAX_UNINDEXED_CHARS = 1_000_000;

/** What one run has read, indexed for the check. */
export function createReadings(limits: ReadingLimits = LIMITS) {
  const index: Index = { tokens: new Map(), byPrefix: new Map(), phrases: new Map(), links: new Map() };
  let unindexed: Array<{ site: string; text: string }> = [];
  let unindexedChars = 0;
  const indexAll = () => {
    for (const { site, text } of unindexed) addReading(index, limits, site, text);
    unindexed = [];
    unindexedChars = 0;
  };
  return {
    /** A reading of `site` (as siteOf names it) that returned `text`. */
    add(site: string, text: string): void {
      if (text === '') return;
      unindexed.push({ site, text });
      unindexedChars += text.length;
      if (unindexedChars > MAX_UNINDEXED_CHARS) indexAll();
    },
    /** The pieces of `out` read on another site than its destination, not in the person's words nor read there too. */
    flows(out: Outgoing, personWords: readonly string[]): Flow[] {
      indexAll();
      if (out.link !== undefined && URL.canParse(out.link) && index.links.has(new URL(out.link).href)) return [];
      const text = out.link === undefined ? out.text : urlDecoded(out.text, true);
      const own = ownWords(personWords);
      const elsewhere: Elsewhere = (sites) => (sites.has(out.to) ? [] : [...sites]);
      return [
        ...tokenFlows(index, compact(text), own.compact, elsewhere),
        ...phraseFlows(index, wordsOf(text), own.phrases, elsewhere),
      ];
    },
  };
}

function addReading(index: Index, limits: ReadingLimits, site: string, text: string): void {
  const unindex = (key: string) => {
    const keys = index.byPrefix.get(key.slice(0, PREFIX));
    keys?.delete(key);
    if (keys?.size === 0) index.byPrefix.delete(key.slice(0, PREFIX));
  };
  for (const token of tokensOf(text)) {
    const fresh = () => ({ shown: token.shown, sites: new Set<string>() });
    remember(index.tokens, token.key, limits.tokens, fresh, unindex).sites.add(site);
    remember(index.byPrefix, token.key.slice(0, PREFIX), Infinity, () => new Set<string>()).add(token.key);
  }
  for (const phrase of phrasesOf(wordsOf(text)))
    remember(index.phrases, phrase.key, limits.phrases, () => new Set<string>()).add(site);
  for (const link of linksOf(text)) remember(index.links, link, limits.links, () => new Set<string>()).add(site);
}

/** Each read token found in the outgoing text's compact form, looked up by the characters it starts with. */
function tokenFlows(index: Index, sent: string, own: readonly string[], elsewhere: Elsewhere): Flow[] {
  const found: Array<{ key: string; flow: Flow }> = [];
  for (let at = 0; at + PREFIX <= sent.length; at++) {
    for (const key of index.byPrefix.get(sent.slice(at, at + PREFIX)) ?? []) {
      const entry = index.tokens.get(key);
      if (!entry || !sent.startsWith(key, at) || own.some((words) => words.includes(key))) continue;
      const from = elsewhere(entry.sites);
      if (from.length > 0) found.push({ key, flow: { text: entry.shown, from } });
    }
  }
  // A code and its digits both match: the question names the code once, at its longest.
  return found
    .filter((a) => !found.some((b) => b.key !== a.key && b.key.includes(a.key)))
    .filter((a, i, all) => all.findIndex((b) => b.key === a.key) === i)
    .map((a) => a.flow);
}

/** Each read phrase in the outgoing words; overlapping windows are one copied passage, shown whole. */
function phraseFlows(index: Index, words: string[], own: ReadonlySet<string>, elsewhere: Elsewhere): Flow[] {
  const spans: Array<{ start: number; end: number; from: Set<string> }> = [];
  for (const phrase of phrasesOf(words)) {
    const sites = index.phrases.get(phrase.key);
    const from = sites && !own.has(phrase.key) ? elsewhere(sites) : [];
    if (from.length === 0) continue;
    const last = spans.at(-1);
    if (last && phrase.at <= last.end) {
      last.end = phrase.at + PHRASE_WORDS;
      from.forEach((s) => last.from.add(s));
    } else spans.push({ start: phrase.at, end: phrase.at + PHRASE_WORDS, from: new Set(from) });
  }
  return spans.map((s) => ({ text: words.slice(s.start, s.end).join(' '), from: [...s.from] }));
}
export type Readings = ReturnType<typeof createReadings>;

/** The person's own words in the forms the check compares: whatever they wrote may leave. */
function ownWords(personWords: readonly string[]) {
  const phrases = new Set<string>();
  for (const words of personWords) for (const p of phrasesOf(wordsOf(words))) phrases.add(p.key);
  return { compact: personWords.map(compact), phrases };
}

/**
 * What a navigation to `url` sends its site: the path, query and fragment, and the sub-domain labels
 * (a DNS name like `483920.attacker.example` carries data too). The registrable site itself is
 * where it goes, not what it carries.
 */
export function sentInUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  const identity = siteOf(url);
  const site = identity.kind === 'site' ? identity.site : parsed.hostname;
  const sub = parsed.hostname.endsWith(`.${site}`) ? parsed.hostname.slice(0, -site.length - 1) : '';
  return [sub, parsed.pathname, parsed.search, parsed.hash].join(' ');
}
