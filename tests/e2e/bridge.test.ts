// The MCP bridge in both browsers: Chromium over a pipe (Playwright and CDP), Firefox over WebDriver BiDi.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, waitUntil } from './harness';
import {
  browserPid,
  commandLine,
  listeningSockets,
  processTree,
  startBridge,
  textOf,
  type RunningBridge,
} from './support/bridge';
import { useSite } from './support/site';
import { testSiteDir } from '../fixtures/static-server';

const site = useSite();

// The first call that needs the browser starts it (listing the tools does not), which takes a while in Firefox.
describe.each(BROWSERS)('the MCP bridge in %s', { timeout: 180_000 }, (browserName) => {
  let bridge: RunningBridge;
  let profileDir: string;
  const chromium = browserName === 'chromium';

  beforeAll(async () => {
    profileDir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
    // The flow acts on the test site (127.0.0.1) with eval, click and type: the developer allows that up front.
    bridge = await startBridge(['--browser', browserName, '--profile-dir', profileDir, '--allow', '127.0.0.1:submit']);
  });
  afterAll(async () => {
    await bridge?.close();
    await rm(profileDir, { recursive: true, force: true });
  });

  it('lists the browser tools and one tool per ABP capability, with schemas, titles and annotations, before any browser starts', async () => {
    const { tools } = await bridge.client.listTools();
    // The list is known at build time: no browser was started to answer it.
    expect(browserPid(bridge.pid)).toBeUndefined();
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 22)).toEqual([
      'browser_navigate',
      'browser_service_workers',
      'browser_network_sources',
      'browser_set_offline',
      'browser_console',
      'browser_eval',
      'browser_screenshot',
      'browser_click',
      'browser_type',
      'browser_snapshot',
      'browser_hover',
      'browser_press_key',
      'browser_drag',
      'browser_select_option',
      'browser_back',
      'browser_forward',
      'browser_reload',
      'browser_wait_for',
      'browser_tabs',
      'browser_handle_dialog',
      'browser_network_request',
      'browser_emulate',
    ]);
    expect(names.filter((n) => n.startsWith('abp_'))).toHaveLength(22);
    expect(names).toEqual(
      expect.arrayContaining([
        'abp_crawl_start',
        'abp_crawl_status',
        'abp_storage_pages_list',
        'abp_page_read',
        'abp_page_act',
        'abp_agent_run',
        'abp_extension_getInfo',
      ]),
    );
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.title).toMatch(/\w/);
      expect(tool.annotations).toEqual({
        title: tool.title,
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
        ...(tool.annotations?.idempotentHint === undefined ? {} : { idempotentHint: expect.any(Boolean) }),
      });
    }
    const byName = (name: string) => tools.find((t) => t.name === name);
    expect(byName('browser_click')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
    });
    expect(byName('browser_console')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    // Answering a dialog acts on the page; reading a request does not; emulating changes only the tab.
    expect(byName('browser_handle_dialog')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName('browser_network_request')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName('browser_emulate')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName('abp_storage_jobs_delete')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName('abp_storage_pages_search')?.annotations).toMatchObject({ readOnlyHint: true });
    // Structured results have their schema; the official client checks each result against it.
    expect(byName('browser_navigate')?.outputSchema).toMatchObject({
      type: 'object',
      required: ['url', 'status', 'title', 'ready', 'fromServiceWorker'],
    });
    expect(tools.filter((t) => t.name.startsWith('browser_')).every((t) => t.outputSchema?.type === 'object')).toBe(
      true,
    );
    const crawl = byName('abp_crawl_start');
    expect(crawl?.description).toMatch(/crawl\.start/);
    expect(crawl?.inputSchema).toMatchObject({ required: ['urls'], additionalProperties: false });
  });

  it('runs the session flow of the design on a site with a service worker', async () => {
    const app = site.url('pwa/index.html');
    expect(await bridge.data('browser_navigate', { url: app })).toMatchObject({
      url: app,
      status: 200,
      title: 'Bosun Test PWA',
      ready: true,
    });
    // The page registers its worker as it loads; eval awaits the promise until the worker controls it.
    const controlled = await bridge.data('browser_eval', {
      expression: `await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
        ({ controlled: true, scope: (await navigator.serviceWorker.getRegistration()).scope })`,
    });
    expect(controlled).toEqual({ type: 'object', value: { controlled: true, scope: site.url('pwa/') } });

    expect(await bridge.data('browser_service_workers')).toEqual({
      url: app,
      supported: true,
      controlled: true,
      controller: { scriptURL: site.url('pwa/sw.js'), state: 'activated' },
      registrations: [
        {
          scope: site.url('pwa/'),
          active: { scriptURL: site.url('pwa/sw.js'), state: 'activated' },
          waiting: null,
          installing: null,
        },
      ],
    });
    // The first load came from the network; nothing before the navigation is listed.
    const first = await bridge.data('browser_network_sources');
    expect(first).toMatchObject({ navigatedUrl: app, counts: { serviceWorker: 0, failed: 0 } });
    expect(
      (first.requests as { url: string; source: string }[]).filter(
        (r) => r.url.startsWith(site.url('pwa/')) && !r.url.endsWith('sw.js'),
      ),
    ).toEqual(
      ['index.html', 'style.css', 'app.js'].map((file) =>
        expect.objectContaining({ url: site.url(`pwa/${file}`), source: 'network', status: 200 }),
      ),
    );

    // Offline, the worker answers from its cache; a page outside its scope fails with a clear cause.
    expect(await bridge.data('browser_set_offline', { offline: true })).toEqual({ offline: true });
    expect(await bridge.data('browser_navigate', { url: app })).toMatchObject({ status: 200, fromServiceWorker: true });
    const offline = await bridge.data('browser_network_sources');
    expect(offline.counts).toEqual({ network: 0, serviceWorker: 3, cache: 0, failed: 0, pending: 0 });
    expect(offline.requests).toEqual(
      ['index.html', 'style.css', 'app.js'].map((file) =>
        expect.objectContaining({ url: site.url(`pwa/${file}`), source: 'serviceWorker' }),
      ),
    );
    // What the worker cannot answer offline fails in the page, and the browser logs the failed load.
    expect(
      await bridge.data('browser_eval', {
        expression: "await fetch('missing.json').then((r) => r.status, (e) => e.name)",
      }),
    ).toEqual({ type: 'string', value: 'TypeError' });
    const outside = await bridge.call('browser_navigate', { url: site.url('index.html') });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(
      /^ERROR: Navigation to .* failed: the browser is offline\.\nNext step: Call browser_set_offline with offline: false/,
    );
    expect(outside.structuredContent).toMatchObject({
      error: { reason: chromium ? 'net::ERR_INTERNET_DISCONNECTED' : 'NS_ERROR_OFFLINE' },
    });
    await bridge.data('browser_set_offline', { offline: false });
    await bridge.data('browser_navigate', { url: app });

    // Console: the page's and the worker's own messages, tagged by where they came from (and in
    // Chromium the browser's own log entries; Firefox's log module has none for a failed load).
    await bridge.data('browser_type', { selector: '#note', text: 'bring water' });
    await bridge.data('browser_click', { selector: '#save' });
    expect(await bridge.data('browser_eval', { expression: "document.getElementById('saved').textContent" })).toEqual({
      type: 'string',
      value: 'Saved: bring water',
    });
    const { entries } = (await bridge.data('browser_console', { clear: true })) as {
      entries: { source: string; level: string; text: string; url: string }[];
    };
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'service-worker',
          level: 'log',
          text: '[sw] installing',
          url: site.url('pwa/sw.js'),
        }),
        expect.objectContaining({ source: 'service-worker', text: '[sw] activated' }),
        expect.objectContaining({ source: 'page', level: 'log', text: '[page] service worker ready' }),
        expect.objectContaining({ source: 'page', level: 'info', text: '[page] saved note "bring water"' }),
        ...(chromium
          ? [
              expect.objectContaining({
                source: 'browser-log',
                level: 'error',
                text: expect.stringMatching(/^Failed to load resource/),
                url: site.url('pwa/missing.json'),
              }),
            ]
          : []),
      ]),
    );
    expect(((await bridge.data('browser_console')) as { entries: unknown[] }).entries).toEqual([]);

    // Eval: exceptions with their position, values JSON cannot hold described.
    const thrown = await bridge.call('browser_eval', { expression: 'const x = 1;\nnull.boom' });
    expect(thrown).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          exception: expect.stringMatching(
            chromium ? /^TypeError: Cannot read properties of null/ : /^TypeError: .*null/,
          ),
          line: 2,
        },
      },
    });
    expect(await bridge.data('browser_eval', { expression: 'document.body' })).toMatchObject({
      type: 'object',
      subtype: 'node',
      description: 'body',
    });
    expect(await bridge.data('browser_eval', { expression: 'undefined' })).toEqual({ type: 'undefined' });
    expect(
      await bridge.data('browser_eval', {
        expression: 'new Promise((resolve) => setTimeout(() => resolve([1, 2]), 50))',
      }),
    ).toEqual({ type: 'object', subtype: 'array', value: [1, 2] });
    expect(await bridge.call('browser_eval', { expression: 'Promise.reject(new RangeError("later"))' })).toMatchObject({
      isError: true,
      structuredContent: { error: { exception: 'RangeError: later' } },
    });
    expect(textOf(await bridge.call('browser_eval', { expression: 'syntax error here' }))).toMatch(
      /^ERROR: The expression threw: SyntaxError: .*\nNext step: Fix the expression/,
    );

    // Screenshot: a PNG as MCP image content, and the same bytes in the file asked for.
    const path = join(profileDir, 'shots', 'pwa.png');
    const shot = await bridge.call('browser_screenshot', { path });
    expect(shot.isError).toBeFalsy();
    const image = shot.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = Buffer.from(image?.type === 'image' ? image.data : '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await readFile(path)).toEqual(png);
    expect(shot.structuredContent).toMatchObject({
      url: app,
      path,
      bytes: png.length,
      width: expect.any(Number),
      height: expect.any(Number),
    });
  });

  it('crawls a site through the ABP tools, polling the job as an agent does', async () => {
    // Whatever the flow above left behind, the crawl needs the network.
    await bridge.data('browser_set_offline', { offline: false });
    const started = await bridge.data('abp_crawl_start', {
      urls: site.url('crawl/index.html'),
      options: { maxWorkers: 2 },
    });
    expect(started).toEqual({ jobId: expect.stringMatching(/^job_/), status: 'started' });
    const jobId = started.jobId as string;
    const done = await waitUntil(
      async () => {
        const status = await bridge.data('abp_crawl_status', { jobId });
        return status.active ? null : status;
      },
      { timeoutMs: 60_000, message: 'the crawl did not finish' },
    );
    expect(done).toMatchObject({ active: false, pagesProcessed: 6, job: { status: 'completed', pagesFailed: 0 } });
    const { pages } = (await bridge.data('abp_storage_pages_list', { jobId })) as {
      pages: { canonicalUrl: string; markdown: string }[];
    };
    expect(pages.map((p) => p.canonicalUrl).sort()).toEqual(
      ['crawl/a.html', 'crawl/b.html', 'crawl/deep/c.html', 'crawl/index.html', 'crawl/orphan.html'].map(site.url),
    );
    expect(pages.find((p) => p.canonicalUrl === site.url('crawl/a.html'))?.markdown).toMatch(/^# Alpha\n/);
    expect(await bridge.data('abp_storage_jobs_delete', { jobIds: jobId })).toEqual({ deleted: 1 });
  });

  it('answers the page’s dialogs under the policy, and an open dialog never hangs another tool', async () => {
    await bridge.data('browser_set_offline', { offline: false });
    const account = site.url('account/index.html');
    await bridge.data('browser_navigate', { url: account });
    await bridge.data('browser_wait_for', { text: 'Ada Lovelace' });
    const status = async () =>
      (await bridge.data('browser_eval', { expression: "document.getElementById('status').textContent" })).value;
    expect(textOf(await bridge.call('browser_handle_dialog', { accept: true }))).toMatch(
      /^ERROR: No dialog is open in the working tab\./,
    );

    // A click that opens a confirm returns as the dialog opens, with what it asks.
    const deleting = await bridge.call('browser_click', { selector: '#delete' });
    const confirmDialog = { type: 'confirm', message: 'Delete your account? This cannot be undone.', defaultValue: '' };
    expect(deleting).toMatchObject({ isError: true, structuredContent: { error: { dialog: confirmDialog } } });
    expect(textOf(deleting)).toMatch(
      /opened a confirm dialog "Delete your account\?.*\nNext step: Call browser_handle_dialog/,
    );
    // While it is open, a tool that needs the page says so at once; one that reads the bridge's records works.
    const started = Date.now();
    expect(await bridge.call('browser_snapshot')).toMatchObject({
      isError: true,
      structuredContent: { error: { dialog: confirmDialog } },
    });
    expect(await bridge.call('browser_eval', { expression: '1' })).toMatchObject({ isError: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    // A request's details still come, its body once the dialog is answered (Chromium gives none before).
    expect(await bridge.data('browser_network_request', { url: 'account.json' })).toMatchObject({
      status: 200,
      body: {
        kind: 'unavailable',
        reason: expect.stringMatching(/^the page has a confirm dialog "Delete your account/),
      },
    });
    expect(textOf(await bridge.call('browser_network_sources'))).toMatch(
      /^SUCCESS: .*\(a confirm dialog "Delete your account\? This cannot be undone\." is open/,
    );
    expect(await bridge.data('browser_handle_dialog', { accept: false })).toMatchObject({
      ...confirmDialog,
      accepted: false,
      url: account,
    });
    expect(await status()).toBe('Kept the account');

    // An alert the answer to a prompt opens is the next dialog.
    await bridge.call('browser_click', { selector: '#rename' });
    await bridge.data('browser_handle_dialog', { accept: true, promptText: ' ' });
    await waitUntil(
      async () =>
        /an alert dialog "The name cannot be empty\." is open/.test(textOf(await bridge.call('browser_console'))),
      { timeoutMs: 10_000, message: 'the alert never opened' },
    );
    expect(await bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({
      type: 'alert',
      accepted: true,
    });
    expect(await status()).toBe('Name unchanged');

    // A prompt accepted without text gets its default text, as pressing OK does.
    await bridge.call('browser_click', { selector: '#rename' });
    expect(await bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({
      type: 'prompt',
      accepted: true,
      promptText: 'Ada Lovelace',
    });
    expect(await status()).toBe('Renamed to Ada Lovelace');

    // A prompt gets the text given; a confirm accepted does what it asked.
    expect(await bridge.call('browser_click', { selector: '#rename' })).toMatchObject({
      structuredContent: { error: { dialog: { type: 'prompt', defaultValue: 'Ada Lovelace' } } },
    });
    expect(await bridge.data('browser_handle_dialog', { accept: true, promptText: 'Ada King' })).toMatchObject({
      type: 'prompt',
      accepted: true,
      promptText: 'Ada King',
    });
    expect(await status()).toBe('Renamed to Ada King');
    await bridge.call('browser_click', { selector: '#delete' });
    expect(await bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({ accepted: true });
    expect(await status()).toBe('Account deleted');
    expect(textOf(await bridge.call('browser_handle_dialog', { accept: true }))).toMatch(/^ERROR: No dialog is open/);

    // Leaving the renamed account asks first: dismissed, the tab stays; accepted, it goes.
    const leaving = await bridge.call('browser_navigate', { url: site.url('index.html') });
    expect(leaving).toMatchObject({
      isError: true,
      structuredContent: { error: { dialog: { type: 'beforeunload' } } },
    });
    expect(await bridge.data('browser_handle_dialog', { accept: false })).toMatchObject({ type: 'beforeunload' });
    expect(await bridge.data('browser_eval', { expression: 'location.href' })).toEqual({
      type: 'string',
      value: account,
    });
    await bridge.call('browser_navigate', { url: site.url('index.html') });
    expect(await bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({
      type: 'beforeunload',
      accepted: true,
    });
    await waitUntil(
      async () => (await bridge.data('browser_eval', { expression: 'location.href' })).value === site.url('index.html'),
      { timeoutMs: 10_000, message: 'the tab never left the account page' },
    );

    // Answering acts on the page: on a site nobody allowed (localhost, where 127.0.0.1 is allowed),
    // headless, it is refused at once, and the dialog stays open until then.
    await bridge.data('browser_tabs', { action: 'new' });
    // The page asks 300 ms after it starts: on a loaded machine that can be before its load event, and then
    // browser_navigate itself returns with the dialog, as a call does during which one opens.
    const opened = await bridge.call('browser_navigate', {
      url: `${account.replace('127.0.0.1', 'localhost')}?expire=300`,
    });
    if (opened.isError) expect(textOf(opened)).toMatch(/opened a confirm dialog "Your session is about to expire/);
    await waitUntil(
      async () =>
        /a confirm dialog "Your session is about to expire/.test(textOf(await bridge.call('browser_console'))),
      { timeoutMs: 10_000, message: 'the session dialog never opened' },
    );
    expect(await bridge.call('browser_handle_dialog', { accept: true })).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          details: {
            tool: 'browser_handle_dialog',
            site: 'localhost',
            level: 'interact',
            summary: 'Accept the confirm dialog "Your session is about to expire. Stay signed in?"',
            allowWith: '--allow localhost:interact',
          },
        },
      },
    });
    expect(await bridge.call('browser_snapshot')).toMatchObject({
      structuredContent: { error: { dialog: { type: 'confirm' } } },
    });
    // A tab stuck behind a dialog can still be closed; the tools then work on the first tab.
    await bridge.data('browser_tabs', { action: 'close' });
    expect(await bridge.data('browser_eval', { expression: 'location.href' })).toEqual({
      type: 'string',
      value: site.url('index.html'),
    });
  });

  it('shows one request in full: headers, status, timing and body', async () => {
    const account = site.url('account/index.html');
    await bridge.data('browser_navigate', { url: account });
    await bridge.data('browser_wait_for', { text: 'Ada Lovelace' });
    const json = await bridge.data('browser_network_request', { url: site.url('account/account.json') });
    const file = await readFile(join(testSiteDir, 'account/account.json'), 'utf8');
    expect(json).toMatchObject({
      url: site.url('account/account.json'),
      method: 'GET',
      status: 200,
      source: 'network',
      mimeType: 'application/json',
      requestHeaders: { accept: 'application/json' },
      responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: { kind: 'text', text: file, bytes: Buffer.byteLength(file), truncated: false },
    });
    expect(Date.now() - Date.parse(String(json.startTime))).toBeLessThan(60_000);
    expect(json.durationMs).toEqual(expect.any(Number));
    // The index is the request's place in browser_network_sources; a part of a URL names the only match.
    const { requests } = (await bridge.data('browser_network_sources')) as { requests: { url: string }[] };
    expect(requests[json.index as number]?.url).toBe(json.url);
    expect(await bridge.data('browser_network_request', { index: json.index })).toMatchObject({ url: json.url });
    expect(await bridge.data('browser_network_request', { url: 'avatar.png' })).toMatchObject({
      status: 200,
      mimeType: 'image/png',
      body: { kind: 'binary', bytes: (await readFile(join(testSiteDir, 'account/avatar.png'))).length },
    });
    expect(textOf(await bridge.call('browser_network_request', { url: 'nothing-like-this' }))).toMatch(
      /^ERROR: The working tab made no request to nothing-like-this since its last navigation/,
    );
    expect(textOf(await bridge.call('browser_network_request', { index: 999 }))).toMatch(
      /^ERROR: There is no request 999/,
    );
    expect(textOf(await bridge.call('browser_network_request', {}))).toMatch(
      /^ERROR: Invalid arguments for browser_network_request: give either url or index/,
    );
  });

  it('emulates a viewport, a user agent and offline, as the page reads them back', async () => {
    const account = site.url('account/index.html');
    await bridge.data('browser_navigate', { url: account });
    const own = (await bridge.data('browser_eval', { expression: 'navigator.userAgent' })).value as string;
    const userAgent = 'BosunTest/1.0 (emulated phone)';
    const emulated = await bridge.data('browser_emulate', {
      viewport: { width: 400, height: 700 },
      userAgent,
      offline: true,
    });
    const seen = { innerWidth: 400, innerHeight: 700, userAgent, onLine: false };
    expect(emulated).toEqual({ url: account, applied: ['viewport', 'userAgent', 'offline'], page: seen });
    expect(
      await bridge.data('browser_eval', {
        expression: '({ innerWidth, innerHeight, userAgent: navigator.userAgent, onLine: navigator.onLine })',
      }),
    ).toEqual({ type: 'object', value: seen });
    // Back online, the tab's requests carry the user agent too.
    expect(await bridge.data('browser_emulate', { offline: false })).toMatchObject({ page: { onLine: true } });
    await bridge.data('browser_reload');
    expect(await bridge.data('browser_network_request', { url: account })).toMatchObject({
      requestHeaders: { 'user-agent': userAgent },
    });
    // null gives the page the browser's own user agent again.
    expect(await bridge.data('browser_emulate', { userAgent: null })).toMatchObject({
      applied: ['userAgent'],
      page: { userAgent: own },
    });
    expect(own).not.toBe(userAgent);
    expect(textOf(await bridge.call('browser_emulate', {}))).toMatch(
      /^ERROR: Invalid arguments for browser_emulate: give at least one/,
    );
    expect(textOf(await bridge.call('browser_emulate', { viewport: { width: 10, height: 700 } }))).toMatch(
      /^ERROR: Invalid arguments for browser_emulate: viewport\.width: /,
    );

    // A fixed piece of work, timed in the page: CPU throttling slows it in Chromium; Firefox has none.
    const work = async () =>
      (
        await bridge.data('browser_eval', {
          expression:
            '(() => { const t = performance.now(); let x = 0; for (let i = 0; i < 2e7; i++) x += i % 7; return performance.now() - t; })()',
        })
      ).value as number;
    if (chromium) {
      const normal = Math.min(await work(), await work());
      expect(await bridge.data('browser_emulate', { cpuThrottling: 8 })).toMatchObject({ applied: ['cpuThrottling'] });
      const slowed = await work();
      await bridge.data('browser_emulate', { cpuThrottling: 1 });
      expect(slowed / normal).toBeGreaterThan(3);
    } else {
      expect(textOf(await bridge.call('browser_emulate', { cpuThrottling: 4 }))).toMatch(
        /^ERROR: CPU throttling is not available in Firefox: WebDriver BiDi has no CPU throttling/,
      );
      expect(
        await bridge.data('browser_emulate', { viewport: { width: 800, height: 600 }, cpuThrottling: 4 }),
      ).toMatchObject({
        applied: ['viewport'],
        unavailable: { cpuThrottling: 'not available in Firefox: WebDriver BiDi has no CPU throttling' },
        page: { innerWidth: 800 },
      });
    }
  });

  it('rejects bad arguments with a clear error before anything runs', async () => {
    const badUrl = await bridge.call('browser_navigate', { url: 'javascript:alert(1)' });
    expect(badUrl).toMatchObject({ isError: true });
    expect(textOf(badUrl)).toBe(
      'ERROR: Invalid arguments for browser_navigate: url: must be an http(s) URL.\nNext step: Call browser_navigate again with arguments that match its input schema.',
    );
    expect(textOf(await bridge.call('browser_navigate', {}))).toMatch(
      /^ERROR: Invalid arguments for browser_navigate: url: /,
    );
    // Bosun's own pages (where the person answers permission questions) are out of the browser tools' reach.
    const { extensionId } = await bridge.data('abp_extension_getInfo');
    const scheme = chromium ? 'chrome-extension' : 'moz-extension';
    expect(textOf(await bridge.call('browser_navigate', { url: `${scheme}://${extensionId}/sidebar.html` }))).toMatch(
      /^ERROR: Invalid arguments for browser_navigate: url: must be an http\(s\) URL/,
    );
    expect(textOf(await bridge.call('browser_click', { selector: '#save', force: true }))).toMatch(
      /^ERROR: Invalid arguments for browser_click: .*force/,
    );
    expect(textOf(await bridge.call('browser_set_offline', { offline: 'yes' }))).toMatch(
      /^ERROR: Invalid arguments for browser_set_offline: offline: /,
    );
    // The capability's own JSON Schema is checked by the bridge, then Bosun checks the params again.
    expect(
      textOf(await bridge.call('abp_crawl_start', { urls: site.url('crawl/'), options: { maxWorkers: 11 } })),
    ).toMatch(/^ERROR: Invalid arguments for abp_crawl_start: .*maxWorkers must be <= 10/);
    const notHttp = await bridge.call('abp_crawl_start', { urls: 'file:///etc/passwd' });
    expect(notHttp).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'INVALID_PARAMS', capability: 'crawl.start', retryable: false } },
    });
    // A name that is no tool is the protocol's invalid-params error, not a tool result.
    await expect(bridge.call('browser_teleport')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/There is no tool named browser_teleport/),
    });
    expect(await bridge.data('abp_crawl_status', { jobId: 'job_none' }).catch((e: Error) => e.message)).toMatch(
      /INVALID_PARAMS: jobId: there is no job "job_none"/,
    );
  });

  it.runIf(chromium)('opens no TCP port: Chromium is driven over a pipe', async () => {
    const browser = browserPid(bridge.pid);
    expect(browser).toBeDefined();
    const args = commandLine(browser!);
    expect(args).toContain('--remote-debugging-pipe');
    expect(args.filter((a) => a.startsWith('--remote-debugging-port'))).toEqual([]);
    const tree = processTree(bridge.pid);
    expect(tree.length).toBeGreaterThan(2);
    expect(listeningSockets(tree)).toEqual([]);
  });

  it.runIf(!chromium)('Firefox listens for WebDriver BiDi on the loopback interface only', async () => {
    const browser = browserPid(bridge.pid);
    expect(browser).toBeDefined();
    expect(commandLine(browser!)).toContain('--remote-debugging-port=0');
    const sockets = listeningSockets(processTree(bridge.pid));
    expect(sockets.length).toBeGreaterThan(0);
    // 0100007F is 127.0.0.1 in /proc/net/tcp; ::1 in tcp6.
    for (const socket of sockets) expect(socket).toMatch(/ (0100007F|0{24}01000000):[0-9A-F]{4}$/);
  });
});
