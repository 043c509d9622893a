import { createJobStore } from './crawl-jobs';
import { rankPages, searchPages, searchText } from './crawl-page-search';
import { savePage, type ExtractedPage } from './crawl-page-save';
import type { CrawlPage, Db } from './db';

export type { JobChanges, JobProgress } from './crawl-jobs';
export type { RankedPage } from './crawl-page-search';
export type { ExtractedPage, SaveOutcome } from './crawl-page-save';

/**
 * The knowledge library: crawl jobs and the pages they stored, in IndexedDB. A page is stored
 * once per canonical URL in a job, and content already stored under another URL of the job is
 * not stored again: that URL is added to the stored page's `alternateUrls`.
 */
export function createCrawlLibrary(database: Promise<Db>, now: () => number = Date.now) {
  return {
    ...createJobStore(database, now),

    savePage: (jobId: string, page: ExtractedPage) => savePage(database, now, jobId, page),

    async listPages(jobId: string): Promise<CrawlPage[]> {
      return (await database).getAllFromIndex('crawlPages', 'byJob', jobId);
    },

    searchPages: (query: string) => searchPages(database, query),

    searchText: (query: string, limit: number) => searchText(database, query, limit),

    /** How many pages a job stored: the count the Library and the crawl's answer to the model both give. */
    async countPages(jobId: string): Promise<number> {
      return (await database).countFromIndex('crawlPages', 'byJob', jobId);
    },

    /**
     * Up to `limit` pages of a job from the `offset`-th on, in the order they are indexed (by id,
     * which starts with the time a page was stored, so a running crawl's new pages come last).
     * The cursor skips the pages before the slice without reading them.
     */
    async pagesOf(jobId: string, limit: number, offset = 0): Promise<CrawlPage[]> {
      const found: CrawlPage[] = [];
      const index = (await database).transaction('crawlPages').store.index('byJob');
      let cursor = await index.openCursor(jobId);
      if (cursor && offset > 0) cursor = await cursor.advance(offset);
      while (cursor && found.length < limit) {
        found.push(cursor.value);
        cursor = await cursor.continue();
      }
      return found;
    },

    rankPages: (query: string, limit: number) => rankPages(database, query, limit),

    async getPage(id: string): Promise<CrawlPage | null> {
      return (await (await database).get('crawlPages', id)) ?? null;
    },
  };
}
export type CrawlLibrary = ReturnType<typeof createCrawlLibrary>;
