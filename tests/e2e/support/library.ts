import type { PageDriver } from '../harness';

/** A crawl job record as the background stores it (background/storage/db.ts CrawlJob). */
export const job = (id: string, baseUrl: string, createdAt: number) => ({
  id,
  baseUrl,
  baseUrls: [baseUrl],
  status: 'completed',
  pagesFound: 2,
  pagesProcessed: 2,
  pagesFailed: 0,
  createdAt,
  updatedAt: createdAt,
  errors: [],
});

/** A stored page record (background/storage/db.ts CrawlPage). */
export const storedPage = (id: string, jobId: string, url: string, content: string) => ({
  id,
  jobId,
  url,
  canonicalUrl: url,
  alternateUrls: [],
  title: `Title of ${url}`,
  content,
  html: `<p>${content}</p>`,
  markdown: content,
  markdownMeta: { confidence: 0.9 },
  metadata: { description: content },
  contentHash: `hash-${id}`,
  status: 'completed',
  extractedAt: 1,
});

/** Where a crawl stands (background/storage/db.ts CrawlFrontier): `urls` still to fetch, with a crawl's usual settings. */
export const frontier = (jobId: string, urls: string[], pageLimit = 20) => ({
  jobId,
  queue: urls.map((url) => ({ url, hops: 0 })),
  seen: urls,
  settings: {
    maxWorkers: 2,
    pageLimit,
    strictPathMatching: true,
    followExternalLinks: false,
    maxExternalHops: 1,
    waitForSelectors: [],
  },
});

/**
 * Writes library records straight into the extension's IndexedDB from one of its pages, as a
 * finished crawl would have left them, so storage tests need no crawl.
 */
export function seedLibrary(
  page: PageDriver,
  records: { jobs: unknown[]; pages: unknown[]; frontiers?: unknown[] },
): Promise<void> {
  return page.evaluate(async ({ jobs, pages, frontiers = [] }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('bosun');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('crawlPages'))
        throw new Error(`the background has not created the library stores (database version ${db.version})`);
      const tx = db.transaction(['crawlJobs', 'crawlPages', 'crawlFrontiers'], 'readwrite');
      for (const record of jobs) tx.objectStore('crawlJobs').put(record);
      for (const record of pages) tx.objectStore('crawlPages').put(record);
      for (const record of frontiers) tx.objectStore('crawlFrontiers').put(record);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  }, records);
}
