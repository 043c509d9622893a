import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { answerPrompt, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { defaultEngine, type SearchEngine } from './support/search-engine';
import { send } from './support/sidebar';
import type { LlmServer } from '../fixtures/llm-server';
import { answer } from './support/scripted-turns';

type Body = { messages: { role: string; content: unknown }[] };
const call = (id: string, name: string, args: object) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});
const toolResults = (llm: LlmServer) =>
  (llm.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)?.body as Body).messages
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));

/** How each browser ends a page load an extension's rule blocked, before anything is sent. */
const BLOCKED = { chromium: 'net::ERR_BLOCKED_BY_CLIENT', firefox: 'NS_ERROR_ABORT' } as const;

/** A page load as webRequest saw it, and how it ended: the error, or 'sent' once it went to the network. */
interface PageRequest {
  id: string;
  url: string;
  tabId: number;
  end?: string;
}

describe.each(BROWSERS)('search_web from a new tab in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { sidebar } = ctx;
  let newTab: number;
  let engine: SearchEngine;

  /** Every page load that carried the search words, from the moment the sidebar started listening. */
  const searches = () =>
    sidebar.evaluate(() =>
      (globalThis as unknown as { pageRequests: PageRequest[] }).pageRequests.filter((r) =>
        /[?&]q=river(\+|%20)crossings/.test(r.url),
      ),
    );
  const tabsAtEngine = (host: string) =>
    sidebar.evaluate(
      async (h) => (await browser.tabs.query({})).filter((t) => t.url && new URL(t.url).host === h),
      host,
    );

  beforeAll(async () => {
    engine = await defaultEngine(sidebar);
    // Recorded from outside Bosun's background: the extension page sees the same requests.
    await sidebar.evaluate(() => {
      const log: PageRequest[] = [];
      (globalThis as unknown as { pageRequests: PageRequest[] }).pageRequests = log;
      const filter = { urls: ['<all_urls>'], types: ['main_frame' as const] };
      browser.webRequest.onBeforeRequest.addListener(
        (d) => void log.push({ id: d.requestId, url: d.url, tabId: d.tabId }),
        filter,
      );
      const end = (id: string, how: string) => {
        const request = log.find((r) => r.id === id && r.end === undefined);
        if (request) request.end = how;
      };
      browser.webRequest.onSendHeaders.addListener((d) => end(d.requestId, 'sent'), filter);
      browser.webRequest.onErrorOccurred.addListener((d) => end(d.requestId, d.error), filter);
    });
  });
  beforeEach(async () => {
    // The person looks at a new tab, and no web page is open that the task could work in instead.
    newTab = await sidebar.evaluate(async () => {
      const pages = (await browser.tabs.query({})).filter((t) => /^https?:/.test(t.url ?? ''));
      if (pages.length > 0) await browser.tabs.remove(pages.map((t) => t.id as number));
      (globalThis as unknown as { pageRequests: PageRequest[] }).pageRequests.length = 0;
      return (await browser.tabs.create({ active: true })).id as number;
    });
  });

  it('asks about the engine’s site, and once allowed works on in the results tab', async () => {
    ctx.llm.script(
      call('s1', 'search_web', { query: 'river crossings' }),
      call('s2', 'list_tabs', {}),
      answer('Searched.'),
    );
    await send(sidebar, 'Search the web for river crossings');
    const question = await waitForPrompt(sidebar);
    expect(question).toMatchObject({ tool: 'search_web', site: engine.site, level: 'navigate' });
    expect(question.title).toBe(`Search ${engine.host} for “river crossings”?`);
    expect(question.summary).toContain('river crossings');
    // While the person decides, the words have gone nowhere and no tab shows the engine.
    expect((await searches()).map((r) => r.end)).toEqual([BLOCKED[browserName]]);
    expect(await tabsAtEngine(engine.host)).toEqual([]);

    await answerPrompt(sidebar, 'allow-once');
    while (await sidebar.evaluate(() => document.querySelector('[data-testid="send"]') === null)) {
      if (await sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') !== null))
        await answerPrompt(sidebar, 'allow-once');
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [searched, listed] = toolResults(ctx.llm);
    const host = engine.host.replace(/\./g, '\\.');
    const tabId = Number(
      new RegExp(
        `^Searched for "river crossings" in new tab (\\d+): now on https://${host}/\\S*[?&]q=river(\\+|%20)crossings\\S*\\. Read`,
      ).exec(searched ?? '')?.[1],
    );
    expect(tabId, searched).toBeGreaterThan(0);
    expect(tabId).not.toBe(newTab);
    // The task went on in the results tab, which holds the engine's address with the words.
    expect(listed).toMatch(new RegExp(`^${tabId} \\(Bosun works here\\)`, 'm'));
    const [results] = await tabsAtEngine(engine.host);
    // Opened behind the person's tab: the search never takes their focus.
    expect(results).toMatchObject({ id: tabId, active: false });
    expect(results?.url).toMatch(/[?&]q=river(\+|%20)crossings/);
    // The one load that left the browser is the results tab's, after the person allowed it.
    const loads = await searches();
    expect(loads[0]?.end).toBe(BLOCKED[browserName]);
    expect(loads.slice(1).every((r) => r.tabId === tabId && r.end !== BLOCKED[browserName])).toBe(true);
    expect(loads.length).toBeGreaterThan(1);
  });

  it('denied, leaves no tab and sends the engine nothing', async () => {
    ctx.llm.script(call('s1', 'search_web', { query: 'river crossings' }), answer('I will not search.'));
    await send(sidebar, 'Search the web for river crossings');
    expect(await answerPrompt(sidebar, 'deny')).toMatchObject({
      tool: 'search_web',
      site: engine.site,
    });
    await waitUntilIdle(sidebar);
    expect(toolResults(ctx.llm)[0]).toMatch(/^Denied by the user\./);
    expect(await tabsAtEngine(engine.host)).toEqual([]);
    // The only load with the words was the blocked one that found the engine's address.
    expect((await searches()).map((r) => r.end)).toEqual([BLOCKED[browserName]]);
    // The person's new tab is still there, and still where it was.
    expect(await sidebar.evaluate(async (id) => (await browser.tabs.get(id)).url ?? '', newTab)).not.toMatch(/^http/);
  });
});
