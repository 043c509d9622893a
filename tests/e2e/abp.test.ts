import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { job, seedLibrary, storedPage } from './support/library';

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
    expect(byName.get('crawl.start')).toMatchObject({ available: false, inputSchema: { required: ['urls'] } });
  });

  it('initializes a session', async () => {
    const session = await page.evaluate(() => window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }));
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session).toMatchObject({ protocolVersion: '0.1', app: { name: 'Bosun' }, features: { notifications: false, progress: false, elicitation: false, dynamicCapabilities: false } });
    expect(session.capabilities).toContainEqual({ name: 'extension.getInfo', available: true });
    expect(session.capabilities).toContainEqual({ name: 'crawl.start', available: false });
    expect(await page.evaluate(() => [window.abp.initialized, window.abp.sessionId])).toEqual([true, session.sessionId]);
  });

  it('answers UNKNOWN_CAPABILITY, INVALID_PARAMS naming the field, and NOT_IMPLEMENTED', async () => {
    expect(await call('nope.nothing')).toMatchObject({ success: false, error: { code: 'UNKNOWN_CAPABILITY', retryable: false } });
    const wrongType = await call('diagnostics.getErrors', { countOnly: 'yes' });
    expect(wrongType).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', retryable: false } });
    expect(wrongType.success ? '' : wrongType.error.message).toMatch(/^Invalid params for diagnostics\.getErrors: countOnly: /);
    const extra = await call('extension.getInfo', { verbose: true });
    expect(extra.success ? '' : extra.error.message).toMatch(/verbose/);
    expect(await call('diagnostics.getErrors', 'countOnly')).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
    expect(await call(42)).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', message: 'capability: must be a capability name (a string).' } });
    expect(await call('crawl.start', { urls: 'https://example.com/' })).toMatchObject({ success: false, error: { code: 'NOT_IMPLEMENTED' } });
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
