import { beforeAll, describe, expect, it } from 'vitest';
import { PAGES_PER_SLICE } from '../../background/library/library-view';
import { BROWSERS } from './harness';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { job, seedLibrary, storedPage } from './support/library';
import { showView } from './support/sidebar';

/** More pages than two slices hold, so the list takes two clicks on "Show more" to be complete. */
const PAGE_COUNT = PAGES_PER_SLICE * 2 + 37;
const pagesOf = (jobId: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    storedPage(`page_${jobId}_${String(i).padStart(4, '0')}`, jobId, `https://docs.test/${jobId}/${i}`, `Page ${i}`),
  );

describe.each(BROWSERS)("paging through a crawl's pages in the Library in %s", (browserName) => {
  const ctx = useConfiguredSidebar(browserName);
  const { sidebar } = ctx;
  const listedIds = () =>
    sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="library-page"]')].map((li) => li.getAttribute('data-id')),
    );
  const waitForListed = (count: number) =>
    sidebar.waitFor((n) => document.querySelectorAll('[data-testid="library-page"]').length === n, count, {
      message: `${count} pages are not listed`,
      timeoutMs: 20_000,
    });
  const openJob = async (id: string) => {
    await sidebar.waitFor(
      (sel) => document.querySelector(sel) !== null,
      `[data-testid="library-job"][data-id="${id}"]`,
      {
        message: `the job ${id} is not listed`,
      },
    );
    await sidebar.click(`[data-testid="library-job"][data-id="${id}"] [data-testid="library-open-job"]`);
  };

  beforeAll(async () => {
    const now = Date.now();
    await seedLibrary(sidebar, {
      jobs: [
        { ...job('job_big', 'https://docs.test/job_big/', now), pagesFound: PAGE_COUNT, pagesProcessed: PAGE_COUNT },
        { ...job('job_gone', 'https://docs.test/job_gone/', now - 1), pagesFound: 201, pagesProcessed: 201 },
      ],
      pages: [...pagesOf('job_big', PAGE_COUNT), ...pagesOf('job_gone', PAGES_PER_SLICE + 1)],
    });
    await showView(sidebar, 'library');
  });

  it('lists a slice, then each "Show more" appends the next until every page is listed once', async () => {
    await openJob('job_big');
    await waitForListed(PAGES_PER_SLICE);
    expect(await sidebar.text('[data-testid="library-pages-shown"]')).toBe(
      `Showing ${PAGES_PER_SLICE} of ${PAGE_COUNT} pages.`,
    );
    await sidebar.click('[data-testid="library-pages-more"]');
    await waitForListed(PAGES_PER_SLICE * 2);
    expect(await sidebar.text('[data-testid="library-pages-shown"]')).toBe(
      `Showing ${PAGES_PER_SLICE * 2} of ${PAGE_COUNT} pages.`,
    );
    await sidebar.click('[data-testid="library-pages-more"]');
    await waitForListed(PAGE_COUNT);
    const ids = await listedIds();
    // The seeded ids sort in the order the library's index lists them: each page once, none missing.
    expect(ids).toEqual(pagesOf('job_big', PAGE_COUNT).map((page) => page.id));
    expect(
      await sidebar.evaluate(() =>
        ['library-pages-more', 'library-pages-shown'].map((id) => document.querySelector(`[data-testid="${id}"]`)),
      ),
    ).toEqual([null, null]);
    await sidebar.click('[data-testid="library-close-pages"]');
  });

  it('a crawl deleted while its pages are listed: "Show more" says so and the list closes', async () => {
    await openJob('job_gone');
    await waitForListed(PAGES_PER_SLICE);
    // Deleted as the background deletes a job (record and pages in one transaction), then "Show more" at once.
    const clicked = await sidebar.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('bosun');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['crawlJobs', 'crawlPages'], 'readwrite');
      tx.objectStore('crawlJobs').delete('job_gone');
      const pages = tx.objectStore('crawlPages').index('byJob');
      pages.openCursor('job_gone').onsuccess = (event) => {
        const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
        if (!cursor) return;
        cursor.delete();
        cursor.continue();
      };
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      const more = document.querySelector<HTMLButtonElement>('[data-testid="library-pages-more"]');
      more?.click();
      return more !== null;
    });
    expect(clicked, 'the list closed before "Show more" could be clicked').toBe(true);
    await sidebar.waitFor(
      () =>
        document
          .querySelector('[data-testid="notice"]')
          ?.textContent?.includes('That crawl job is no longer in the library.'),
      undefined,
      { message: 'the deleted crawl was not reported' },
    );
    await sidebar.waitFor(
      () =>
        document.querySelector('[data-testid="library-pages"]') === null &&
        document.querySelector('[data-testid="library-job"][data-id="job_gone"]') === null,
      undefined,
      { message: "the deleted crawl's list did not close" },
    );
  });
});
