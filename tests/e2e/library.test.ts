import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileNameForUrl } from '../../background/library/file-names';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, shownTools, waitUntilIdle } from './support/agent';
import { axeViolations } from './support/axe';
import { catchDownloads, lastDownload } from './support/downloads';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { PANEL_WIDTHS, sidewaysOverflow } from './support/layout';
import { setSiteRule } from './support/permissions';
import { frontier, job, seedLibrary } from './support/library';
import { send, showView } from './support/sidebar';

type Body = { messages: { role: string; content: unknown }[] };
const CRAWLED = ['crawl/a.html', 'crawl/b.html', 'crawl/deep/c.html', 'crawl/index.html', 'crawl/orphan.html'];

describe.each(BROWSERS)('the Library view in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    openFirst: 'article.html',
  });
  const { site, sidebar } = ctx;

  let abp: PageDriver;
  let jobId: string;
  const jobItem = (id: string) => `[data-testid="library-job"][data-id="${id}"]`;
  const shownJob = (id: string) =>
    sidebar.evaluate((selector) => {
      const item = document.querySelector(selector);
      return {
        status: item?.getAttribute('data-status') ?? null,
        progress: item?.querySelector('[data-testid="library-job-progress"]')?.textContent ?? null,
      };
    }, jobItem(id));
  const waitForStatus = (id: string, status: string, timeoutMs = 60_000) =>
    sidebar.waitFor(
      ({ selector, status }) => document.querySelector(selector)?.getAttribute('data-status') === status,
      { selector: jobItem(id), status },
      { message: `the job ${id} did not show as ${status}`, timeoutMs },
    );
  /** The last tool result the model was sent. */
  const lastToolResult = () => {
    const chats = ctx.llm.requests.filter((r) => r.path.endsWith('/chat/completions') || r.path.endsWith('/messages'));
    return String((chats.at(-1)?.body as Body).messages.filter((m) => m.role === 'tool').at(-1)?.content);
  };

  beforeAll(async () => {
    await catchDownloads(sidebar);
    // A crawl started as a page using Bosun's protocol starts one; the Library shows every crawl.
    abp = await ctx.session.openExtensionPage('abp-app.html');
    await abp.evaluate(() => window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }));
    const starting = abp.evaluate(
      (url) => window.abp.call('crawl.start', { urls: url, options: { maxWorkers: 1 } }),
      site.url('crawl/index.html'),
    );
    // A crawl is judged at the navigate level, which asks.
    await answerPrompt(sidebar, 'allow-once');
    const started = await starting;
    if (!started.success) throw new Error(`crawl.start failed: ${JSON.stringify(started.error)}`);
    jobId = (started.data as { jobId: string }).jobId;
  });

  it('lists the crawl job, its progress moving to done without reopening the view', async () => {
    await showView(sidebar, 'library');
    await sidebar.waitFor(
      (id) => document.querySelector(`[data-testid="library-job"][data-id="${id}"]`) !== null,
      jobId,
      { message: 'the job is not listed' },
    );
    await sidebar.waitFor(
      (id) =>
        document.querySelector(`[data-testid="library-job"][data-id="${id}"]`)?.getAttribute('data-status') ===
        'completed',
      jobId,
      {
        message: 'the job did not show as completed',
        timeoutMs: 60_000,
      },
    );
    const shown = await sidebar.evaluate((id) => {
      const item = document.querySelector(`[data-testid="library-job"][data-id="${id}"]`)!;
      const bar = item.querySelector('progress')!;
      return {
        title: item.querySelector('.library-title')?.textContent,
        status: item.querySelector('[data-testid="library-job-status"]')?.textContent,
        progress: item.querySelector('[data-testid="library-job-progress"]')?.textContent,
        value: bar.value,
        max: bar.max,
      };
    }, jobId);
    expect(shown).toMatchObject({ title: site.url('crawl/index.html'), status: 'Done', value: 6 });
    // Six pages read (the sitemap's orphan included), five stored: copy-of-a.html is a copy of a.html.
    expect(shown.progress).toMatch(/^5 stored · 6 of \d+ pages read$/);
    expect(shown.max).toBeGreaterThanOrEqual(6);
  });

  it('opens the crawl to list its pages (title, address, size), previews one, and fits every width', async () => {
    await sidebar.click(`${jobItem(jobId)} [data-testid="library-open-job"]`);
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="library-page"]').length === 5, undefined, {
      message: "the crawl's pages are not listed",
    });
    const pages = await sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="library-page"]')].map((item) => ({
        title: item.querySelector('[data-testid="library-page-preview"]')?.textContent,
        link: item.querySelector<HTMLAnchorElement>('[data-testid="library-page-link"]')?.getAttribute('href'),
        target: item.querySelector<HTMLAnchorElement>('[data-testid="library-page-link"]')?.target,
        size: item.querySelector('[data-testid="library-page-size"]')?.textContent,
      })),
    );
    expect(pages.map((p) => p.link).sort()).toEqual(CRAWLED.map(site.url).sort());
    expect(pages.map((p) => p.title)).toContain('Gamma - Bosun Crawl Fixture');
    for (const page of pages) {
      expect(page.target).toBe('_blank');
      expect(page.size).toMatch(/^\d+(\.\d)?\s?kB$/);
    }
    await sidebar.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('[data-testid="library-page-preview"]')]
        .find((b) => b.textContent === 'Gamma - Bosun Crawl Fixture')
        ?.click(),
    );
    await sidebar.waitFor(
      () => document.querySelector('[data-testid="library-preview"] h1')?.textContent === 'Gamma',
      undefined,
      { message: 'no preview of Gamma' },
    );
    await sidebar.click('[data-testid="library-close-preview"]');
    // The address opens the page itself in a tab of its own.
    const gamma = site.url('crawl/deep/c.html');
    const tabsOn = (url: string) =>
      abp.evaluate(async (u) => (await browser.tabs.query({})).filter((t) => t.url === u).map((t) => t.id!), url);
    expect(await tabsOn(gamma)).toEqual([]);
    await sidebar.click(`[data-testid="library-page-link"][href="${gamma}"]`);
    const opened = (await abp.waitFor(
      async (u) => {
        const ids = (await browser.tabs.query({})).filter((t) => t.url === u).map((t) => t.id!);
        return ids.length === 1 ? ids : null;
      },
      gamma,
      { message: 'the page did not open in a new tab' },
    )) as number[];
    await abp.evaluate((ids) => browser.tabs.remove(ids), opened);
    // The list and a delete waiting for its confirm, at side-panel widths.
    await sidebar.click(`${jobItem(jobId)} [data-testid="library-delete"]`);
    for (const width of PANEL_WIDTHS) {
      await sidebar.resize({ width, height: 720 });
      expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
      expect(await axeViolations(sidebar), `${width} px`).toEqual([]);
    }
    await sidebar.click(`${jobItem(jobId)} [data-testid="library-keep"]`);
    await sidebar.click('[data-testid="library-close-pages"]');
    await sidebar.waitFor(() => document.querySelector('[data-testid="library-pages"]') === null, undefined, {
      message: 'the page list did not close',
    });
    expect(await shownJob(jobId)).toMatchObject({ status: 'completed' });
  });

  it('finds a page by its text and previews its markdown', async () => {
    await sidebar.fill('[data-testid="library-search"]', 'alpha');
    await sidebar.click('[data-testid="library-search-submit"]');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="library-result"]').length > 0, undefined, {
      message: 'the search found nothing',
    });
    const titles = await sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="library-open"]')].map((b) => b.textContent),
    );
    expect(titles).toContain('Alpha - Bosun Crawl Fixture');
    await sidebar.evaluate(() => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="library-open"]')].find(
        (b) => b.textContent === 'Alpha - Bosun Crawl Fixture',
      );
      button?.click();
    });
    await sidebar.waitFor(
      () => document.querySelector('[data-testid="library-preview"] h1')?.textContent === 'Alpha',
      undefined,
      { message: 'no preview of Alpha' },
    );
    await sidebar.click('[data-testid="library-close-preview"]');
    await sidebar.waitFor(() => document.querySelector('[data-testid="library-preview"]') === null, undefined, {
      message: 'the preview did not close',
    });
  });

  it('exports the job as a ZIP of markdown files, one per stored page', async () => {
    await sidebar.click(`[data-testid="library-job"][data-id="${jobId}"] [data-testid="library-export"]`);
    const { type, bytes } = await lastDownload(sidebar);
    expect(type).toBe('application/zip');
    const zip = await JSZip.loadAsync(bytes);
    const files = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name.split('/').pop());
    expect(files.sort()).toEqual(CRAWLED.map((path) => `${fileNameForUrl(site.url(path))}.md`).sort());
    const alpha = Object.values(zip.files).find((f) =>
      f.name.endsWith(`/${fileNameForUrl(site.url('crawl/a.html'))}.md`),
    );
    expect(await alpha?.async('string')).toMatch(/^---\n[\s\S]*\n---\n\n?# Alpha\n/);
  });

  it('the chat answers from the Library with search_library: no question, results cited by title and URL', async () => {
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 's1', name: 'search_library', arguments: { query: 'gamma' } }] },
      { kind: 'text', chunks: ['Gamma is the deep page.'] },
    );
    await showView(sidebar, 'chat');
    await send(sidebar, 'What did the crawl store about Gamma?');
    await waitUntilIdle(sidebar);
    expect(await shownTools(sidebar)).toContainEqual({ tool: 'search_library', outcome: 'success' });
    const result = lastToolResult();
    expect(result).toMatch(/^\d+ stored pages match "gamma" \(from the Library, not fetched now\)\. Cite/);
    expect(result).toContain(`[1] Gamma - Bosun Crawl Fixture\nURL: ${site.url('crawl/deep/c.html')}\n`);
    expect(result).toContain('<untrusted_page_content>');
  });

  it("an answer's citation of a Library page is a link that opens the stored copy in the Library view", async () => {
    const cited = site.url('crawl/deep/c.html');
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 's2', name: 'search_library', arguments: { query: 'gamma' } }] },
      { kind: 'text', chunks: [`Gamma is the deep page ([Gamma - Bosun Crawl Fixture](${cited})).`] },
    );
    await showView(sidebar, 'chat');
    await send(sidebar, 'Where is Gamma in the Library?');
    await waitUntilIdle(sidebar);
    const link = await sidebar.evaluate(() => {
      const answers = document.querySelectorAll('[data-role="assistant"]');
      const a = answers[answers.length - 1]?.querySelector<HTMLAnchorElement>('a[data-testid="stored-citation"]');
      return a ? { text: a.textContent, href: a.getAttribute('href'), target: a.getAttribute('target') } : null;
    });
    expect(link).toEqual({
      text: 'Gamma - Bosun Crawl Fixture (stored copy in the Library)',
      href: expect.stringMatching(/^#stored-/),
      target: null,
    });
    await sidebar.evaluate(() => {
      const answers = document.querySelectorAll('[data-role="assistant"]');
      answers[answers.length - 1]?.querySelector<HTMLElement>('a[data-testid="stored-citation"]')?.click();
    });
    await sidebar.waitFor(() => document.querySelector('[data-testid="library-preview"]') !== null, undefined, {
      message: 'the stored page did not open in the Library',
    });
    const preview = await sidebar.evaluate(() => ({
      current: document.querySelector('[data-testid="view-library"]')?.getAttribute('aria-current'),
      text: document.querySelector('[data-testid="library-preview"]')?.textContent ?? '',
    }));
    expect(preview.current).toBe('page');
    expect(preview.text).toContain(cited);
    expect(preview.text).toContain('Gamma');
  });

  it('the chat crawls a site on request, after asking for that site, and the Library shows the new job', async () => {
    ctx.llm.script(
      {
        kind: 'tool_calls',
        calls: [{ id: 'c1', name: 'crawl_site', arguments: { url: site.url('crawl/index.html'), pageLimit: 3 } }],
      },
      { kind: 'text', chunks: ['Crawled three pages.'] },
    );
    await showView(sidebar, 'chat');
    await send(sidebar, 'Crawl the fixture site, three pages');
    const asked = await answerPrompt(sidebar, 'allow-once');
    expect(asked).toMatchObject({ tool: 'crawl_site', level: 'navigate' });
    await waitUntilIdle(sidebar, 60_000);
    const result = lastToolResult();
    const told =
      /^Crawl job (job_\S+): .*Library view\. It ended completed: ([1-3]) pages? read, ([1-3]) stored[ ,.]/.exec(
        result,
      );
    expect(told, result).not.toBeNull();
    expect(result).toContain('Bosun Crawl Fixture');
    const [, chatJob, read, stored] = told!;
    await showView(sidebar, 'library');
    await sidebar.waitFor((selector) => document.querySelector(selector) !== null, jobItem(chatJob!), {
      message: "the chat's job is not listed",
    });
    // The Library gives the counts the model was given.
    expect(await shownJob(chatJob!)).toEqual({
      status: 'completed',
      progress: `${stored} stored · ${read} of 3 pages read`,
    });
  });

  /** A crawl that stays running: a selector the pages never show keeps it waiting on its first page. */
  const startSlowCrawl = async () => {
    const starting = abp.evaluate(
      (url) =>
        window.abp.call('crawl.start', { urls: url, options: { maxWorkers: 1, waitForSelectors: ['#never-shown'] } }),
      site.url('crawl/index.html'),
    );
    await answerPrompt(sidebar, 'allow-once');
    const started = await starting;
    if (!started.success) throw new Error(`crawl.start failed: ${JSON.stringify(started.error)}`);
    return (started.data as { jobId: string }).jobId;
  };
  const crawlIdle = async () =>
    expect(await abp.evaluate(() => window.abp.call('crawl.cancel', {}))).toMatchObject({
      success: true,
      data: { status: 'idle' },
    });
  const jobGone = async (id: string) =>
    expect(await abp.evaluate((i) => window.abp.call('storage.jobs.get', { jobId: i }), id)).toMatchObject({
      success: true,
      data: { job: null },
    });

  it('cancels a running crawl from the view, then deletes it after a confirm', async () => {
    const running = await startSlowCrawl();
    await waitForStatus(running, 'in_progress', 15_000);
    await sidebar.click(`${jobItem(running)} [data-testid="library-cancel"]`);
    await waitForStatus(running, 'cancelled', 30_000);
    await crawlIdle();
    await sidebar.waitFor(
      (selector) => document.querySelector(`${selector} [data-testid="library-resume"]`) !== null,
      jobItem(running),
      { message: 'a cancelled crawl offers no resume' },
    );

    await sidebar.click(`${jobItem(running)} [data-testid="library-delete"]`);
    expect(await shownJob(running)).toMatchObject({ status: 'cancelled' });
    await sidebar.click(`${jobItem(running)} [data-testid="library-confirm-delete"]`);
    await sidebar.waitFor((selector) => document.querySelector(selector) === null, jobItem(running), {
      message: 'the deleted crawl is still listed',
    });
    await jobGone(running);
    expect(await shownJob(jobId)).toMatchObject({ status: 'completed' });
  });

  it('deleting a running crawl, from the view or by a page using the protocol, cancels it first', async () => {
    const running = await startSlowCrawl();
    await waitForStatus(running, 'in_progress', 15_000);
    await sidebar.click(`${jobItem(running)} [data-testid="library-delete"]`);
    await sidebar.click(`${jobItem(running)} [data-testid="library-confirm-delete"]`);
    await sidebar.waitFor((selector) => document.querySelector(selector) === null, jobItem(running), {
      message: 'the deleted crawl is still listed',
      timeoutMs: 30_000,
    });
    await crawlIdle();
    await jobGone(running);

    const another = await startSlowCrawl();
    await waitForStatus(another, 'in_progress', 15_000);
    expect(await abp.evaluate((id) => window.abp.call('storage.jobs.delete', { jobIds: id }), another)).toMatchObject({
      success: true,
      data: { deleted: 1 },
    });
    await crawlIdle();
    await jobGone(another);
  });

  it('resumes an interrupted crawl from the view and it runs to the end', async () => {
    // What a background stopped mid-crawl leaves: the job marked interrupted, the start page still queued.
    const start = site.url('crawl/index.html');
    const stopped = 'job_interrupted_e2e';
    await seedLibrary(abp, {
      jobs: [{ ...job(stopped, start, Date.now()), status: 'interrupted', pagesFound: 1, pagesProcessed: 0 }],
      pages: [],
      frontiers: [frontier(stopped, [start])],
    });
    await sidebar.waitFor((selector) => document.querySelector(selector) !== null, jobItem(stopped), {
      message: 'the interrupted crawl is not listed',
    });
    // The site is asked about again: while it is blocked, nothing is resumed.
    await setSiteRule(sidebar, '127.0.0.1', 'blocked');
    await showView(sidebar, 'library');
    await sidebar.click(`${jobItem(stopped)} [data-testid="library-resume"]`);
    await sidebar.waitFor(
      () => document.querySelector('[data-testid="notice"]')?.textContent?.startsWith('The crawl was not resumed: '),
      undefined,
      { message: 'resuming a crawl of a blocked site was not refused' },
    );
    expect(await shownJob(stopped)).toMatchObject({ status: 'interrupted' });
    await sidebar.click('[data-testid="notice"] button');
    await setSiteRule(sidebar, '127.0.0.1', null);
    await showView(sidebar, 'library');
    await sidebar.click(`${jobItem(stopped)} [data-testid="library-resume"]`);
    // Resuming is crawling: the person is asked at the navigate level, as for any crawl.
    expect(await answerPrompt(sidebar, 'allow-once')).toMatchObject({ tool: 'crawl_site', level: 'navigate' });
    await waitForStatus(stopped, 'completed');
    // Without a sitemap, a resume reaches five pages from the start page; copy-of-a.html is stored once.
    expect(await shownJob(stopped)).toEqual({ status: 'completed', progress: '4 stored · 5 of 20 pages read' });
    await sidebar.click(`${jobItem(stopped)} [data-testid="library-open-job"]`);
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="library-page"]').length === 4, undefined, {
      message: "the resumed crawl's pages are not listed",
    });
  });
});
