import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileNameForUrl } from '../../src/library/file-names';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, waitUntilIdle } from './support/agent';
import { catchDownloads, lastDownload } from './support/downloads';
import { useExtension } from './support/extension';
import { configure, openSidebar, send } from './support/sidebar';
import { useSite } from './support/site';

type Body = { messages: { role: string; content: unknown }[] };

describe.each(BROWSERS)('the Library view in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let sidebar: PageDriver;
  let jobId: string;

  beforeAll(async () => {
    await ctx.session.openPage(site.url('article.html'));
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    await catchDownloads(sidebar);
    // A crawl started as a page using Bosun's protocol starts one; the Library shows every crawl.
    const abp = await ctx.session.openExtensionPage('abp-app.html');
    await abp.evaluate(() => window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }));
    const started = await abp.evaluate(
      (url) => window.abp.call('crawl.start', { urls: url, options: { maxWorkers: 1 } }),
      site.url('crawl/index.html'),
    );
    if (!started.success) throw new Error(`crawl.start failed: ${JSON.stringify(started.error)}`);
    jobId = (started.data as { jobId: string }).jobId;
  });

  it('lists the crawl job, its progress moving to done without reopening the view', async () => {
    await sidebar.click('[data-testid="view-library"]');
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
    expect(shown.progress).toMatch(/^6 of \d+ pages$/);
    expect(shown.max).toBeGreaterThanOrEqual(6);
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
    const crawled = ['crawl/a.html', 'crawl/b.html', 'crawl/deep/c.html', 'crawl/index.html', 'crawl/orphan.html'];
    expect(files.sort()).toEqual(crawled.map((path) => `${fileNameForUrl(site.url(path))}.md`).sort());
    const alpha = Object.values(zip.files).find((f) =>
      f.name.endsWith(`/${fileNameForUrl(site.url('crawl/a.html'))}.md`),
    );
    expect(await alpha?.async('string')).toMatch(/^---\n[\s\S]*\n---\n\n?# Alpha\n/);
  });

  it('the chat crawls a site on request, after asking for that site, and the Library shows the new job', async () => {
    ctx.llm.script(
      {
        kind: 'tool_calls',
        calls: [{ id: 'c1', name: 'crawl_site', arguments: { url: site.url('crawl/index.html'), pageLimit: 3 } }],
      },
      { kind: 'text', chunks: ['Crawled three pages.'] },
    );
    await sidebar.click('[data-testid="view-chat"]');
    await send(sidebar, 'Crawl the fixture site, three pages');
    const asked = await answerPrompt(sidebar, 'allow-once');
    expect(asked).toMatchObject({ tool: 'crawl_site', level: 'navigate' });
    await waitUntilIdle(sidebar, 60_000);
    const chats = ctx.llm.requests.filter((r) => r.path.endsWith('/chat/completions') || r.path.endsWith('/messages'));
    const result = String((chats.at(-1)?.body as Body).messages.filter((m) => m.role === 'tool').at(-1)?.content);
    expect(result).toMatch(/^Crawl job job_\S+: .*Library view\. It ended completed: [1-3] pages stored\./);
    expect(result).toContain('Bosun Crawl Fixture');
    await sidebar.click('[data-testid="view-library"]');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="library-job"]').length === 2, undefined, {
      message: "the chat's job is not listed",
    });
    const newest = await sidebar.evaluate(
      () => document.querySelector('[data-testid="library-job-progress"]')?.textContent,
    );
    expect(newest).toMatch(/^[1-3] of 3 pages$/);
  });
});
