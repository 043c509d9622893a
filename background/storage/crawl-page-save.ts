import { newId } from './ids';
import { canonicalUrl } from './canonical-url';
import { contentHash } from './content-hash';
import type { CrawlPage, Db } from './db';

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

/**
 * Stores a page once per canonical URL in a job; content already stored under another URL of the
 * job is not stored again: that URL is added to the stored page's `alternateUrls`.
 */
export async function savePage(
  database: Promise<Db>,
  now: () => number,
  jobId: string,
  page: ExtractedPage,
): Promise<{ outcome: SaveOutcome; page: CrawlPage }> {
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
