import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, type LaunchOptions, type PageDriver } from './harness';
import { answerPrompt, shownTools, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { useExtension } from './support/extension';
import { configure, openSidebar, send, shownMessages } from './support/sidebar';
import { useSite } from './support/site';
import type { LlmServer, Step } from '../fixtures/llm-server';
import { answer } from './support/scripted-turns';

type Body = { messages: { role: string; content: unknown }[] };
const call = (id: string, name: string, args: object): Step => ({
  kind: 'tool_calls',
  calls: [{ id, name, arguments: args }],
});
/** What the model was told each tool call returned, in order. */
const toolResults = (llm: LlmServer) =>
  (llm.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)?.body as Body).messages
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));
/** Waits longer than any tool may: a step still running past it is a hang. */
const BOUND_MS = 20_000;
/** How long the slow site takes to send its page: far longer than Bosun's grace for a reply once a tab loads. */
const SLOW_MS = 4_000;

describe.each(BROWSERS)('tabs that change under an action in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { site, sidebar } = ctx;

  let page: PageDriver;
  // The same site, whose pages come only after SLOW_MS, as a busy server's do.
  const slowSite = useSite({ delayMs: () => SLOW_MS });
  const workTab = () =>
    sidebar.evaluate(async () => (await browser.tabs.query({})).find((t) => /^http:/.test(t.url ?? ''))?.id as number);

  beforeEach(async () => {
    await sidebar.evaluate(async () => {
      const tabs = (await browser.tabs.query({})).filter((t) => /^(https?|about):/.test(t.url ?? ''));
      if (tabs.length > 0) await browser.tabs.remove(tabs.map((t) => t.id as number));
    });
    page = await ctx.session.openPage(site.url('form.html'));
  });

  /** Sends a task whose only action waits for `selector` (by default an element that never comes), and waits until that action runs. */
  async function startWaiting(selector = '#never-there'): Promise<number> {
    ctx.llm.script(call('w1', 'wait_for_element', { selector, timeoutMs: 30_000 }), answer('I could not wait there.'));
    await send(sidebar, 'Wait for the confirmation to show up');
    await sidebar.waitFor(
      (selector) =>
        document.querySelector('[data-testid="status-activity"]')?.textContent ===
        `Step 1: Waiting for ‘${selector}’ to appear`,
      selector,
      { message: 'the action did not start' },
    );
    return workTab();
  }

  it('a tab closed during an action ends the action at once and the task with it, saying its tab was closed', async () => {
    const tabId = await startWaiting();
    const closedAt = Date.now();
    await sidebar.evaluate((id) => browser.tabs.remove(id), tabId);
    await waitUntilIdle(sidebar, BOUND_MS);
    expect(Date.now() - closedAt).toBeLessThan(BOUND_MS);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'wait_for_element', outcome: 'failed' }]);
    const shown = await shownMessages(sidebar);
    expect(shown.at(-2)?.content).toMatch(/The tab was closed/);
    expect(shown.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'error',
      error: 'The tab this task worked in was closed, so the task stopped here. Send your message again to start over.',
    });
    // Nothing is left to act on: the model is not asked to go on without its tab.
    expect(ctx.llm.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1);
  });

  it('a tab that navigates away during an action ends it with a clear error, and the action is not repeated', async () => {
    const tabId = await startWaiting();
    const leftAt = Date.now();
    await sidebar.evaluate(({ id, url }) => browser.tabs.update(id, { url }), {
      id: tabId,
      url: site.url('article.html'),
    });
    await waitUntilIdle(sidebar, BOUND_MS);
    expect(Date.now() - leftAt).toBeLessThan(BOUND_MS);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'wait_for_element', outcome: 'failed' }]);
    expect(toolResults(ctx.llm)[0]).toMatch(/The page changed before it answered/);
    expect(ctx.llm.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(2);
  });

  it('a page still waiting for the next one is still there: an action that ends before the next page comes succeeds', async () => {
    await startWaiting('#late');
    // The page starts to leave for the slow site, and shows the awaited element while it waits.
    await page.evaluate((url) => {
      location.href = url;
      setTimeout(() => document.body.append(Object.assign(document.createElement('p'), { id: 'late' })), 1_500);
    }, slowSite.url('article.html'));
    await waitUntilIdle(sidebar, BOUND_MS);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'wait_for_element', outcome: 'success' }]);
    expect(toolResults(ctx.llm)[0]).toMatch(/#late/);
  });

  it('a link whose page keeps busy after the click still answers it before the next page replaces it', async () => {
    // The page's own click listener queues work (as analytics do) that runs before Bosun's answer
    // could, while the next page arrives.
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { id: 'go', href, textContent: 'Read the article' });
      link.addEventListener('click', () =>
        setTimeout(() => {
          const end = Date.now() + 1_500;
          while (Date.now() < end);
        }, 0),
      );
      document.body.prepend(link);
    }, site.url('article.html'));
    ctx.llm.script(call('c1', 'click_element', { selector: '#go' }), answer('The article is open.'));
    await send(sidebar, 'Open the article');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar, BOUND_MS);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'click_element', outcome: 'success' }]);
    expect(toolResults(ctx.llm)[0]).toMatch(/Clicked element: #go/);
  });

  it('browser pages, extension pages and the add-on stores are refused with the reason, without a question', async () => {
    const sidebarTab = await sidebar.evaluate(async () => (await browser.tabs.getCurrent())?.id as number);
    const blankTab = await sidebar.evaluate(
      async () => (await browser.tabs.create({ url: 'about:blank', active: false })).id as number,
    );
    ctx.llm.script(
      call('n1', 'navigate', { url: 'about:config' }),
      call('s1', 'switch_tab', { tabId: blankTab }),
      call('n2', 'navigate', { url: 'https://addons.mozilla.org/en-US/firefox/' }),
      call('o1', 'open_tab', { url: 'https://chromewebstore.google.com/' }),
      call('s2', 'switch_tab', { tabId: sidebarTab }),
      answer('None of those pages can be used.'),
    );
    await send(sidebar, 'Open the browser settings, then the add-on stores, then your own page');
    await waitUntilIdle(sidebar, BOUND_MS);
    expect((await shownTools(sidebar)).map((t) => t.outcome)).toEqual([
      'failed',
      'denied',
      'denied',
      'denied',
      'denied',
    ]);
    expect(toolResults(ctx.llm)).toEqual([
      'Invalid arguments for navigate: url: must be an http(s) URL',
      // Without the "tabs" permission the browser does not even tell Bosun the address of its own page.
      'Denied by the permission policy: Bosun cannot act on this page: the browser hides its address from extensions (a browser page), or it is not a valid URL.',
      'Denied by the permission policy: Bosun never acts on a browser add-on store, where extensions may not act.',
      'Denied by the permission policy: Bosun never acts on a browser add-on store, where extensions may not act.',
      `Denied by the permission policy: Bosun never acts on an extension page (${browserName === 'chromium' ? 'chrome' : 'moz'}-extension:).`,
    ]);
    expect(
      await sidebar.evaluate(async () =>
        (await browser.tabs.query({})).some((t) => /addons\.mozilla|chromewebstore/.test(t.url ?? '')),
      ),
    ).toBe(false);
  });
});

describe.each(BROWSERS)('a tab that was open before Bosun was installed, in %s', (browserName) => {
  const site = useSite();
  const launch: LaunchOptions = {};
  beforeAll(() => {
    launch.openBeforeInstall = site.url('product.html');
  });
  const ctx = useExtension(browserName, {}, launch);

  it('is read all the same: Bosun adds its content script when the tab has none', async () => {
    const sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    ctx.llm.script(call('r1', 'read_page', {}), answer('It is the Trail Runner 2.'));
    await send(sidebar, 'What is on this page?');
    await waitUntilIdle(sidebar, BOUND_MS);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'read_page', outcome: 'success' }]);
    expect(toolResults(ctx.llm)[0]).toMatch(/Trail Runner 2/);
  });
});
