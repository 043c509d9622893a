import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { libraryView } from '../../background/library/library-view';
import { countsInWords, crawlCounts } from '../../background/library/crawl-counts';
import { createCrawlLibrary, type ExtractedPage } from '../../background/storage/crawl-library';
import { openBosunDb } from '../../background/storage/db';

const page = (url: string, content: string): ExtractedPage => ({
  url,
  title: `Title of ${url}`,
  content,
  html: `<p>${content}</p>`,
  markdown: `# ${content}`,
  markdownMeta: null,
  metadata: {},
  status: 'completed',
});

/**
 * The crawl of issue 19 read five pages and stored four (one was a copy): the chat was told "4 pages
 * stored" while the Library showed "5 of 5". Both now come from the stored pages and the job's counters.
 */
describe('what the Library view and the crawl tell of the same crawl', () => {
  it("the view lists read and stored pages in the numbers the model is told, and a crawl's pages with sizes", async () => {
    const library = createCrawlLibrary(openBosunDb('library-counts-test'));
    const job = await library.createJob(['https://docs.test/']);
    for (const [url, text] of [
      ['https://docs.test/', 'Home'],
      ['https://docs.test/a', 'Alpha'],
      ['https://docs.test/copy-of-a', 'Alpha'],
      ['https://docs.test/b', 'Beta'],
      ['https://docs.test/c', 'Gamma é'],
    ])
      await library.savePage(job.id, page(url!, text!));
    await library.updateJob(job.id, { status: 'completed', pagesProcessed: 5 });
    const view = libraryView(library, async () => null);

    const listed = await view.jobs();
    expect(listed).toMatchObject({
      type: 'CRAWL_JOBS',
      payload: { jobs: [{ id: job.id, pagesProcessed: 5, pagesStored: 4, pagesFailed: 0 }] },
    });
    const saved = await library.getJob(job.id);
    const told = countsInWords(crawlCounts(saved!, (await library.listPages(job.id)).length));
    expect(told).toBe('5 pages read, 4 stored (1 was a copy of a stored page)');

    const pages = await view.pages(job.id);
    expect(pages).toMatchObject({ type: 'CRAWL_PAGES', payload: { jobId: job.id, total: 4 } });
    const sizes = Object.fromEntries(
      (pages as { payload: { pages: { url: string; bytes: number }[] } }).payload.pages.map((p) => [p.url, p.bytes]),
    );
    // The markdown's UTF-8 bytes: "# Gamma é" is 9 characters and 10 bytes.
    expect(sizes).toEqual({
      'https://docs.test/': 6,
      'https://docs.test/a': 7,
      'https://docs.test/b': 6,
      'https://docs.test/c': 10,
    });
    expect(await view.pages('job_gone')).toMatchObject({ reason: 'That crawl job is no longer in the library.' });
  });
});
