import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '../../background/storage/canonical-url';
import { contentHash } from '../../background/storage/content-hash';
import { createCrawlLibrary, type ExtractedPage } from '../../background/storage/crawl-library';
import { openBosunDb } from '../../background/storage/db';

describe('canonical URLs', () => {
  it.each([
    ['https://Example.COM:443/Docs/', 'https://example.com/Docs/'],
    ['https://example.com/', 'https://example.com/'],
    ['https://example.com', 'https://example.com/'],
    ['https://example.com/docs', 'https://example.com/docs'],
    ['https://example.com/a#section-2', 'https://example.com/a'],
    ['https://example.com/a?b=2&a=1&utm_source=x&fbclid=y', 'https://example.com/a?a=1&b=2'],
    ['https://example.com/a?utm_medium=mail', 'https://example.com/a'],
    ['http://user:pw@example.com:80/a', 'http://example.com/a'],
  ])('%s → %s', (url, expected) => {
    expect(canonicalUrl(url)).toBe(expected);
  });

  it("uses the page's declared canonical URL on its own site only", () => {
    expect(canonicalUrl('https://example.com/a?page=1', '/a')).toBe('https://example.com/a');
    expect(canonicalUrl('https://example.com/a', 'https://other.test/a')).toBe('https://example.com/a');
    expect(canonicalUrl('https://example.com/a', 'http://[bad')).toBe('https://example.com/a');
  });
});

describe('content hashes', () => {
  it('are the SHA-256 of the text with whitespace collapsed', async () => {
    const expected = createHash('sha256').update('Hello world').digest('hex');
    expect(await contentHash('Hello world')).toBe(expected);
    expect(await contentHash('  Hello\n\n\tworld ')).toBe(expected);
    expect(await contentHash('Hello World')).not.toBe(expected);
  });
});

let counter = 0;
const page = (url: string, content: string, extra: Partial<ExtractedPage> = {}): ExtractedPage => ({
  url,
  title: url,
  content,
  html: `<p>${content}</p>`,
  markdown: content,
  markdownMeta: { confidence: 0.9 },
  metadata: {},
  status: 'completed',
  ...extra,
});

function library() {
  let clock = 1000;
  return createCrawlLibrary(openBosunDb(`library-test-${++counter}`), () => clock++);
}

describe('the crawl library', () => {
  it('stores a page once per canonical URL, replacing it with a newer copy', async () => {
    const lib = library();
    const job = await lib.createJob(['https://site.test/docs']);
    const first = await lib.savePage(job.id, page('https://site.test/docs/a#top', 'Alpha'));
    expect(first.outcome).toBe('added');
    expect(first.page).toMatchObject({
      jobId: job.id,
      url: 'https://site.test/docs/a#top',
      canonicalUrl: 'https://site.test/docs/a',
      alternateUrls: [],
    });
    expect(first.page.contentHash).toBe(await contentHash('Alpha'));
    const again = await lib.savePage(job.id, page('https://site.test/docs/a?utm_source=feed#intro', 'Alpha, revised'));
    expect(again.outcome).toBe('replaced');
    expect(again.page.id).toBe(first.page.id);
    const pages = await lib.listPages(job.id);
    expect(pages.map((p) => p.content)).toEqual(['Alpha, revised']);
  });

  it('does not store the same content twice: the other URL is kept as an alternate', async () => {
    const lib = library();
    const job = await lib.createJob(['https://site.test/']);
    await lib.savePage(job.id, page('https://site.test/a', 'Same text'));
    const duplicate = await lib.savePage(job.id, page('https://site.test/a-copy', 'Same   text'));
    expect(duplicate.outcome).toBe('duplicate');
    expect(duplicate.page.alternateUrls).toEqual(['https://site.test/a-copy']);
    await lib.savePage(job.id, page('https://site.test/a-copy', 'Same text'));
    expect(await lib.listPages(job.id)).toHaveLength(1);
    expect((await lib.listPages(job.id))[0]?.alternateUrls).toEqual(['https://site.test/a-copy']);
    // Another job keeps its own copy: de-duplication is per job.
    const other = await lib.createJob(['https://site.test/']);
    expect((await lib.savePage(other.id, page('https://site.test/a', 'Same text'))).outcome).toBe('added');
  });

  it('lists jobs newest first, updates their metadata, and deletes them with their pages', async () => {
    const lib = library();
    const older = await lib.createJob(['https://one.test/']);
    const newer = await lib.createJob(['https://two.test/', 'https://three.test/']);
    expect(newer).toMatchObject({ baseUrl: 'https://two.test/', status: 'pending', pagesFound: 0, errors: [] });
    expect((await lib.listJobs()).map((j) => j.id)).toEqual([newer.id, older.id]);

    const updated = await lib.updateJob(older.id, { title: 'Docs', tags: ['a'] });
    expect(updated).toMatchObject({ id: older.id, title: 'Docs', tags: ['a'], status: 'pending' });
    expect(updated?.updatedAt).toBeGreaterThan(older.updatedAt);
    expect(await lib.updateJob('job_missing', { title: 'x' })).toBeNull();

    await lib.savePage(older.id, page('https://one.test/p', 'One'));
    await lib.savePage(newer.id, page('https://two.test/p', 'Two'));
    const settings = {
      maxWorkers: 1,
      pageLimit: 10,
      strictPathMatching: true,
      followExternalLinks: false,
      maxExternalHops: 1,
      waitForSelectors: [],
    };
    await lib.saveProgress(
      { pagesFound: 2, pagesProcessed: 1 },
      {
        jobId: older.id,
        queue: [{ url: 'https://one.test/q', hops: 0 }],
        seen: ['https://one.test/p', 'https://one.test/q'],
        settings,
      },
    );
    // The counts and the frontier are written together: a page counted is never still queued.
    expect(await lib.getFrontier(older.id)).toMatchObject({
      queue: [{ url: 'https://one.test/q', hops: 0 }],
      settings: { pageLimit: 10 },
    });
    expect(await lib.getJob(older.id)).toMatchObject({ pagesFound: 2, pagesProcessed: 1, title: 'Docs' });
    expect(await lib.deleteJobs([older.id, older.id, 'job_missing'])).toBe(1);
    expect(await lib.getJob(older.id)).toBeNull();
    expect(await lib.getFrontier(older.id)).toBeNull();
    expect(await lib.listPages(older.id)).toEqual([]);
    expect(await lib.listPages(newer.id)).toHaveLength(1);
  });

  it('searches every job by URL substring, ignoring case, alternates included', async () => {
    const lib = library();
    const a = await lib.createJob(['https://site.test/']);
    const b = await lib.createJob(['https://blog.test/']);
    await lib.savePage(a.id, page('https://site.test/Guide/intro', 'Intro'));
    await lib.savePage(a.id, page('https://site.test/guide-copy', 'Intro'));
    await lib.savePage(b.id, page('https://blog.test/posts/guide', 'Post'));
    await lib.savePage(b.id, page('https://blog.test/about', 'About'));
    expect((await lib.searchPages('GUIDE')).map((p) => p.canonicalUrl).sort()).toEqual([
      'https://blog.test/posts/guide',
      'https://site.test/Guide/intro',
    ]);
    expect(await lib.searchPages('nothing-like-this')).toEqual([]);
  });

  it('searches the address, title and text of every page, ignoring case, up to a limit; gets a page by id', async () => {
    const lib = library();
    const job = await lib.createJob(['https://site.test/']);
    const { page: kept } = await lib.savePage(
      job.id,
      page('https://site.test/a', 'All about Lighthouses', { title: 'Coast' }),
    );
    await lib.savePage(job.id, page('https://site.test/b', 'Nothing here', { title: 'Lighthouse list' }));
    await lib.savePage(job.id, page('https://site.test/lighthouse', 'Other'));
    await lib.savePage(job.id, page('https://site.test/c', 'Unrelated'));
    expect((await lib.searchText('LIGHTHOUSE', 10)).map((p) => p.canonicalUrl).sort()).toEqual([
      'https://site.test/a',
      'https://site.test/b',
      'https://site.test/lighthouse',
    ]);
    expect(await lib.searchText('lighthouse', 2)).toHaveLength(2);
    expect(await lib.getPage(kept.id)).toEqual(kept);
    expect(await lib.getPage('page_missing')).toBeNull();
  });

  it("counts and lists a job's stored pages (a copy under another address is not counted twice)", async () => {
    const lib = library();
    const job = await lib.createJob(['https://site.test/']);
    const other = await lib.createJob(['https://other.test/']);
    await lib.savePage(job.id, page('https://site.test/a', 'Alpha'));
    await lib.savePage(job.id, page('https://site.test/copy-of-a', 'Alpha'));
    await lib.savePage(job.id, page('https://site.test/b', 'Beta'));
    await lib.savePage(other.id, page('https://other.test/c', 'Gamma'));
    expect(await lib.countPages(job.id)).toBe(2);
    expect((await lib.pagesOf(job.id, 10)).map((p) => p.url).sort()).toEqual([
      'https://site.test/a',
      'https://site.test/b',
    ]);
    expect(await lib.pagesOf(job.id, 1)).toHaveLength(1);
    expect(await lib.countPages('job_none')).toBe(0);
  });

  it('ranks the pages of every job for a question, keeping the best up to a limit, with an excerpt', async () => {
    const lib = library();
    const job = await lib.createJob(['https://site.test/']);
    await lib.savePage(
      job.id,
      page('https://site.test/pricing', 'Our pricing: three plans, billed monthly.', { title: 'Pricing' }),
    );
    await lib.savePage(job.id, page('https://site.test/blog', 'A post that mentions plans once.', { title: 'Blog' }));
    await lib.savePage(job.id, page('https://site.test/about', 'Nothing to see.', { title: 'About' }));
    const ranked = await lib.rankPages('pricing plans', 5);
    expect(ranked.map((p) => p.url)).toEqual(['https://site.test/pricing', 'https://site.test/blog']);
    expect(ranked[0]).toMatchObject({
      jobId: job.id,
      title: 'Pricing',
      excerpt: 'Our pricing: three plans, billed monthly.',
    });
    expect((await lib.rankPages('pricing plans', 1)).map((p) => p.url)).toEqual(['https://site.test/pricing']);
    expect(await lib.rankPages('zebra', 5)).toEqual([]);
    expect(await lib.rankPages('?!', 5)).toEqual([]);
  });
});
