import { PDF_CONTENT_TYPE } from '../../src/pdf/pdf-markdown';
import { excerpt, matchPage, scorePage, searchTerms } from './library-search';
import type { CrawlPage, Db } from './db';

/** A stored page as a search for a question found it: where it is, how well it matched, the text around the match. */
export interface RankedPage {
  id: string;
  jobId: string;
  url: string;
  title: string;
  extractedAt: number;
  score: number;
  excerpt: string;
  /** For a stored PDF, the page the excerpt is from, to cite as "p. N". */
  pdfPage?: number;
}

/** Pages of every job whose address contains `query`, ignoring case (a full scan, as in Webscribe). */
export async function searchPages(database: Promise<Db>, query: string): Promise<CrawlPage[]> {
  const needle = query.toLowerCase();
  const found: CrawlPage[] = [];
  for await (const cursor of (await database).transaction('crawlPages').store.iterate()) {
    const page = cursor.value;
    if ([page.url, page.canonicalUrl, ...page.alternateUrls].some((url) => url.toLowerCase().includes(needle)))
      found.push(page);
  }
  return found;
}

/** Up to `limit` pages of every job whose address, title or text contains `query`, ignoring case (the Library view's search). */
export async function searchText(database: Promise<Db>, query: string, limit: number): Promise<CrawlPage[]> {
  const needle = query.toLowerCase();
  const found: CrawlPage[] = [];
  for await (const cursor of (await database).transaction('crawlPages').store.iterate()) {
    const page = cursor.value;
    if ([page.url, page.title, page.content].some((text) => text.toLowerCase().includes(needle))) found.push(page);
    if (found.length >= limit) break;
  }
  return found;
}

/** The `limit` pages of every job that best match the words of `query` (library-search.ts ranks them). */
export async function rankPages(database: Promise<Db>, query: string, limit: number): Promise<RankedPage[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const best: RankedPage[] = [];
  for await (const cursor of (await database).transaction('crawlPages').store.iterate()) {
    const page = cursor.value;
    const score = scorePage(terms, page);
    if (score === 0 || (best.length >= limit && score <= (best.at(-1)?.score ?? 0))) continue;
    const { id, jobId, url, title, extractedAt } = page;
    const pdfPage = page.metadata.contentType === PDF_CONTENT_TYPE ? matchPage(page.content, terms) : null;
    best.push({
      id,
      jobId,
      url,
      title: title || url,
      extractedAt,
      score,
      excerpt: excerpt(page.content, terms),
      ...(pdfPage !== null ? { pdfPage } : {}),
    });
    // Only the best `limit` are kept, so a large library is scanned in little memory.
    best.sort((a, b) => b.score - a.score);
    best.length = Math.min(best.length, limit);
  }
  return best;
}
