import 'fake-indexeddb/auto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { libraryView, PAGES_PER_SLICE } from '../../background/library/library-view';
import { createCrawlLibrary, type ExtractedPage } from '../../background/storage/crawl-library';
import { openBosunDb } from '../../background/storage/db';
import { withSlice } from '../../sidebar/crawl-pages-slice';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';

const page = (url: string): ExtractedPage => ({
  url,
  title: `Title of ${url}`,
  content: `Text of ${url}`,
  html: `<p>${url}</p>`,
  markdown: `# ${url}`,
  markdownMeta: null,
  metadata: {},
  status: 'completed',
});

async function libraryWith(count: number, name: string) {
  const library = createCrawlLibrary(openBosunDb(name));
  const job = await library.createJob(['https://docs.test/']);
  const other = await library.createJob(['https://other.test/']);
  for (let i = 0; i < count; i++) await library.savePage(job.id, page(`https://docs.test/${i}`));
  await library.savePage(other.id, page('https://other.test/x'));
  return { library, job, other };
}

describe("a crawl's stored pages, a slice at a time", () => {
  it('slices follow one another in index order, each page once, only the job asked for', async () => {
    const { library, job } = await libraryWith(7, 'pages-slice-storage');
    const all = (await library.pagesOf(job.id, 100)).map((p) => p.id);
    expect(all).toHaveLength(7);
    const slices = await Promise.all([0, 3, 6, 9].map((offset) => library.pagesOf(job.id, 3, offset)));
    expect(slices.map((s) => s.length)).toEqual([3, 3, 1, 0]);
    expect(slices.flat().map((p) => p.id)).toEqual(all);
    expect(slices.flat().every((p) => p.jobId === job.id)).toBe(true);
  });

  it('the view answers a slice with its offset and the total, and refuses an offset past the end', async () => {
    const { library, job } = await libraryWith(PAGES_PER_SLICE + 5, 'pages-slice-view');
    const view = libraryView(library, async () => null);
    const first = await view.pages(job.id);
    const next = await view.pages(job.id, PAGES_PER_SLICE);
    expect(first).toMatchObject({
      type: 'CRAWL_PAGES',
      payload: { jobId: job.id, total: PAGES_PER_SLICE + 5, offset: 0 },
    });
    expect(next).toMatchObject({ payload: { total: PAGES_PER_SLICE + 5, offset: PAGES_PER_SLICE } });
    const ids = [first, next].flatMap((m) =>
      (m as { payload: { pages: { id: string }[] } }).payload.pages.map((p) => p.id),
    );
    expect(ids).toHaveLength(PAGES_PER_SLICE + 5);
    expect(new Set(ids).size).toBe(PAGES_PER_SLICE + 5);
    expect(await view.pages(job.id, PAGES_PER_SLICE + 5)).toMatchObject({ payload: { pages: [] } });
    expect(await view.pages(job.id, PAGES_PER_SLICE + 6)).toMatchObject({
      reason: "This crawl's pages changed while they were listed: close the list and open it again.",
    });
    expect(await view.pages('job_gone', PAGES_PER_SLICE)).toMatchObject({
      reason: 'That crawl job is no longer in the library.',
    });
  });
});

describe('the request for a slice', () => {
  const listing = (payload: unknown) =>
    v.safeParse(SidebarToBackground.LIST_CRAWL_PAGES, { type: 'LIST_CRAWL_PAGES', payload }).success;

  it('takes a whole, non-negative, bounded offset or none', () => {
    expect([listing({ jobId: 'j' }), listing({ jobId: 'j', offset: 0 }), listing({ jobId: 'j', offset: 200 })]).toEqual(
      [true, true, true],
    );
    for (const offset of [-1, 1.5, '200', Number.NaN, 1_000_001, null])
      expect(listing({ jobId: 'j', offset }), `offset ${String(offset)}`).toBe(false);
  });
});

describe('the opened list as slices arrive', () => {
  const listed = (jobId: string, ids: string[]) =>
    ids.map((id) => ({ id, jobId, title: id, url: `https://docs.test/${id}`, bytes: 1 }));
  const slice = (jobId: string, offset: number, total: number, ids: string[]) => ({
    jobId,
    offset,
    total,
    pages: listed(jobId, ids),
  });
  const ids = (list: ReturnType<typeof withSlice>) => list?.pages.map((p) => p.id);

  it('appends the next slice, keeps later pages when the first is listed again, lists each page once', () => {
    const opened = withSlice(null, slice('job_1', 0, 5, ['a', 'b']));
    const more = withSlice(opened, slice('job_1', 2, 5, ['c', 'd']));
    expect(ids(more)).toEqual(['a', 'b', 'c', 'd']);
    expect(more?.total).toBe(5);
    // A running crawl's first slice, asked for again, has grown: the pages "Show more" added stay.
    expect(ids(withSlice(more, slice('job_1', 0, 6, ['a', 'b'])))).toEqual(['a', 'b', 'c', 'd']);
    // The answer to a second click on the same "Show more" takes the same place.
    expect(ids(withSlice(more, slice('job_1', 2, 5, ['c', 'd'])))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(withSlice(more, slice('job_1', 3, 5, ['d', 'e'])))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('opens another crawl on its first slice only, and drops a slice the list no longer matches', () => {
    const opened = withSlice(null, slice('job_1', 0, 5, ['a', 'b']));
    expect(withSlice(opened, slice('job_2', 2, 5, ['x']))).toBe(opened);
    expect(withSlice(null, slice('job_1', 2, 5, ['c']))).toBeNull();
    expect(withSlice(opened, slice('job_1', 4, 5, ['e']))).toBe(opened);
    expect(ids(withSlice(opened, slice('job_2', 0, 1, ['x'])))).toEqual(['x']);
  });
});
