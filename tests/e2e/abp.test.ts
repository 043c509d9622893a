import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, noPromptFor } from './support/agent';
import { useExtension } from './support/extension';
import { job, seedLibrary, storedPage } from './support/library';
import { configure, openSidebar } from './support/sidebar';
import { useSite } from './support/site';

/** The 17 capabilities of the Webscribe ABP contract. */
const SPEC_CAPABILITIES = [
  'crawl.start', 'crawl.status', 'crawl.cancel', 'crawl.resume',
  'storage.jobs.list', 'storage.jobs.get', 'storage.jobs.delete', 'storage.jobs.update',
  'storage.pages.list', 'storage.pages.search', 'convert.toFormat', 'export.asArchive', 'scrape.pickContent',
  'diagnostics.getReport', 'diagnostics.getErrors', 'diagnostics.clearErrors', 'extension.getInfo',
];

type Envelope = { success: true; data: Record<string, unknown> } | { success: false; error: { code: string; message: string; retryable: boolean } };

describe.each(BROWSERS)('the ABP page in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let page: PageDriver;
  const call = (capability: unknown, params?: unknown): Promise<Envelope> =>
    page.evaluate(({ capability, params }) => window.abp.call(capability, params), { capability, params });
  const data = async (capability: string, params?: unknown): Promise<Record<string, unknown>> => {
    const response = await call(capability, params);
    if (!response.success) throw new Error(`${capability} failed: ${JSON.stringify(response.error)}`);
    return response.data;
  };

  beforeAll(async () => {
    page = await ctx.session.openExtensionPage('abp-app.html');
  });

  it('defines window.abp from a synchronous script, with the identity of the spec', async () => {
    const shape = await page.evaluate(() => {
      const script = document.head.querySelector('script');
      return {
        script: script ? { src: script.getAttribute('src'), async: script.async, defer: script.defer, type: script.type } : null,
        protocolVersion: window.abp.protocolVersion,
        app: window.abp.app,
        initialized: window.abp.initialized,
        sessionId: window.abp.sessionId,
        methods: (['initialize', 'shutdown', 'call', 'listCapabilities'] as const).map((name) => typeof window.abp[name]),
      };
    });
    expect(shape).toEqual({
      script: { src: 'abp-app.js', async: false, defer: false, type: '' },
      protocolVersion: '0.1',
      app: { id: 'org.bosun-agent.bosun', name: 'Bosun', version: '0.1.0' },
      initialized: false,
      sessionId: null,
      methods: ['function', 'function', 'function', 'function'],
    });
  });

  it('refuses calls before initialize with NOT_INITIALIZED', async () => {
    expect(await call('extension.getInfo')).toEqual({
      success: false,
      error: { code: 'NOT_INITIALIZED', message: 'Call initialize() before call().', retryable: false },
    });
  });

  it('lists the capabilities as a plain array with JSON Schemas', async () => {
    const list = await page.evaluate(() => window.abp.listCapabilities());
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(SPEC_CAPABILITIES));
    for (const capability of list) {
      expect(capability.description.length).toBeGreaterThan(10);
      expect(capability.inputSchema).toMatchObject({ type: 'object' });
    }
    const byName = new Map(list.map((c) => [c.name, c]));
    expect(byName.get('diagnostics.getErrors')).toEqual({
      name: 'diagnostics.getErrors',
      description: 'Get the error log (oldest first), or only its size',
      available: true,
      inputSchema: { type: 'object', properties: { countOnly: { type: 'boolean' } }, required: [], additionalProperties: false },
    });
    expect(byName.get('extension.getInfo')?.available).toBe(true);
    expect(byName.get('storage.pages.search')).toMatchObject({ available: true, inputSchema: { properties: { query: { type: 'string' } }, required: ['query'] } });
    expect(byName.get('crawl.start')).toMatchObject({ available: true, inputSchema: { required: ['urls'] } });
    expect(list.every((c) => c.available)).toBe(true);
  });

  it('initializes a session', async () => {
    const session = await page.evaluate(() => window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }));
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session).toMatchObject({ protocolVersion: '0.1', app: { name: 'Bosun' }, features: { notifications: false, progress: false, elicitation: false, dynamicCapabilities: false } });
    expect(session.capabilities).toContainEqual({ name: 'extension.getInfo', available: true });
    expect(session.capabilities).toContainEqual({ name: 'page.act', available: true });
    expect(await page.evaluate(() => [window.abp.initialized, window.abp.sessionId])).toEqual([true, session.sessionId]);
  });

  it('answers UNKNOWN_CAPABILITY, and INVALID_PARAMS naming the field', async () => {
    expect(await call('nope.nothing')).toMatchObject({ success: false, error: { code: 'UNKNOWN_CAPABILITY', retryable: false } });
    const wrongType = await call('diagnostics.getErrors', { countOnly: 'yes' });
    expect(wrongType).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', retryable: false } });
    expect(wrongType.success ? '' : wrongType.error.message).toMatch(/^Invalid params for diagnostics\.getErrors: countOnly: /);
    const extra = await call('extension.getInfo', { verbose: true });
    expect(extra.success ? '' : extra.error.message).toMatch(/verbose/);
    expect(await call('diagnostics.getErrors', 'countOnly')).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
    expect(await call(42)).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: 'capability: must be a capability name (a string).' } });
    expect(await call('crawl.start', { urls: 'ftp://example.com/' })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/urls/) } });
  });

  it('extension.getInfo describes the extension', async () => {
    const info = await data('extension.getInfo');
    expect(info).toMatchObject({ name: 'Bosun', version: '0.1.0', manifestVersion: 3, serviceWorkerVersion: '0.1.0', browser: browserName === 'chromium' ? 'chrome' : 'firefox' });
    const expectedId = browserName === 'chromium' ? new URL(ctx.session.extensionOrigin).host : 'bosun@bosun-agent.org';
    expect(info.extensionId).toBe(expectedId);
    expect(info.storageUsage).toMatchObject({ usage: expect.any(Number), quota: expect.any(Number) });
  });

  it('diagnostics report, list and clear the error log', async () => {
    expect(await data('diagnostics.clearErrors')).toEqual({ cleared: true });
    expect(await data('diagnostics.getErrors')).toEqual({ logs: [], count: 0 });
    expect(await data('diagnostics.getErrors', { countOnly: true })).toEqual({ count: 0 });
    const { report } = await data('diagnostics.getReport');
    expect(report).toMatchObject({ extension: { name: 'Bosun' }, errors: { count: 0, recent: [] } });
    const { report: text } = await data('diagnostics.getReport', { format: 'string' });
    expect(text).toMatch(/^Bosun diagnostic report, \d{4}-/);
    expect(text).toMatch(/\nErrors: 0$/);
  });

  it('storage.jobs and storage.pages read the library: newest first, per job, and by URL substring', async () => {
    await seedLibrary(page, {
      jobs: [job('job_docs', 'https://docs.test/', 1000), job('job_blog', 'https://blog.test/', 2000)],
      pages: [
        storedPage('p1', 'job_docs', 'https://docs.test/guide/intro', 'Intro text'),
        storedPage('p2', 'job_docs', 'https://docs.test/api', 'API text'),
        storedPage('p3', 'job_blog', 'https://blog.test/posts/guide', 'Post text'),
      ],
    });
    const { jobs } = (await data('storage.jobs.list')) as { jobs: { id: string }[] };
    expect(jobs.map((j) => j.id)).toEqual(['job_blog', 'job_docs']);
    expect(await data('storage.jobs.get', { jobId: 'job_docs' })).toEqual({ job: job('job_docs', 'https://docs.test/', 1000) });
    expect(await data('storage.jobs.get', { jobId: 'job_none' })).toEqual({ job: null });

    const { pages } = (await data('storage.pages.list', { jobId: 'job_docs' })) as { pages: { id: string; html: string }[] };
    expect(pages.map((p) => p.id).sort()).toEqual(['p1', 'p2']);
    expect(pages[0]?.html).toMatch(/^<p>/);

    const { results } = (await data('storage.pages.search', { query: 'GUIDE' })) as { results: Record<string, unknown>[] };
    expect(results.map((r) => r.id).sort()).toEqual(['p1', 'p3']);
    expect(results.find((r) => r.id === 'p1')).toEqual({
      id: 'p1', url: 'https://docs.test/guide/intro', canonicalUrl: 'https://docs.test/guide/intro', jobId: 'job_docs', title: 'Title of https://docs.test/guide/intro',
      content: 'Intro text', contentLength: 10, metadata: { description: 'Intro text' }, extractedAt: 1,
    });
  });

  it('bad storage input is refused with the field named, and changes nothing', async () => {
    const status = await call('storage.jobs.update', { jobId: 'job_docs', updates: { status: 'cancelled' } });
    expect(status).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/updates\.status/) } });
    const missing = await call('storage.jobs.update', { jobId: 'job_none', updates: { title: 'x' } });
    expect(missing).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: 'jobId: there is no job "job_none".' } });
    const none = await call('storage.jobs.delete', { jobIds: [] });
    expect(none).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/jobIds/) } });
    expect(await call('storage.pages.search', { query: '   ' })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
    expect(await data('storage.jobs.get', { jobId: 'job_docs' })).toEqual({ job: job('job_docs', 'https://docs.test/', 1000) });
    expect(((await data('storage.jobs.list')) as { jobs: unknown[] }).jobs).toHaveLength(2);
  });

  it('storage.jobs.update changes metadata; storage.jobs.delete removes jobs with their pages', async () => {
    const { job: updated } = (await data('storage.jobs.update', { jobId: 'job_docs', updates: { title: 'Docs', tags: ['reference'] } })) as { job: Record<string, unknown> };
    expect(updated).toMatchObject({ id: 'job_docs', title: 'Docs', tags: ['reference'], status: 'completed' });
    expect(updated.updatedAt).toBeGreaterThan(1000);
    expect(await data('storage.jobs.get', { jobId: 'job_docs' })).toEqual({ job: updated });

    expect(await data('storage.jobs.delete', { jobIds: 'job_docs' })).toEqual({ deleted: 1 });
    expect(await data('storage.pages.list', { jobId: 'job_docs' })).toEqual({ pages: [] });
    expect(((await data('storage.pages.search', { query: 'test' })) as { results: { id: string }[] }).results.map((r) => r.id)).toEqual(['p3']);
    expect(await data('storage.jobs.delete', { jobIds: ['job_blog', 'job_none'] })).toEqual({ deleted: 1 });
    expect(await data('storage.jobs.list')).toEqual({ jobs: [] });
  });

  it('convert.toFormat converts one page or a whole job, with front matter and the confidence fallback', async () => {
    await seedLibrary(page, {
      jobs: [job('job_site', 'https://site.test/', 3000)],
      pages: [
        storedPage('s1', 'job_site', 'https://site.test/a', 'Text A'),
        { ...storedPage('s2', 'job_site', 'https://site.test/b', 'Text B'), markdownMeta: { confidence: 0.2 } },
      ],
    });
    const one = await data('convert.toFormat', { jobId: 'job_site', pageId: 's1', format: 'markdown' });
    expect(one).toMatchObject({ format: 'markdown', fallback: false, metadata: { title: 'Title of https://site.test/a', url: 'https://site.test/a' } });
    expect(one.content).toMatch(/^---\n[\s\S]*\ntitle: "Title of https:\/\/site\.test\/a"\n[\s\S]*\n---\n\nText A$/);
    expect(await data('convert.toFormat', { jobId: 'job_site', pageId: 's2', format: 'markdown', includeMetadata: false })).toEqual({
      format: 'markdown', content: 'Text B', fallback: true, reason: "the markdown's confidence 0.2 is below the threshold 0.5",
    });
    const all = await data('convert.toFormat', { jobId: 'job_site', format: 'html' });
    expect(all).toMatchObject({ format: 'html', pageCount: 2, fallbackCount: 0 });
    expect(all.content).toContain('<article data-url="https://site.test/b">');
    expect(await call('convert.toFormat', { jobId: 'job_site', pageId: 'nope', format: 'text' })).toMatchObject({
      success: false, error: { code: 'INVALID_PARAMS', message: 'pageId: job "job_site" has no page "nope".' },
    });
    expect(await call('convert.toFormat', { jobId: 'job_site', format: 'pdf' })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/format: /) } });
  });

  it('export.asArchive returns a ZIP as base64 binary data, which unzips to a file per page', async () => {
    const { document } = (await data('export.asArchive', { jobIds: 'job_site', format: 'markdown' })) as { document: Record<string, unknown> };
    expect(document).toMatchObject({ mimeType: 'application/zip', encoding: 'base64', filename: expect.stringMatching(/^bosun-site\.test-\d{4}-\d{2}-\d{2}\.zip$/) });
    const bytes = Buffer.from(document.content as string, 'base64');
    expect(document.size).toBe(bytes.length);
    const zip = await JSZip.loadAsync(bytes);
    const files = Object.values(zip.files).filter((f) => !f.dir).map((f) => f.name).sort();
    expect(files).toEqual(['site.test-job_site/site.test_a.md', 'site.test-job_site/site.test_b.md']);
    expect(await zip.file('site.test-job_site/site.test_a.md')?.async('string')).toMatch(/^---\n[\s\S]*---\n\nText A$/);
    expect(await call('export.asArchive', { jobIds: ['job_site', 'job_gone'], format: 'text' })).toMatchObject({
      success: false, error: { code: 'INVALID_PARAMS', message: 'jobIds: there is no job "job_gone".' },
    });
    expect(await data('storage.jobs.delete', { jobIds: 'job_site' })).toEqual({ deleted: 1 });
  });

  describe('crawling the test site', () => {
    const tabIds = () => page.evaluate(async () => (await browser.tabs.query({})).map((t) => t.id).sort());
    type Status = { active: boolean; pagesProcessed: number; pagesFound: number; queueSize: number; job: { status: string; pagesFailed: number } };
    /** Polls crawl.status, as an agent does, until the crawl is no longer running. */
    const untilDone = async (jobId: string): Promise<Status> => {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
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
      expect(status).toMatchObject({ active: false, pagesProcessed: 6, pagesFound: 6, queueSize: 0, job: { status: 'completed', pagesFailed: 0 } });
      expect(await tabIds()).toEqual(before);

      const { pages } = (await data('storage.pages.list', { jobId })) as { pages: { url: string; canonicalUrl: string; alternateUrls: string[]; markdown: string; metadata: Record<string, string> }[] };
      expect(pages.map((p) => p.canonicalUrl).sort()).toEqual(CRAWLED.map(site.url));
      const alpha = pages.find((p) => p.canonicalUrl === site.url('crawl/a.html'));
      expect(alpha).toMatchObject({ alternateUrls: [site.url('crawl/copy-of-a.html')], metadata: { description: 'Alpha page of the crawl fixture', language: 'en' } });
      expect(alpha?.markdown).toMatch(/^# Alpha\n/);

      const { results } = (await data('storage.pages.search', { query: 'deep' })) as { results: { canonicalUrl: string }[] };
      expect(results.map((r) => r.canonicalUrl)).toEqual([site.url('crawl/deep/c.html')]);
      expect(await data('convert.toFormat', { jobId, format: 'markdown' })).toMatchObject({ pageCount: 5, fallbackCount: 0 });
      const { document } = (await data('export.asArchive', { jobIds: jobId, format: 'text' })) as { document: { content: string } };
      const zip = await JSZip.loadAsync(Buffer.from(document.content, 'base64'));
      expect(Object.values(zip.files).filter((f) => !f.dir)).toHaveLength(5);
      expect(await data('storage.jobs.delete', { jobIds: jobId })).toEqual({ deleted: 1 });
    });

    it('crawl.cancel stops a crawl, keeping its pages; crawl.resume finishes it; one crawl runs at a time', async () => {
      const before = await tabIds();
      const { jobId } = (await data('crawl.start', { urls: [site.url('crawl/index.html')], options: { maxWorkers: 1 } })) as { jobId: string };
      expect(await call('crawl.start', { urls: site.url('crawl/index.html') })).toMatchObject({ success: false, error: { code: 'OPERATION_FAILED', retryable: true, message: expect.stringMatching(/^A crawl is running/) } });
      await page.waitFor(async (id) => ((await window.abp.call('crawl.status', { jobId: id })) as { data?: { pagesProcessed?: number } }).data?.pagesProcessed ?? 0, jobId, { message: 'no page was crawled' });
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
      expect(await call('crawl.resume', { jobId: 'job_none' })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: 'jobId: there is no crawl job "job_none" to resume.' } });
      expect(await call('crawl.start', { urls: [], options: {} })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/urls/) } });
      expect(await call('crawl.start', { urls: site.url('crawl/'), options: { maxWorkers: 11 } })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/options\.maxWorkers/) } });
      expect(await data('storage.jobs.delete', { jobIds: jobId })).toEqual({ deleted: 1 });
    });

    it('a crawl cut off by a stopped background is interrupted, its tabs are closed, and it resumes from what is stored', async () => {
      const before = await tabIds();
      const { jobId } = (await data('crawl.start', { urls: site.url('crawl/index.html'), options: { maxWorkers: 1 } })) as { jobId: string };
      await page.waitFor(async (id) => ((await window.abp.call('crawl.status', { jobId: id })) as { data?: { pagesProcessed?: number } }).data?.pagesProcessed ?? 0, jobId, { message: 'no page was crawled' });
      await ctx.session.stopBackground();
      // A call that meets the dying connection is refused as retryable; a client retries it, as here.
      const interrupted = (await page.waitFor(async (id) => {
        const response = await window.abp.call('crawl.status', { jobId: id });
        if (!response.success && !response.error.retryable) throw new Error(JSON.stringify(response.error));
        return response.success ? response.data : null;
      }, jobId, { message: 'crawl.status did not answer after the restart' })) as unknown as Status;
      expect(interrupted).toMatchObject({ active: false, job: { status: 'interrupted' } });
      expect(interrupted.pagesProcessed).toBeGreaterThan(0);
      await page.waitFor(async (expected) => JSON.stringify((await browser.tabs.query({})).map((t) => t.id).sort()) === expected, JSON.stringify(before), { message: 'the crawl tab was not closed' });

      await data('crawl.resume', { jobId });
      expect(await untilDone(jobId)).toMatchObject({ pagesProcessed: 6, job: { status: 'completed', pagesFailed: 0 } });
      expect(((await data('storage.pages.list', { jobId })) as { pages: unknown[] }).pages).toHaveLength(5);
      expect(await tabIds()).toEqual(before);
      expect(await data('storage.jobs.delete', { jobIds: jobId })).toEqual({ deleted: 1 });
    });
  });

  describe('page.read and page.act, through the permission gate', () => {
    let shop: PageDriver;
    let sidebar: PageDriver;
    let tabId: number;
    const status = () => shop.evaluate(() => document.getElementById('status')?.textContent ?? '');
    const addToCart = () => call('page.act', { tabId, action: 'click_element', args: { selector: '#add-to-cart' } });

    beforeAll(async () => {
      shop = await ctx.session.openPage(site.url('product.html'));
      sidebar = await openSidebar(ctx.session);
      await configure(sidebar, ctx.llm);
    });

    it('scrape.pickContent extracts a selector from a URL in a background tab it closes again', async () => {
      const tabs = () => page.evaluate(async () => (await browser.tabs.query({})).map((t) => t.id).sort());
      const before = await tabs();
      const picked = await data('scrape.pickContent', { url: site.url('product.html'), selector: '#product-name' });
      expect(picked).toMatchObject({ url: site.url('product.html'), html: '<h1 id="product-name">Trail Runner 2</h1>', markdown: '# Trail Runner 2', text: 'Trail Runner 2' });
      expect(picked.title).toMatch(/Trail Runner 2/);
      const missing = await call('scrape.pickContent', { url: site.url('product.html'), selector: '#not-on-the-page' });
      expect(missing).toMatchObject({ success: false, error: { code: 'OPERATION_FAILED' } });
      expect(await call('scrape.pickContent', { url: site.url('product.html'), useIncognito: true })).toMatchObject({ success: false, error: { code: 'CAPABILITY_UNAVAILABLE' } });
      expect(await call('scrape.pickContent', { url: 'file:///etc/passwd' })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/url: must be an http\(s\) URL/) } });
      expect(await tabs()).toEqual(before);
      await data('diagnostics.clearErrors');
    });

    it('page.read reads an open tab, found by its URL, as the read_page tool does', async () => {
      const read = await data('page.read', { url: site.url('product.html') });
      expect(read).toMatchObject({ tabId: expect.any(Number), site: '127.0.0.1', decision: 'auto-approved' });
      expect(read.content).toMatch(/^Page: .*\nURL: http:\/\/127\.0\.0\.1:\d+\/product\.html\n/);
      expect(read.content).toContain('Trail Runner 2');
      expect(read.content).toMatch(/\[\d+\]button "Add to cart"/);
      tabId = read.tabId as number;
      expect(await data('page.read', { tabId, viewportOnly: true })).toMatchObject({ tabId, decision: 'auto-approved' });
    });

    it('page.read refuses unclear targets with the field named', async () => {
      const both = await call('page.read', { tabId, url: site.url('product.html') });
      expect(both).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/give either tabId or url/) } });
      const closed = await call('page.read', { url: site.url('form.html') });
      expect(closed).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: `url: no open tab shows ${site.url('form.html')}.` } });
      expect(await call('page.read', { tabId: 999_999 })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: 'tabId: there is no tab 999999.' } });
    });

    it('page.act asks the person in the sidebar, naming the ABP client; allow once performs the click', async () => {
      const pending = addToCart();
      const prompt = await answerPrompt(sidebar, 'allow-once');
      expect(prompt).toMatchObject({ tool: 'click_element', site: '127.0.0.1', level: 'interact', summary: 'button "Add to cart"', requester: 'an AI agent, through the ABP page (abp-app.html)' });
      expect(await pending).toMatchObject({ success: true, data: { tabId, action: 'click_element', site: '127.0.0.1', decision: 'allow-once' } });
      expect(await status()).toBe('Added to cart (1)');
    });

    it('a deny is PERMISSION_DENIED and the page is untouched; the Action Log shows the ABP client', async () => {
      const pending = addToCart();
      await answerPrompt(sidebar, 'deny');
      expect(await pending).toMatchObject({ success: false, error: { code: 'PERMISSION_DENIED', retryable: false, message: expect.stringMatching(/^Denied by the user\./) } });
      expect(await status()).toBe('Added to cart (1)');

      await sidebar.click('[data-testid="view-log"]');
      await sidebar.waitFor(() => document.querySelectorAll('[data-testid="log-entry"]').length >= 3, undefined, { message: 'the log is incomplete' });
      const log = await sidebar.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="log-entry"]')].slice(0, 2).map((el) => `${el.dataset.tool} ${el.dataset.decision} ${el.dataset.result} | ${el.querySelector('.log-details')?.textContent?.split(': ')[0]}`),
      );
      // Newest first; the details name who asked.
      expect(log).toEqual(['click_element deny denied | abp', 'click_element allow-once success | abp']);
      await sidebar.click('[data-testid="view-chat"]');
    });

    it('a question nobody answers is PERMISSION_DENIED when it runs out of time', async () => {
      await sidebar.click('[data-testid="view-settings"]');
      await sidebar.fill('[data-testid="limit-promptTimeoutSeconds"]', '5');
      await sidebar.click('[data-testid="limits-save"]');
      await sidebar.click('[data-testid="view-chat"]');
      const started = Date.now();
      expect(await addToCart()).toMatchObject({ success: false, error: { code: 'PERMISSION_DENIED', message: expect.stringMatching(/\(decision: deny\)$/) } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
      expect(await status()).toBe('Added to cart (1)');
    });

    it('page.act with bad args is INVALID_PARAMS naming the field, asks nothing and changes nothing', async () => {
      const noTarget = await call('page.act', { tabId, action: 'click_element', args: {} });
      expect(noTarget).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/^args: Invalid arguments for click_element: give an index or a selector/) } });
      const badAction = await call('page.act', { tabId, action: 'delete_everything', args: {} });
      expect(badAction).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/action: /) } });
      expect(await noPromptFor(sidebar, 500)).toBe(true);
      expect(await status()).toBe('Added to cart (1)');
    });

    it('a failed action is OPERATION_FAILED and lands in the error log, which only a valid clear empties', async () => {
      expect(await data('diagnostics.clearErrors')).toEqual({ cleared: true });
      const waited = await call('page.act', { tabId, action: 'wait_for_element', args: { selector: '#never-there', timeoutMs: 200 } });
      expect(waited).toMatchObject({ success: false, error: { code: 'OPERATION_FAILED', retryable: true } });
      const { logs } = (await data('diagnostics.getErrors')) as { logs: { source: string; message: string }[] };
      expect(logs.map((l) => l.source)).toEqual(['page.act']);
      expect(await call('diagnostics.clearErrors', { all: true })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
      expect(await data('diagnostics.getErrors', { countOnly: true })).toEqual({ count: 1 });
      expect(await data('diagnostics.clearErrors')).toEqual({ cleared: true });
      expect(await data('diagnostics.getErrors', { countOnly: true })).toEqual({ count: 0 });
    });

    it('agent.run gives the agent a task through the same gate, polled to its answer; agent.cancel stops one', async () => {
      const finished = (runId: string) =>
        page.waitFor(async (id) => {
          const response = await window.abp.call('agent.status', { runId: id });
          return response.success && response.data.status !== 'running' ? response.data : null;
        }, runId, { timeoutMs: 30_000, message: 'the agent run did not finish' });
      ctx.llm.script(
        { kind: 'tool_calls', calls: [{ id: 'g1', name: 'read_page', arguments: {} }] },
        { kind: 'tool_calls', calls: [{ id: 'g2', name: 'click_element', arguments: { selector: '#add-to-cart' } }] },
        { kind: 'text', chunks: ['Added: the cart shows 2.'] },
      );
      const { runId } = (await data('agent.run', { task: 'Add this to my cart', tabId })) as { runId: string };
      expect(await call('agent.run', { task: 'Something else', tabId })).toMatchObject({ success: false, error: { code: 'OPERATION_FAILED' } });
      const prompt = await answerPrompt(sidebar, 'allow-once');
      expect(prompt).toMatchObject({ tool: 'click_element', requester: 'an AI agent, through the ABP page (abp-app.html)' });
      expect(await finished(runId)).toMatchObject({
        status: 'answered',
        answer: 'Added: the cart shows 2.',
        actions: [{ tool: 'read_page', outcome: 'success' }, { tool: 'click_element', outcome: 'success' }],
      });
      expect(await status()).toBe('Added to cart (2)');

      ctx.llm.script({ kind: 'hang' });
      const second = (await data('agent.run', { task: 'Take your time', tabId })) as { runId: string };
      expect(await data('agent.cancel', { runId: second.runId })).toEqual({ runId: second.runId, cancelled: true });
      expect(await finished(second.runId)).toMatchObject({ status: 'stopped', actions: [] });
      expect(await call('agent.status', { runId: 'abprun-unknown' })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/^runId: /) } });
      expect(await call('agent.run', { task: '  ', tabId })).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/task/) } });
    });
  });

  it('keeps working after the background is stopped: the page reconnects', async () => {
    await ctx.session.stopBackground();
    expect(await data('extension.getInfo')).toMatchObject({ name: 'Bosun' });
    // The session belongs to the page, so the agent does not have to initialize again.
    expect(await page.evaluate(() => window.abp.initialized)).toBe(true);
  });

  it('shutdown ends the session', async () => {
    expect(await page.evaluate(() => window.abp.shutdown())).toEqual({ success: true, data: {} });
    expect(await page.evaluate(() => [window.abp.initialized, window.abp.sessionId])).toEqual([false, null]);
    expect(await call('extension.getInfo')).toMatchObject({ success: false, error: { code: 'NOT_INITIALIZED' } });
  });
});
