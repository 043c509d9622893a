import type { Product } from '../../src/protocol/background-to-content';
import type { IDBPObjectStore, StoreNames } from 'idb';
import type { BosunDb, CachedPage, Db } from './db';
import { batchedWrite } from './write-batch';

type PagesStore = IDBPObjectStore<BosunDb, StoreNames<BosunDb>[], 'pages', 'readwrite'>;

export const PAGE_CACHE_LIMITS = { count: 30, ageMs: 6 * 60 * 60 * 1000 };
/** A page read again unchanged right after it was stored is not written again for this long. */
const UNCHANGED_REFRESH_MS = 60_000;
const LAST_PRODUCT = 'lastProduct';

/**
 * Snapshots of pages the agent read, bounded by count and age, and the last product seen, so a
 * follow-up ("find me a cheaper one") still knows what "one" is after the page is gone.
 */
export function createPageCache(database: Promise<Db>, now: () => number = Date.now) {
  /** The last page stored, as written: an agent reads the same page again and again while it works on it. */
  let last: { key: string; at: number } | null = null;

  /** Drops the oldest pages past the count and every page past the age, in the writer's transaction. */
  async function prune(store: PagesStore): Promise<void> {
    const oldest = now() - PAGE_CACHE_LIMITS.ageMs;
    let excess = (await store.count()) - PAGE_CACHE_LIMITS.count;
    for await (const cursor of store.index('byTime').iterate()) {
      if (excess <= 0 && cursor.value.timestamp >= oldest) break;
      excess -= 1;
      await cursor.delete();
    }
  }

  return {
    /** The page, the product it shows and the pruning are one write, in the batch of the read's other records. */
    async add(page: Omit<CachedPage, 'timestamp'>): Promise<void> {
      // Only the newest entry can be skipped: the cache's order of reading stays as it was.
      const key = JSON.stringify([page.url, page.title, page.markdown, page.product]);
      if (last?.key === key && now() - last.at < UNCHANGED_REFRESH_MS) return;
      last = null;
      await batchedWrite(database, ['pages', 'state'], async (tx) => {
        const pages = tx.objectStore('pages');
        await pages.put({ ...page, timestamp: now() });
        if (page.product) await tx.objectStore('state').put({ ...page.product, url: page.url }, LAST_PRODUCT);
        await prune(pages);
      });
      last = { key, at: now() };
    },
    /** The newest snapshot of `url`, or the newest of all when no URL is given. */
    async get(url?: string): Promise<CachedPage | null> {
      const db = await database;
      const page = url ? await db.get('pages', url) : (await this.recent(1))[0];
      return page && page.timestamp >= now() - PAGE_CACHE_LIMITS.ageMs ? page : null;
    },
    async recent(limit = 10): Promise<CachedPage[]> {
      const db = await database;
      const pages: CachedPage[] = [];
      for await (const cursor of db.transaction('pages').store.index('byTime').iterate(null, 'prev')) {
        if (pages.length >= limit) break;
        pages.push(cursor.value);
      }
      return pages;
    },
    async lastProduct(): Promise<(Product & { url: string }) | null> {
      return ((await (await database).get('state', LAST_PRODUCT)) as (Product & { url: string }) | undefined) ?? null;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
