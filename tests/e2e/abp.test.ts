import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useAbpPage } from './support/abp';
import { useExtension } from './support/extension';

/** The 17 capabilities of the Webscribe ABP contract. */
const SPEC_CAPABILITIES = [
  'crawl.start',
  'crawl.status',
  'crawl.cancel',
  'crawl.resume',
  'storage.jobs.list',
  'storage.jobs.get',
  'storage.jobs.delete',
  'storage.jobs.update',
  'storage.pages.list',
  'storage.pages.search',
  'convert.toFormat',
  'export.asArchive',
  'scrape.pickContent',
  'diagnostics.getReport',
  'diagnostics.getErrors',
  'diagnostics.clearErrors',
  'extension.getInfo',
];

/** The protocol of abp-app.html: window.abp, the session, the capability list, the envelopes and error codes. */
describe.each(BROWSERS)('the ABP page in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const abp = useAbpPage(ctx, { initialized: false });
  const { call, data } = abp;

  it('defines window.abp from a synchronous script, with the identity of the spec', async () => {
    const shape = await abp.page.evaluate(() => {
      const script = document.head.querySelector('script');
      return {
        script: script
          ? { src: script.getAttribute('src'), async: script.async, defer: script.defer, type: script.type }
          : null,
        protocolVersion: window.abp.protocolVersion,
        app: window.abp.app,
        initialized: window.abp.initialized,
        sessionId: window.abp.sessionId,
        methods: (['initialize', 'shutdown', 'call', 'listCapabilities', 'supports', 'cancel'] as const).map(
          (name) => typeof window.abp[name],
        ),
      };
    });
    expect(shape).toEqual({
      script: { src: 'abp-app.js', async: false, defer: false, type: '' },
      protocolVersion: '0.1',
      app: { id: 'org.bosun-agent.bosun', name: 'Bosun', version: '0.1.0' },
      initialized: false,
      sessionId: null,
      methods: ['function', 'function', 'function', 'function', 'function', 'function'],
    });
  });

  it('refuses calls before initialize with NOT_INITIALIZED', async () => {
    expect(await call('extension.getInfo')).toEqual({
      success: false,
      error: { code: 'NOT_INITIALIZED', message: 'Call initialize() before call().', retryable: true },
    });
  });

  it('lists the capabilities as a plain array with JSON Schemas', async () => {
    const list = await abp.page.evaluate(() => window.abp.listCapabilities());
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
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      inputSchema: {
        type: 'object',
        properties: { countOnly: { type: 'boolean' } },
        required: [],
        additionalProperties: false,
      },
    });
    expect(byName.get('extension.getInfo')?.available).toBe(true);
    expect(byName.get('storage.pages.search')).toMatchObject({
      available: true,
      inputSchema: { properties: { query: { type: 'string' } }, required: ['query'] },
    });
    expect(byName.get('crawl.start')).toMatchObject({ available: true, inputSchema: { required: ['urls'] } });
    expect(list.every((c) => c.available)).toBe(true);
  });

  it('initializes a session', async () => {
    const session = await abp.page.evaluate(() =>
      window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }),
    );
    if ('success' in session) throw new Error(`initialize failed: ${session.error.message}`);
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session).toMatchObject({
      protocolVersion: '0.1',
      app: { name: 'Bosun' },
      features: { notifications: false, progress: false, elicitation: false, dynamicCapabilities: false },
    });
    expect(session.capabilities).toContainEqual({ name: 'extension.getInfo', available: true });
    expect(session.capabilities).toContainEqual({ name: 'page.act', available: true });
    expect(await abp.page.evaluate(() => [window.abp.initialized, window.abp.sessionId])).toEqual([
      true,
      session.sessionId,
    ]);
  });

  it('answers a second initialize, bad initialize params and another protocol version with the spec errors, changing nothing', async () => {
    const before = await abp.page.evaluate(() => window.abp.sessionId);
    const answers = await abp.page.evaluate(async () => [
      await window.abp.initialize({ agent: { name: 'again' }, protocolVersion: '0.1', features: {} }),
      await window.abp.initialize({ agent: 'me' }),
      await window.abp.initialize({ agent: { name: 'future' }, protocolVersion: '2.0', features: {} }),
    ]);
    expect(answers).toEqual([
      { success: false, error: expect.objectContaining({ code: 'ALREADY_INITIALIZED', retryable: false }) },
      { success: false, error: expect.objectContaining({ code: 'INVALID_PARAMS', retryable: false }) },
      {
        success: false,
        error: expect.objectContaining({
          code: 'INVALID_PARAMS',
          message: expect.stringMatching(/^protocolVersion: /),
        }),
      },
    ]);
    expect(await abp.page.evaluate(() => window.abp.sessionId)).toBe(before);
    expect(
      await abp.page.evaluate(async () => [
        await window.abp.supports('crawl.start'),
        await window.abp.supports('ui.navigate'),
        await window.abp.cancel('no-such-call'),
      ]),
    ).toEqual([
      { supported: true, available: true },
      { supported: false, available: false, reason: expect.any(String) },
      { callId: 'no-such-call', cancelled: false, reason: expect.any(String) },
    ]);
  });

  it('answers UNKNOWN_CAPABILITY, and INVALID_PARAMS naming the field', async () => {
    expect(await call('nope.nothing')).toMatchObject({
      success: false,
      error: { code: 'UNKNOWN_CAPABILITY', retryable: false },
    });
    const wrongType = await call('diagnostics.getErrors', { countOnly: 'yes' });
    expect(wrongType).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', retryable: false } });
    expect(wrongType.success ? '' : wrongType.error.message).toMatch(
      /^Invalid params for diagnostics\.getErrors: countOnly: /,
    );
    const extra = await call('extension.getInfo', { verbose: true });
    expect(extra.success ? '' : extra.error.message).toMatch(/verbose/);
    expect(await call('diagnostics.getErrors', 'countOnly')).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS' },
    });
    expect(await call(42)).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: 'capability: must be a capability name (a string).' },
    });
    expect(await call('crawl.start', { urls: 'ftp://example.com/' })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/urls/) },
    });
  });

  it('extension.getInfo describes the extension', async () => {
    const info = await data('extension.getInfo');
    expect(info).toMatchObject({
      name: 'Bosun',
      version: '0.1.0',
      manifestVersion: 3,
      serviceWorkerVersion: '0.1.0',
      browser: browserName === 'chromium' ? 'chrome' : 'firefox',
    });
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

  it('keeps working after the background is stopped: the page reconnects', async () => {
    await ctx.session.stopBackground();
    // A call sent before the page has heard that its port closed is lost, and says so as retryable:
    // the agent calls again, as the error tells it to, and the page reconnects.
    const first = await call('extension.getInfo');
    if (!first.success) expect(first).toMatchObject({ error: { code: 'OPERATION_FAILED', retryable: true } });
    expect(await data('extension.getInfo')).toMatchObject({ name: 'Bosun' });
    // The session belongs to the page, so the agent does not have to initialize again.
    expect(await abp.page.evaluate(() => window.abp.initialized)).toBe(true);
  });

  it('shutdown ends the session', async () => {
    expect(await abp.page.evaluate(() => window.abp.shutdown())).toEqual({ success: true, data: {} });
    expect(await abp.page.evaluate(() => [window.abp.initialized, window.abp.sessionId])).toEqual([false, null]);
    expect(await call('extension.getInfo')).toMatchObject({ success: false, error: { code: 'NOT_INITIALIZED' } });
  });
});
