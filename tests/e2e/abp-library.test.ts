import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useAbpPage } from './support/abp';
import { useExtension } from './support/extension';
import { job, seedLibrary, storedPage } from './support/library';
import { trustTestSiteToNavigate } from './support/permissions';
import { useSite } from './support/site';

/** The knowledge capabilities of the ABP page: the stored library, conversion, export, and crawling. */
describe.each(BROWSERS)('the ABP library and crawler in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  const abp = useAbpPage(ctx, { initialized: true });
  const { call, data } = abp;
  // A crawl is judged at the navigate level: allowed as a person who crawls would allow it.
  beforeAll(() => trustTestSiteToNavigate(ctx));

  it('storage.jobs and storage.pages read the library: newest first, per job, and by URL substring', async () => {
    await seedLibrary(abp.page, {
      jobs: [job('job_docs', 'https://docs.test/', 1000), job('job_blog', 'https://blog.test/', 2000)],
      pages: [
        storedPage('p1', 'job_docs', 'https://docs.test/guide/intro', 'Intro text'),
        storedPage('p2', 'job_docs', 'https://docs.test/api', 'API text'),
        storedPage('p3', 'job_blog', 'https://blog.test/posts/guide', 'Post text'),
      ],
    });
    const { jobs } = (await data('storage.jobs.list')) as { jobs: { id: string }[] };
    expect(jobs.map((j) => j.id)).toEqual(['job_blog', 'job_docs']);
    expect(await data('storage.jobs.get', { jobId: 'job_docs' })).toEqual({
      job: job('job_docs', 'https://docs.test/', 1000),
    });
    expect(await data('storage.jobs.get', { jobId: 'job_none' })).toEqual({ job: null });

    const { pages } = (await data('storage.pages.list', { jobId: 'job_docs' })) as {
      pages: { id: string; html: string }[];
    };
    expect(pages.map((p) => p.id).sort()).toEqual(['p1', 'p2']);
    expect(pages[0]?.html).toMatch(/^<p>/);

    const { results } = (await data('storage.pages.search', { query: 'GUIDE' })) as {
      results: Record<string, unknown>[];
    };
    expect(results.map((r) => r.id).sort()).toEqual(['p1', 'p3']);
    expect(results.find((r) => r.id === 'p1')).toEqual({
      id: 'p1',
      url: 'https://docs.test/guide/intro',
      canonicalUrl: 'https://docs.test/guide/intro',
      jobId: 'job_docs',
      title: 'Title of https://docs.test/guide/intro',
      content: 'Intro text',
      contentLength: 10,
      metadata: { description: 'Intro text' },
      extractedAt: 1,
    });
  });

  it('bad storage input is refused with the field named, and changes nothing', async () => {
    const status = await call('storage.jobs.update', { jobId: 'job_docs', updates: { status: 'cancelled' } });
    expect(status).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/updates\.status/) },
    });
    const missing = await call('storage.jobs.update', { jobId: 'job_none', updates: { title: 'x' } });
    expect(missing).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: 'jobId: there is no job "job_none".' },
    });
    const none = await call('storage.jobs.delete', { jobIds: [] });
    expect(none).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/jobIds/) },
    });
    expect(await call('storage.pages.search', { query: '   ' })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS' },
    });
    expect(await data('storage.jobs.get', { jobId: 'job_docs' })).toEqual({
      job: job('job_docs', 'https://docs.test/', 1000),
    });
    expect(((await data('storage.jobs.list')) as { jobs: unknown[] }).jobs).toHaveLength(2);
  });

  it('storage.jobs.update changes metadata; storage.jobs.delete removes jobs with their pages', async () => {
    const { job: updated } = (await data('storage.jobs.update', {
      jobId: 'job_docs',
      updates: { title: 'Docs', tags: ['reference'] },
    })) as { job: Record<string, unknown> };
    expect(updated).toMatchObject({ id: 'job_docs', title: 'Docs', tags: ['reference'], status: 'completed' });
    expect(updated.updatedAt).toBeGreaterThan(1000);
    expect(await data('storage.jobs.get', { jobId: 'job_docs' })).toEqual({ job: updated });

    expect(await data('storage.jobs.delete', { jobIds: 'job_docs' })).toEqual({ deleted: 1 });
    expect(await data('storage.pages.list', { jobId: 'job_docs' })).toEqual({ pages: [] });
    expect(
      ((await data('storage.pages.search', { query: 'test' })) as { results: { id: string }[] }).results.map(
        (r) => r.id,
      ),
    ).toEqual(['p3']);
    expect(await data('storage.jobs.delete', { jobIds: ['job_blog', 'job_none'] })).toEqual({ deleted: 1 });
    expect(await data('storage.jobs.list')).toEqual({ jobs: [] });
  });

  it('convert.toFormat converts one page or a whole job, with front matter and the confidence fallback', async () => {
    await seedLibrary(abp.page, {
      jobs: [job('job_site', 'https://site.test/', 3000)],
      pages: [
        storedPage('s1', 'job_site', 'https://site.test/a', 'Text A'),
        { ...storedPage('s2', 'job_site', 'https://site.test/b', 'Text B'), markdownMeta: { confidence: 0.2 } },
      ],
    });
    const one = await data('convert.toFormat', { jobId: 'job_site', pageId: 's1', format: 'markdown' });
    expect(one).toMatchObject({
      format: 'markdown',
      fallback: false,
      metadata: { title: 'Title of https://site.test/a', url: 'https://site.test/a' },
    });
    expect(one.content).toMatch(/^---\n[\s\S]*\ntitle: "Title of https:\/\/site\.test\/a"\n[\s\S]*\n---\n\nText A$/);
    expect(
      await data('convert.toFormat', { jobId: 'job_site', pageId: 's2', format: 'markdown', includeMetadata: false }),
    ).toEqual({
      format: 'markdown',
      content: 'Text B',
      fallback: true,
      reason: "the markdown's confidence 0.2 is below the threshold 0.5",
    });
    const all = await data('convert.toFormat', { jobId: 'job_site', format: 'html' });
    expect(all).toMatchObject({ format: 'html', pageCount: 2, fallbackCount: 0 });
    expect(all.content).toContain('<article data-url="https://site.test/b">');
    expect(await call('convert.toFormat', { jobId: 'job_site', pageId: 'nope', format: 'text' })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: 'pageId: job "job_site" has no page "nope".' },
    });
    expect(await call('convert.toFormat', { jobId: 'job_site', format: 'pdf' })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/format: /) },
    });
  });

  it('export.asArchive returns a ZIP as base64 binary data, which unzips to a file per page', async () => {
    const { document } = (await data('export.asArchive', { jobIds: 'job_site', format: 'markdown' })) as {
      document: Record<string, unknown>;
    };
    expect(document).toMatchObject({
      mimeType: 'application/zip',
      encoding: 'base64',
      filename: expect.stringMatching(/^bosun-site\.test-\d{4}-\d{2}-\d{2}\.zip$/),
    });
    const bytes = Buffer.from(document.content as string, 'base64');
    expect(document.size).toBe(bytes.length);
    const zip = await JSZip.loadAsync(bytes);
    const files = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name)
      .sort();
    expect(files).toEqual(['site.test-job_site/site.test_a.md', 'site.test-job_site/site.test_b.md']);
    expect(await zip.file('site.test-job_site/site.test_a.md')?.async('string')).toMatch(/^---\n[\s\S]*---\n\nText A$/);
    expect(await call('export.asArchive', { jobIds: ['job_site', 'job_gone'], format: 'text' })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: 'jobIds: there is no job "job_gone".' },
    });
    expect(await data('storage.jobs.delete', { jobIds: 'job_site' })).toEqual({ deleted: 1 });
  });

  describe('crawling the test site', () => {
    // The same site, slow past its first page: a crawl cancelled after that page is still under way.
    const slowSite = useSite({
      delayMs: (path) => (path.startsWith('/crawl/') && path !== '/crawl/index.html' ? 1_500 : 0),
    });
    const tabIds = () => abp.page.evaluate(async () => (await browser.tabs.query({})).map((t) => t.id).sort());
    type Status = {
      active: boolean;
      pagesProcessed: number;
      pagesFound: number;
      queueSize: number;
      job: { status: string; pagesFailed: number };
    };
    /** Polls crawl.status, as an agent does, until the crawl is no longer running. */
    const untilDone = async (jobId: string): Promise<Status> => {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const status = (await data('crawl.status', { jobId })) as unknown as Status;
        if (!status.active) return status;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the crawl ${jobId} did not finish`);
    };
    const CRAWLED = ['crawl/a.html', 'crawl/b.html', 'crawl/deep/c.html', 'crawl/index.html', 'crawl/orphan.html'];

    it('crawl.start crawls the site by polling: sitemap and links in scope, duplicates stored once, no tab left open', async () => {
      const before = await tabIds();
      const started = await data('crawl.start', { urls: site.url('crawl/index.html'), options: { maxWorkers: 2 } });
      expect(started).toEqual({ jobId: expect.stringMatching(/^job_/), status: 'started' });
      const jobId = started.jobId as string;
      const status = await untilDone(jobId);
      expect(status).toMatchObject({
        active: false,
        pagesProcessed: 6,
        pagesFound: 6,
        queueSize: 0,
        job: { status: 'completed', pagesFailed: 0 },
      });
      expect(await tabIds()).toEqual(before);

      const { pages } = (await data('storage.pages.list', { jobId })) as {
        pages: {
          url: string;
          canonicalUrl: string;
          alternateUrls: string[];
          markdown: string;
          metadata: Record<string, string>;
        }[];
      };
      expect(pages.map((p) => p.canonicalUrl).sort()).toEqual(CRAWLED.map(site.url));
      const alpha = pages.find((p) => p.canonicalUrl === site.url('crawl/a.html'));
      expect(alpha).toMatchObject({
        alternateUrls: [site.url('crawl/copy-of-a.html')],
        metadata: { description: 'Alpha page of the crawl fixture', language: 'en' },
      });
      expect(alpha?.markdown).toMatch(/^# Alpha\n/);

      const { results } = (await data('storage.pages.search', { query: 'deep' })) as {
        results: { canonicalUrl: string }[];
      };
      expect(results.map((r) => r.canonicalUrl)).toEqual([site.url('crawl/deep/c.html')]);
      expect(await data('convert.toFormat', { jobId, format: 'markdown' })).toMatchObject({
        pageCount: 5,
        fallbackCount: 0,
      });
      const { document } = (await data('export.asArchive', { jobIds: jobId, format: 'text' })) as {
        document: { content: string };
      };
      const zip = await JSZip.loadAsync(Buffer.from(document.content, 'base64'));
      expect(Object.values(zip.files).filter((f) => !f.dir)).toHaveLength(5);
      expect(await data('storage.jobs.delete', { jobIds: jobId })).toEqual({ deleted: 1 });
    });

    it('crawl.cancel stops a crawl, keeping its pages; crawl.resume finishes it; one crawl runs at a time', async () => {
      const before = await tabIds();
      const { jobId } = (await data('crawl.start', {
        urls: [slowSite.url('crawl/index.html')],
        options: { maxWorkers: 1 },
      })) as { jobId: string };
      expect(await call('crawl.start', { urls: slowSite.url('crawl/index.html') })).toMatchObject({
        success: false,
        error: { code: 'OPERATION_FAILED', retryable: true, message: expect.stringMatching(/^A crawl is running/) },
      });
      await abp.page.waitFor(
        async (id) =>
          ((await window.abp.call('crawl.status', { jobId: id })) as { data?: { pagesProcessed?: number } }).data
            ?.pagesProcessed ?? 0,
        jobId,
        { message: 'no page was crawled' },
      );
      expect(await data('crawl.cancel')).toEqual({ status: 'cancelled', jobId });
      const cancelled = await untilDone(jobId);
      expect(cancelled.job.status).toBe('cancelled');
      expect(cancelled.pagesProcessed).toBeLessThan(6);
      expect(await tabIds()).toEqual(before);
      expect(await data('crawl.cancel')).toEqual({ status: 'idle' });

      expect(await data('crawl.resume', { jobId, options: { maxWorkers: 3 } })).toEqual({ jobId, status: 'resumed' });
      expect(await untilDone(jobId)).toMatchObject({ pagesProcessed: 6, job: { status: 'completed', pagesFailed: 0 } });
      expect(((await data('storage.pages.list', { jobId })) as { pages: unknown[] }).pages).toHaveLength(5);
      expect(await tabIds()).toEqual(before);
      expect(await call('crawl.resume', { jobId: 'job_none' })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: 'jobId: there is no crawl job "job_none" to resume.' },
      });
      expect(await call('crawl.start', { urls: [], options: {} })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/urls/) },
      });
      expect(await call('crawl.start', { urls: site.url('crawl/'), options: { maxWorkers: 11 } })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/options\.maxWorkers/) },
      });
      expect(await data('storage.jobs.delete', { jobIds: jobId })).toEqual({ deleted: 1 });
    });

    it('a crawl cut off by a stopped background is interrupted, its tabs are closed, and it resumes from what is stored', async () => {
      const before = await tabIds();
      const { jobId } = (await data('crawl.start', {
        urls: site.url('crawl/index.html'),
        options: { maxWorkers: 1 },
      })) as { jobId: string };
      await abp.page.waitFor(
        async (id) =>
          ((await window.abp.call('crawl.status', { jobId: id })) as { data?: { pagesProcessed?: number } }).data
            ?.pagesProcessed ?? 0,
        jobId,
        { message: 'no page was crawled' },
      );
      await ctx.session.stopBackground();
      // A call that meets the dying connection is refused as retryable; a client retries it, as here.
      const interrupted = (await abp.page.waitFor(
        async (id) => {
          const response = await window.abp.call('crawl.status', { jobId: id });
          if (!response.success && !response.error.retryable) throw new Error(JSON.stringify(response.error));
          return response.success ? response.data : null;
        },
        jobId,
        { message: 'crawl.status did not answer after the restart' },
      )) as unknown as Status;
      expect(interrupted).toMatchObject({ active: false, job: { status: 'interrupted' } });
      expect(interrupted.pagesProcessed).toBeGreaterThan(0);
      await abp.page.waitFor(
        async (expected) => JSON.stringify((await browser.tabs.query({})).map((t) => t.id).sort()) === expected,
        JSON.stringify(before),
        { message: 'the crawl tab was not closed' },
      );

      await data('crawl.resume', { jobId });
      expect(await untilDone(jobId)).toMatchObject({ pagesProcessed: 6, job: { status: 'completed', pagesFailed: 0 } });
      expect(((await data('storage.pages.list', { jobId })) as { pages: unknown[] }).pages).toHaveLength(5);
      expect(await tabIds()).toEqual(before);
      expect(await data('storage.jobs.delete', { jobIds: jobId })).toEqual({ deleted: 1 });
    });
  });
});
