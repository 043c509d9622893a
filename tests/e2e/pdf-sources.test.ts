// PDFs as sources beyond the chat: a research run cites the PDF a step read, page and all; a crawl that
// meets a PDF link stores the PDF as markdown with page markers, and the Library's search cites its page;
// and a crawl ending while a PDF is read (both use Chrome's one offscreen document) leaves the read whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useAbpPage } from './support/abp';
import { shownTools, startFresh, waitUntilIdle } from './support/agent';
import { useExtension } from './support/extension';
import { setSiteRule } from './support/permissions';
import { configure, openSidebar, send, shownMessages, showView } from './support/sidebar';
import { useSite } from './support/site';
import { answer, call, toolResults } from './support/scripted-turns';
import { planAndApprove, waitForWorkflow } from './support/workflow';

type StoredPage = { url: string; title: string; markdown: string; content: string; metadata: Record<string, string> };

describe.each(BROWSERS)('PDFs as sources in %s', (browserName) => {
  const ctx = useExtension(browserName);
  // The log answers late when asked for it during a crawl: the crawl ends while the PDF is still being read.
  let slowLog = false;
  const requested: string[] = [];
  const site = useSite({
    delayMs: (path) => {
      requested.push(path);
      return slowLog && path === '/pdf/long.pdf' ? 6_000 : 0;
    },
  });
  const abp = useAbpPage(ctx, { initialized: true });
  let sidebar: PageDriver;

  beforeAll(async () => {
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    // A crawl is judged at the navigate level: the person lets Bosun crawl the test site.
    await setSiteRule(sidebar, new URL(site.url('')).hostname, 'navigate');
  });

  /** Polls crawl.status, as an agent does, until the crawl is no longer running. */
  async function crawled(urls: string, options: object): Promise<{ jobId: string; status: string }> {
    const { jobId } = (await abp.data('crawl.start', { urls, options })) as { jobId: string };
    for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
      const status = (await abp.data('crawl.status', { jobId })) as { active: boolean; job: { status: string } };
      if (!status.active) return { jobId, status: status.job.status };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the crawl ${jobId} did not finish`);
  }

  it('a research run cites the PDF a step read, its page linked to that page of the PDF', async () => {
    await showView(sidebar, 'research');
    ctx.llm.reset();
    const pdf = site.url('pdf/report.pdf');
    const steps = [{ task: 'Read the oxygen level in the harbour survey', site: pdf, permissions: ['read-only'] }];
    await planAndApprove(sidebar, ctx.llm, 'What was the oxygen level at the north pier?', steps, async () => {
      ctx.llm.script(
        { kind: 'tool_calls', calls: [{ id: 'p1', name: 'read_pdf', arguments: {} }] },
        { kind: 'text', chunks: ['The dissolved oxygen level was 7.2 mg/L at the north pier (p. 3).'] },
        {
          kind: 'text',
          chunks: ['The oxygen level at the north pier was 7.2 mg/L [1, p. 3].'],
          expect: (body) =>
            JSON.stringify(body).includes(`[1] Harbour Survey 2026 — ${pdf}`)
              ? null
              : 'the answer was not asked for with the PDF as source [1]',
        },
      );
    });
    const done = await waitForWorkflow(sidebar, (w) => w.status === 'completed', 'the workflow did not finish', 60_000);
    expect(done.steps).toEqual(['completed']);
    expect(ctx.llm.failures).toEqual([]);
    const report = await sidebar.evaluate(() => {
      const markdown = document.querySelector('[data-testid="workflow-report"] .markdown');
      const first = markdown?.querySelector('h2 + p');
      return {
        links: [...(first?.querySelectorAll('a') ?? [])].map((a) => ({
          text: a.textContent?.replace(a.querySelector('.link-host')?.textContent ?? '', '').trim(),
          href: a.getAttribute('href'),
        })),
        text: markdown?.textContent ?? '',
      };
    });
    expect(report.links).toEqual([{ text: '[1, p. 3]', href: `${pdf}#page=3` }]);
    expect(report.text).toContain('Harbour Survey 2026');
    expect(report.text).not.toContain('No pages were read.');
    await sidebar.click('[data-testid="view-chat"]');
  });

  it('a crawl that meets a PDF link stores it as markdown with its pages, and the Library cites its page', async () => {
    const { jobId, status } = await crawled(site.url('pdf/index.html'), { maxWorkers: 1, pageLimit: 3 });
    expect(status).toBe('completed');
    const { pages } = (await abp.data('storage.pages.list', { jobId })) as { pages: StoredPage[] };
    const report = pages.find((p) => p.url === site.url('pdf/report.pdf'));
    expect(report).toMatchObject({
      title: 'Harbour Survey 2026',
      metadata: { contentType: 'application/pdf', pages: '4' },
    });
    expect(report?.markdown).toMatch(/^## Page 1\n+Harbour Survey 2026\n+### Introduction\n/);
    expect(report?.markdown).toMatch(/## Page 3\n+#### Water quality\nThe dissolved oxygen level was 7\.2 mg\/L/);
    expect(pages.find((p) => p.url === site.url('pdf/long.pdf'))?.markdown).toContain('## Page 300\n');

    await startFresh(sidebar);
    ctx.llm.reset();
    let found = '';
    ctx.llm.respondWith((body) => {
      const [result] = toolResults(body);
      if (result === undefined) return call('search_library', { query: 'dissolved oxygen' });
      found = result;
      return answer('7.2 mg/L, says the Harbour Survey 2026 (p. 3).');
    });
    await send(sidebar, 'What oxygen level did the harbour survey measure?');
    await waitUntilIdle(sidebar);
    expect(ctx.llm.failures).toEqual([]);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'search_library', outcome: 'success' }]);
    expect(found).toContain(`[1] Harbour Survey 2026\nURL: ${site.url('pdf/report.pdf')}\nPDF, the match is on p. 3\n`);
    expect((await shownMessages(sidebar)).at(-1)?.content).toContain('(p. 3)');
    await abp.data('storage.jobs.delete', { jobIds: jobId });
  });

  it('a crawl that ends while a PDF is read leaves the read whole, and the offscreen document closes after both', async () => {
    await startFresh(sidebar);
    ctx.llm.reset();
    slowLog = true;
    requested.length = 0;
    const results: string[] = [];
    ctx.llm.respondWith((body) => {
      results.splice(0, results.length, ...toolResults(body));
      return results.length === 0
        ? call('read_pdf', { url: `${site.url('pdf/long.pdf')}?while-crawling` })
        : answer('The log has 300 pages.');
    });
    try {
      await send(sidebar, 'How long is the harbour log?');
      // The PDF is being fetched (slowly) when the crawl starts, and the crawl is over before it arrives.
      for (const deadline = Date.now() + 10_000; !requested.includes('/pdf/long.pdf');) {
        if (Date.now() > deadline) throw new Error('the PDF was not requested');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const { jobId, status } = await crawled(site.url('crawl/index.html'), { maxWorkers: 1, pageLimit: 2 });
      expect(status).toBe('completed');
      expect(results).toEqual([]);
      await waitUntilIdle(sidebar, 60_000);
      await abp.data('storage.jobs.delete', { jobIds: jobId });
    } finally {
      slowLog = false;
    }
    expect(ctx.llm.failures).toEqual([]);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'read_pdf', outcome: 'success' }]);
    expect(results[0]).toContain('Pages: 300');
    expect(results[0]).toMatch(/## Page 1\n+### Log section 1\n/);
    if (browserName === 'chromium') {
      const documents = await abp.page.evaluate(
        async () =>
          (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as chrome.runtime.ContextType] }))
            .length,
      );
      expect(documents).toBe(0);
    }
  });
});
