import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { shownTools, startFresh, waitUntilIdle } from './support/agent';
import { useExtension } from './support/extension';
import { setSiteRule } from './support/permissions';
import { configure, openSidebar, send, shownMessages } from './support/sidebar';
import { useSite } from './support/site';
import { answer, call, toolResults } from './support/scripted-turns';
import type { Responder, Step } from '../fixtures/llm-server/script';

/** The reading budget of read_page and read_pdf, and room for the page-content marker around it. */
const BUDGET = 24_000;
const MARKER_ROOM = 400;

/**
 * PDFs open in a tab, in the browser's own viewer (Firefox's pdf.js, Chrome's plugin), which no
 * extension can script: Bosun fetches the document itself and reads it with its own pdf.js.
 */
describe.each(BROWSERS)('PDFs in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const fetched: string[] = [];
  const site = useSite({
    delayMs: (path) => {
      fetched.push(path);
      return 0;
    },
  });
  let sidebar: PageDriver;

  beforeAll(async () => {
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    await setSiteRule(sidebar, new URL(site.url('')).hostname, 'read-only');
  });

  /** Shows `path` in a tab of its own, the only web page open, as the person would have it. */
  async function openPdf(path: string): Promise<void> {
    await startFresh(sidebar);
    const url = site.url(path);
    await sidebar.evaluate(async (url) => {
      const others = (await browser.tabs.query({})).filter((t) => /^https?:/.test(t.url ?? ''));
      await browser.tabs.create({ url, active: true });
      await browser.tabs.remove(others.map((t) => t.id as number));
    }, url);
    await sidebar.waitFor(async (url) => (await browser.tabs.query({ active: true })).some((t) => t.url === url), url, {
      message: `${url} did not open in a tab`,
    });
  }

  /** A model that makes `calls` one after another, then answers `done`; what each call returned is kept. */
  function modelCalling(calls: ((last: string) => Step)[], done: string): { results: string[]; respond: Responder } {
    const results: string[] = [];
    return {
      results,
      respond: (body) => {
        const seen = toolResults(body);
        results.splice(0, results.length, ...seen);
        const step = calls[seen.length];
        return step ? step(seen.at(-1) ?? '') : answer(done);
      },
    };
  }

  it('answers a question about the PDF in the tab from its pages, with page markers and the outline as headings', async () => {
    await openPdf('pdf/report.pdf');
    const model = modelCalling(
      [() => call('read_pdf', {})],
      'The oxygen level was 7.2 mg/L (p. 3); new fenders cost 84,000 EUR (p. 4).',
    );
    ctx.llm.respondWith(model.respond);
    await send(sidebar, 'What was the oxygen level at the north pier, and what do new fenders cost?');
    await waitUntilIdle(sidebar);
    expect(ctx.llm.failures).toEqual([]);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'read_pdf', outcome: 'success' }]);
    const [read] = model.results;
    expect(read).toContain('PDF: Harbour Survey 2026');
    expect(read).toContain('Pages: 4');
    expect(read).toMatch(/## Page 1\n+Harbour Survey 2026\n+### Introduction\nThis survey of the old harbour/);
    expect(read).toMatch(/## Page 2\n+### Findings\nThe north pier needs new fenders/);
    expect(read).toMatch(
      /## Page 3\n+#### Water quality\nThe dissolved oxygen level was 7.2 mg\/L at the north pier\./,
    );
    // The costs table, its cells placed in columns, comes as a markdown table.
    expect(read).toMatch(
      /## Page 4\n+### Costs\nThe works the survey calls for, and what each costs:\n\n\| Item \| Cost \(EUR\) \| When \|\n\| --- \| --- \| --- \|\n\| New fenders \| 84,000 \| Before winter \|\n/,
    );
    expect(read).not.toContain('Read on');
    expect((await shownMessages(sidebar)).at(-1)?.content).toBe(
      'The oxygen level was 7.2 mg/L (p. 3); new fenders cost 84,000 EUR (p. 4).',
    );
  });

  it('reads a 300-page PDF a range at a time within the budget, and finds a passage by query', async () => {
    await openPdf('pdf/long.pdf');
    const nextPage = (last: string) => Number(/Read on with fromPage (\d+)/.exec(last)?.[1] ?? 0);
    const model = modelCalling(
      [
        () => call('read_pdf', {}),
        (last) => call('read_pdf', { fromPage: nextPage(last) }),
        () => call('read_pdf', { query: 'spare key' }),
      ],
      'The spare key is under the blue stone (p. 150).',
    );
    ctx.llm.respondWith(model.respond);
    await send(sidebar, 'Where is the spare key?');
    await waitUntilIdle(sidebar, 60_000);
    expect(ctx.llm.failures).toEqual([]);
    const [first = '', second = '', found = ''] = model.results;
    for (const part of [first, second, found]) expect(part.length).toBeLessThanOrEqual(BUDGET + MARKER_ROOM);
    const next = nextPage(first);
    expect(next).toBeGreaterThan(2);
    expect(first).toMatch(/## Page 1\n+### Log section 1\nPage 1, line 1:/);
    expect(first).toContain(`[Pages 1–${next - 1} of 300 shown. Read on with fromPage ${next}`);
    expect(first).not.toContain(`## Page ${next}\n`);
    expect(second).toMatch(new RegExp(`## Page ${next}\\n+Log section ${next}\\nPage ${next}, line 1:`));
    expect(second).toMatch(new RegExp(`\\[Pages ${next}–\\d+ of 300 shown`));
    expect(found).toContain('"spare key" matches 1 passage on page 150 of 300.');
    expect(found).toMatch(/## Page 150\n+The lighthouse keeper's spare key is kept under the blue stone\./);
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'read_pdf', outcome: 'success' },
      { tool: 'read_pdf', outcome: 'success' },
      { tool: 'read_pdf', outcome: 'success' },
    ]);
  });

  it('reads a PDF a page links to, by its address, from the page', async () => {
    await openPdf('pdf/index.html');
    const model = modelCalling(
      [() => call('read_pdf', { url: site.url('pdf/report.pdf') })],
      'It costs 204,000 EUR (p. 4).',
    );
    ctx.llm.respondWith(model.respond);
    await send(sidebar, 'What does the harbour survey cost in all?');
    await waitUntilIdle(sidebar);
    expect(ctx.llm.failures).toEqual([]);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'read_pdf', outcome: 'success' }]);
    expect(model.results[0]).toContain(`URL: ${site.url('pdf/report.pdf')}`);
    expect(model.results[0]).toMatch(/## Page 4\n+### Costs\n[^]*\| Total \| 204,000 \| \|/);
  });

  it('read_page on a tab showing a PDF reads the PDF, not the viewer, and says read_pdf reads on', async () => {
    await openPdf('pdf/report.pdf');
    const model = modelCalling([() => call('read_page', {})], 'The oxygen level was 7.2 mg/L (p. 3).');
    ctx.llm.respondWith(model.respond);
    await send(sidebar, 'What was the oxygen level?');
    await waitUntilIdle(sidebar);
    expect(ctx.llm.failures).toEqual([]);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'read_page', outcome: 'success' }]);
    const [read = ''] = model.results;
    expect(read).toMatch(/^This tab shows a PDF, read as read_pdf reads it: read on or search it with read_pdf/);
    expect(read).toContain('PDF: Harbour Survey 2026');
    expect(read).toMatch(
      /## Page 3\n+#### Water quality\nThe dissolved oxygen level was 7.2 mg\/L at the north pier\./,
    );
  });

  it('says plainly that a scanned PDF has no text', async () => {
    await openPdf('pdf/scan.pdf');
    const model = modelCalling([() => call('read_pdf', {})], 'It is a scan: I cannot read its text.');
    ctx.llm.respondWith(model.respond);
    await send(sidebar, 'What does this letter say?');
    await waitUntilIdle(sidebar);
    expect(model.results[0]).toMatch(/This PDF has 2 pages but no text: it is made of images \(a scan, most likely\)/);
  });

  it('never fetches a PDF on a blocked site', async () => {
    await openPdf('pdf/report.pdf');
    await setSiteRule(sidebar, new URL(site.url('')).hostname, 'blocked');
    fetched.length = 0;
    const model = modelCalling([() => call('read_pdf', { url: site.url('pdf/long.pdf') })], 'I may not read it.');
    ctx.llm.respondWith(model.respond);
    await send(sidebar, 'Read the log');
    await waitUntilIdle(sidebar);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'read_pdf', outcome: 'denied' }]);
    expect(fetched).not.toContain('/pdf/long.pdf');
    await setSiteRule(sidebar, new URL(site.url('')).hostname, 'read-only');
  });
});
