import { newId } from '../ids';
import { canonicalUrl } from './canonical-url';
import { contentHash } from './content-hash';
import { excerpt, scorePage, searchTerms } from '../library/library-search';
import type { CrawlFrontier, CrawlJob, CrawlPage, Db } from './db';

/** A page as a crawl extracted it; the library works out its id, canonical URL and hash. */
export type ExtractedPage = Pick<
  CrawlPage,
  'url' | 'title' | 'content' | 'html' | 'markdown' | 'markdownMeta' | 'metadata' | 'status'
> & {
  /** The `<link rel="canonical">` the page declares, if any. */
  declaredCanonical?: string;
};

/** What storing a page did: a new page, a newer copy of a stored URL, or known content under another URL. */
export type SaveOutcome = 'added' | 'replaced' | 'duplicate';

/** A stored page as a search for a question found it: where it is, how well it matched, the text around the match. */
export interface RankedPage {
  id: string;
  jobId: string;
  url: string;
  title: string;
  extractedAt: number;
  score: number;
  excerpt: string;
}

export type JobChanges = Pick<CrawlJob, 'title' | 'notes' | 'tags'>;
/** What only the crawl changes on a job. */
export type JobProgress = Partial<
  Pick<CrawlJob, 'status' | 'pagesFound' | 'pagesProcessed' | 'pagesFailed' | 'errors'>
>;

/**
 * The knowledge library: crawl jobs and the pages they stored, in IndexedDB. A page is stored
 * once per canonical URL in a job, and content already stored under another URL of the job is
 * not stored again: that URL is added to the stored page's `alternateUrls`.
 */
export function createCrawlLibrary(database: Promise<Db>, now: () => number = Date.now) {
  async function savePage(jobId: string, page: ExtractedPage): Promise<{ outcome: SaveOutcome; page: CrawlPage }> {
    const canonical = canonicalUrl(page.url, page.declaredCanonical);
    // Hashed before the transaction opens: IndexedDB commits a transaction that waits on other work.
    const hash = await contentHash(page.content);
    const { declaredCanonical: _declared, ...fields } = page;
    const tx = (await database).transaction('crawlPages', 'readwrite');
    const sameUrl = await tx.store.index('byJobUrl').get([jobId, canonical]);
    const sameContent = sameUrl ? undefined : await tx.store.index('byJobHash').get([jobId, hash]);
    let outcome: SaveOutcome;
    let stored: CrawlPage;
    if (sameContent) {
      outcome = 'duplicate';
      stored = { ...sameContent, alternateUrls: [...new Set([...sameContent.alternateUrls, canonical])] };
    } else {
      outcome = sameUrl ? 'replaced' : 'added';
      stored = {
        ...fields,
        id: sameUrl?.id ?? newId('page'),
        jobId,
        canonicalUrl: canonical,
        alternateUrls: sameUrl?.alternateUrls ?? [],
        contentHash: hash,
        extractedAt: now(),
      };
    }
    await tx.store.put(stored);
    await tx.done;
    return { outcome, page: stored };
  }

  return {
    async createJob(baseUrls: string[]): Promise<CrawlJob> {
      const [baseUrl = ''] = baseUrls;
      const job: CrawlJob = {
        id: newId('job'),
        baseUrl,
        baseUrls,
        status: 'pending',
        pagesFound: 0,
        pagesProcessed: 0,
        pagesFailed: 0,
        createdAt: now(),
        updatedAt: now(),
        errors: [],
      };
      await (await database).put('crawlJobs', job);
      return job;
    },

    async getJob(id: string): Promise<CrawlJob | null> {
      return (await (await database).get('crawlJobs', id)) ?? null;
    },

    /** Newest first. */
    async listJobs(): Promise<CrawlJob[]> {
      return (await (await database).getAllFromIndex('crawlJobs', 'byCreated')).reverse();
    },

    /** Null when there is no such job; nothing else changes then. */
    async updateJob(id: string, changes: JobChanges | JobProgress): Promise<CrawlJob | null> {
      const tx = (await database).transaction('crawlJobs', 'readwrite');
      const job = await tx.store.get(id);
      if (!job) return null;
      const updated = { ...job, ...changes, updatedAt: now() };
      await tx.store.put(updated);
      await tx.done;
      return updated;
    },

    async getFrontier(jobId: string): Promise<CrawlFrontier | null> {
      return (await (await database).get('crawlFrontiers', jobId)) ?? null;
    },

    async saveFrontier(frontier: CrawlFrontier): Promise<void> {
      await (await database).put('crawlFrontiers', frontier);
    },

    /** Deletes the jobs and all their pages in one transaction; returns how many jobs there were. */
    async deleteJobs(ids: string[]): Promise<number> {
      const tx = (await database).transaction(['crawlJobs', 'crawlPages', 'crawlFrontiers'], 'readwrite');
      let deleted = 0;
      for (const id of new Set(ids)) {
        if (!(await tx.objectStore('crawlJobs').get(id))) continue;
        await tx.objectStore('crawlJobs').delete(id);
        await tx.objectStore('crawlFrontiers').delete(id);
        for await (const cursor of tx.objectStore('crawlPages').index('byJob').iterate(id)) await cursor.delete();
        deleted += 1;
      }
      await tx.done;
      return deleted;
    },

    savePage,

    async listPages(jobId: string): Promise<CrawlPage[]> {
      return (await database).getAllFromIndex('crawlPages', 'byJob', jobId);
    },

    /** Pages of every job whose address contains `query`, ignoring case (a full scan, as in Webscribe). */
    async searchPages(query: string): Promise<CrawlPage[]> {
      const needle = query.toLowerCase();
      const found: CrawlPage[] = [];
      for await (const cursor of (await database).transaction('crawlPages').store.iterate()) {
        const page = cursor.value;
        if ([page.url, page.canonicalUrl, ...page.alternateUrls].some((url) => url.toLowerCase().includes(needle)))
          found.push(page);
      }
      return found;
    },

    /** Up to `limit` pages of every job whose address, title or text contains `query`, ignoring case (the Library view's search). */
    async searchText(query: string, limit: number): Promise<CrawlPage[]> {
      const needle = query.toLowerCase();
      const found: CrawlPage[] = [];
      for await (const cursor of (await database).transaction('crawlPages').store.iterate()) {
        const page = cursor.value;
        if ([page.url, page.title, page.content].some((text) => text.toLowerCase().includes(needle))) found.push(page);
        if (found.length >= limit) break;
      }
      return found;
    },

    /** How many pages a job stored: the count the Library and the crawl's answer to the model both give. */
    async countPages(jobId: string): Promise<number> {
      return (await database).countFromIndex('crawlPages', 'byJob', jobId);
    },

    /** Up to `limit` pages of a job, in the order they are indexed, without reading the rest. */
    async pagesOf(jobId: string, limit: number): Promise<CrawlPage[]> {
      const found: CrawlPage[] = [];
      for await (const cursor of (await database).transaction('crawlPages').store.index('byJob').iterate(jobId)) {
        found.push(cursor.value);
        if (found.length >= limit) break;
      }
      return found;
    },

    /** The `limit` pages of every job that best match the words of `query` (library-search.ts ranks them). */
    async rankPages(query: string, limit: number): Promise<RankedPage[]> {
      const terms = searchTerms(query);
      if (terms.length === 0) return [];
      const best: RankedPage[] = [];
      for await (const cursor of (await database).transaction('crawlPages').store.iterate()) {
        const page = cursor.value;
        const score = scorePage(terms, page);
        if (score === 0 || (best.length >= limit && score <= (best.at(-1)?.score ?? 0))) continue;
        const { id, jobId, url, title, extractedAt } = page;
        best.push({ id, jobId, url, title: title || url, extractedAt, score, excerpt: excerpt(page.content, terms) });
        // Only the best `limit` are kept, so a large library is scanned in little memory.
        best.sort((a, b) => b.score - a.score);
        best.length = Math.min(best.length, limit);
      }
      return best;
    },

    async getPage(id: string): Promise<CrawlPage | null> {
      return (await (await database).get('crawlPages', id)) ?? null;
    },
  };
}
export type CrawlLibrary = ReturnType<typeof createCrawlLibrary>;
