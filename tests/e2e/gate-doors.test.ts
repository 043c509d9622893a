// One gate, no side doors: ABP crawls and picks, a crawl's external links, workflow step tabs, and
// tools that report on other sites (cached snapshots, the tab list) all answer to each site's own
// policy. Whether a site was read is counted outside the browser, in its server's request log.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../hardening/recording-server';
import { BROWSERS, type PageDriver } from './harness';
import { useAbpPage } from './support/abp';
import { answerPrompt, startFresh, waitForPrompt, waitUntilIdle } from './support/agent';
import { useExtension } from './support/extension';
import { setLevelDefault, setSiteRule } from './support/permissions';
import { configure, openSidebar, send, showView } from './support/sidebar';
import { answer } from './support/scripted-turns';

const TOKEN = 'sess-7f3a9c2e1b';
const BANK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ledger — Private Bank</title></head>
<body><main><h1>Your accounts</h1><p>Private balance 4,211.07</p></main></body></html>`;
const shopPage = (
  bank: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Corner Shop</title></head>
<body><main><h1>Corner Shop</h1><p>Today's offers.</p><nav><a href="/offers.html">Offers</a> <a href="${bank}/external.html">Our bank</a></nav></main></body></html>`;

const call = (id: string, name: string, args: object) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});
type Body = { messages: { role: string; content: unknown }[] };

/** A site of its own (127.0.0.3) whose every page redirects to `to`. */
async function startRedirector(to: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(302, { location: to() });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.3', resolve));
  return { url: `http://127.0.0.3:${(server.address() as AddressInfo).port}`, server };
}

/** The Action Log's newest entries for `tools`: tool, decision, result, and who asked. */
async function logged(sidebar: PageDriver, tools: string[]): Promise<string[]> {
  await showView(sidebar, 'log');
  const entries = await sidebar.evaluate(
    (names) =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="log-entry"]')]
        .filter((el) => names.includes(el.dataset.tool ?? ''))
        .map((el) => `${el.dataset.tool} ${el.dataset.decision} ${el.dataset.result} | ${el.dataset.requester}`),
    tools,
  );
  await sidebar.click('[data-testid="view-chat"]');
  return entries;
}

describe.each(BROWSERS)('one gate for every door in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const abp = useAbpPage(ctx, { initialized: true });
  let bank: RecordingServer;
  let shop: RecordingServer;
  let sidebar: PageDriver;
  let mover: { url: string; server: Server };
  let bankUrl = '';
  let resumable = '';
  /** Paths the bank's server was asked for since `from` (a log length). */
  const bankHits = (from: number) => bank.log.slice(from).map((r) => r.path);
  const toolResults = () =>
    (ctx.llm.requests.at(-1)?.body as Body).messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
  const everythingSent = () => JSON.stringify(ctx.llm.requests.map((r) => r.body));
  /** An ABP crawl, once the person allowed it: a crawl is judged at the navigate level, which asks. */
  const allowedCrawl = async (params: Record<string, unknown>) => {
    const started = abp.data('crawl.start', params);
    await answerPrompt(sidebar, 'allow-once');
    return started;
  };

  beforeAll(async () => {
    bank = await startRecordingServer('127.0.0.2', (path) => (path.endsWith('.html') ? BANK : null));
    shop = await startRecordingServer('127.0.0.1', (path) => (path.endsWith('.html') ? shopPage(bank.url) : null));
    bankUrl = `${bank.url}/account.html?session=${TOKEN}#statements`;
    mover = await startRedirector(() => `${bank.url}/landing.html`);
    // The bank first, the shop last: a chat task works in the web page used most recently, the shop.
    await ctx.session.openPage(bankUrl);
    await ctx.session.openPage(`${shop.url}/home.html?q=kettle`);
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
  });
  afterAll(async () => {
    await bank?.close();
    await shop?.close();
    mover?.server.closeAllConnections();
    mover?.server.close();
  });

  it("while the bank's site may be read, a task on the shop may recall its page once asked, and see its tab whole", async () => {
    // An earlier reading of the bank, through the ABP page as an agent would read it.
    await abp.data('page.read', { url: bankUrl });
    const crawl = await allowedCrawl({ urls: `${bank.url}/start.html`, options: { pageLimit: 1 } });
    resumable = String(crawl.jobId);
    await abp.page.waitFor(
      async (jobId) =>
        ((await window.abp.call('crawl.status', { jobId })) as { data?: { active?: boolean } }).data?.active === false,
      resumable,
      { timeoutMs: 30_000 },
    );
    ctx.llm.script(call('r1', 'get_cached_snapshot', { url: bankUrl }), call('r2', 'list_tabs', {}), answer('Done.'));
    await send(sidebar, 'What did I look at before?');
    // The page was read by an ABP client, not by this conversation: the person is asked first.
    const recall = await answerPrompt(sidebar, 'allow-once');
    expect(recall).toMatchObject({ tool: 'get_cached_snapshot', site: '127.0.0.2' });
    expect(recall.beyond).toMatch(/^This conversation did not read that page of 127\.0\.0\.2:\d+/);
    await waitUntilIdle(sidebar);
    const [recalled, tabs] = toolResults();
    expect(recalled).toContain('Private balance 4,211.07');
    expect(tabs).toContain(`"Ledger — Private Bank" ${bankUrl}`);
    expect(tabs).toMatch(/\(Bosun works here\).*"Corner Shop" http:\/\/127\.0\.0\.1:\d+\/home\.html\?q=kettle/);
  });

  it('a blocked site is never opened by scrape.pickContent, crawl.start or crawl.resume; each refusal is logged', async () => {
    await setSiteRule(sidebar, '127.0.0.2', 'blocked');
    const from = bank.log.length;
    for (const [capability, params] of [
      ['scrape.pickContent', { url: `${bank.url}/picked.html` }],
      ['crawl.start', { urls: [`${bank.url}/crawled.html`] }],
      ['crawl.resume', { jobId: resumable }],
    ] as const) {
      expect(await abp.call(capability, params), capability).toMatchObject({
        success: false,
        error: { code: 'PERMISSION_DENIED', message: expect.stringMatching(/You blocked this site/) },
      });
    }
    expect(bankHits(from)).toEqual([]);
    // crawl.start and crawl.resume are both the operation crawl_site, as the chat's crawl is.
    expect(await logged(sidebar, ['scrape.pickContent', 'crawl_site'])).toEqual(
      expect.arrayContaining([
        'crawl_site denied denied | abp',
        'crawl_site denied denied | abp',
        'scrape.pickContent denied denied | abp',
      ]),
    );
  });

  it("a crawl of an allowed site does not follow a link into a blocked one, and says why in the job's errors", async () => {
    const from = bank.log.length;
    const started = await allowedCrawl({
      urls: `${shop.url}/links.html`,
      options: { followExternalLinks: true, maxExternalHops: 1, pageLimit: 5, maxWorkers: 1 },
    });
    const status = (await abp.page.waitFor(
      async (jobId) => {
        const reply = (await window.abp.call('crawl.status', { jobId })) as { data?: { active?: boolean } };
        return reply.data?.active === false && reply.data;
      },
      String(started.jobId),
      { timeoutMs: 60_000 },
    )) as { pagesProcessed: number; job: { errors: { url: string; message: string }[] } };
    expect(status.pagesProcessed).toBeGreaterThanOrEqual(2);
    expect(status.job.errors).toEqual([
      {
        url: `${bank.url}/external.html`,
        message: expect.stringMatching(/Not read: http:\/\/127\.0\.0\.2:\d+ is not allowed/),
        at: expect.any(Number),
      },
    ]);
    expect(bankHits(from)).toEqual([]);
    // Judged in the name of the client that started the crawl, as its own calls are.
    expect((await logged(sidebar, ['crawl_page']))[0]).toBe('crawl_page denied denied | abp');
  });

  it('a redirect into a blocked site: scrape.pickContent and a crawl read and keep nothing of it', async () => {
    const tabs = () => abp.page.evaluate(async () => (await browser.tabs.query({})).length);
    const before = await tabs();
    expect(await abp.call('scrape.pickContent', { url: `${mover.url}/go.html` })).toMatchObject({
      success: false,
      error: { code: 'PERMISSION_DENIED', message: expect.stringMatching(/landing\.html: .*You blocked this site/) },
    });
    const started = await allowedCrawl({ urls: `${mover.url}/go.html`, options: { pageLimit: 1 } });
    const status = (await abp.page.waitFor(
      async (jobId) => {
        const reply = (await window.abp.call('crawl.status', { jobId })) as { data?: { active?: boolean } };
        return reply.data?.active === false && reply.data;
      },
      String(started.jobId),
      { timeoutMs: 60_000 },
    )) as { pagesProcessed: number; job: { errors: { message: string }[] } };
    expect(status.pagesProcessed).toBe(0);
    expect(status.job.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Not read: http:\/\/127\.0\.0\.2:\d+ is not allowed/),
    ]);
    expect(await abp.data('storage.pages.list', { jobId: started.jobId })).toMatchObject({ pages: [] });
    expect(await tabs()).toBe(before);
  });

  it("a task on the shop gets neither the blocked bank's cached page nor its tab's title and token", async () => {
    await startFresh(sidebar);
    ctx.llm.reset();
    ctx.llm.script(
      call('b1', 'get_cached_snapshot', { url: bankUrl }),
      call('b2', 'list_tabs', {}),
      answer('Nothing.'),
    );
    await send(sidebar, 'What did I look at before?');
    await waitUntilIdle(sidebar);
    const [recalled, tabs] = toolResults();
    expect(recalled).toMatch(/^Denied by the permission policy: You blocked this site/);
    expect(tabs).toMatch(/: http:\/\/127\.0\.0\.2:\d+ \(Bosun may not read this site: title and query not shown\)/);
    expect(tabs).toMatch(/"Corner Shop" http:\/\/127\.0\.0\.1:\d+\/home\.html\?q=kettle/);
    // The model named the bank's address itself; what Bosun gave back carries none of its data.
    const given = toolResults().join('\n');
    for (const secret of [TOKEN, 'statements', 'Ledger', '4,211.07']) expect(given).not.toContain(secret);
    for (const secret of ['Ledger', '4,211.07']) expect(everythingSent()).not.toContain(secret);
    expect(await logged(sidebar, ['get_cached_snapshot'])).toContain('get_cached_snapshot denied denied | chat');
  });

  it('a workflow step on a blocked site is not run and its tab is never opened; the refusal is logged', async () => {
    const from = bank.log.length;
    await showView(sidebar, 'research');
    ctx.llm.reset();
    const steps = [
      { task: 'Read the balance', site: `${bank.url}/step.html`, permissions: ['read-only'], onFailure: 'continue' },
      { task: 'Read the offers', site: `${shop.url}/offers.html`, permissions: ['read-only'] },
    ];
    ctx.llm.script(
      { kind: 'text', chunks: ['```json\n', JSON.stringify({ steps }), '\n```'] },
      call('w1', 'read_page', {}),
      answer('Offers read.'),
      // The report's answer, from the one step that ran.
      answer('The offers were read [1].'),
    );
    await sidebar.fill('[data-testid="workflow-intent"]', 'Check my balance and the offers');
    await sidebar.click('[data-testid="workflow-plan"]');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="review-step"]').length === 2, undefined, {
      message: 'the plan was not shown for review',
    });
    await sidebar.click('[data-testid="workflow-approve"]');
    const shown = await sidebar.waitFor(
      () => {
        const status = document.querySelector('[data-testid="workflow-status"]')?.getAttribute('data-status');
        if (status !== 'completed' && status !== 'failed') return false;
        return [...document.querySelectorAll('[data-testid="workflow-step"]')].map((el) => [
          el.getAttribute('data-status'),
          el.querySelector('[data-testid="workflow-step-error"]')?.textContent ?? '',
        ]);
      },
      undefined,
      { timeoutMs: 30_000, message: 'the workflow did not finish' },
    );
    expect(shown).toEqual([
      ['failed', expect.stringMatching(/^Not run: Denied by the permission policy: You blocked this site/)],
      ['completed', ''],
    ]);
    expect(bankHits(from)).toEqual([]);
    expect((await logged(sidebar, ['open_tab'])).slice(0, 2)).toEqual([
      'open_tab approved-plan success | workflow step 2',
      'open_tab denied denied | workflow step 1',
    ]);
  });

  it('where reads ask, an ABP crawl, an ABP pick and a recall ask the person, and the tab list shows no query', async () => {
    await setSiteRule(sidebar, '127.0.0.2', null);
    await setSiteRule(sidebar, '127.0.0.1', 'read-only');
    await setLevelDefault(sidebar, 'read-only', 'ask');
    const from = bank.log.length;
    for (const [capability, params] of [
      ['crawl.start', { urls: [`${bank.url}/crawled.html`] }],
      ['scrape.pickContent', { url: `${bank.url}/picked.html` }],
    ] as const) {
      const called = abp.call(capability, params);
      const question = await answerPrompt(sidebar, 'deny');
      expect(question, capability).toMatchObject({
        // A crawl is crawl_site, at the navigate level, which asks by default too.
        tool: capability === 'crawl.start' ? 'crawl_site' : capability,
        site: '127.0.0.2',
        requester: expect.stringMatching(/abp/),
      });
      expect(await called, capability).toMatchObject({ success: false, error: { code: 'PERMISSION_DENIED' } });
    }
    expect(bankHits(from)).toEqual([]);

    await startFresh(sidebar);
    ctx.llm.reset();
    ctx.llm.script(call('a1', 'list_tabs', {}), call('a2', 'get_cached_snapshot', { url: bankUrl }), answer('No.'));
    await send(sidebar, 'What did I look at before?');
    const recall = await waitForPrompt(sidebar);
    expect(recall).toMatchObject({ tool: 'get_cached_snapshot', site: '127.0.0.2' });
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);
    const [tabs, recalled] = toolResults();
    expect(tabs).toMatch(
      /: http:\/\/127\.0\.0\.2:\d+\/account\.html \(Bosun asks before reading this site: title and query not shown\)/,
    );
    expect(recalled).toMatch(/^Denied by the user\./);
    // The model named the bank's address itself; what Bosun gave back carries none of its data.
    const given = toolResults().join('\n');
    for (const secret of [TOKEN, 'statements', 'Ledger', '4,211.07']) expect(given).not.toContain(secret);
    for (const secret of ['Ledger', '4,211.07']) expect(everythingSent()).not.toContain(secret);
    await setLevelDefault(sidebar, 'read-only', 'auto-approve');
  });
});
