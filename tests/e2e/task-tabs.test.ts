// The tabs a task opens are the task's own: in a tab group named for it, apart from the person's
// tabs and from every other task's, opened behind the person's tab so their focus never moves.
import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import type { Step } from '../fixtures/llm-server';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { call, question, toolResults } from './support/scripted-turns';
import { waitUntilIdle } from './support/agent';
import { send, showView, shownMessages, waitForMessages } from './support/sidebar';
import { endedGroups, groupsByUrl } from './support/tab-groups';

/** Where the person is: the focused window, and the tab each window shows. */
const personsView = (page: PageDriver) =>
  page.evaluate(async () => {
    const windows = await browser.windows.getAll({ populate: true });
    return {
      focused: windows.filter((w) => w.focused).map((w) => w.id),
      lastFocused: (await browser.windows.getLastFocused()).id,
      shown: windows.map((w) => [w.id, w.tabs?.find((t) => t.active)?.id]),
    };
  });

describe.each(BROWSERS)('tasks in their own tab groups in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { openFirst: 'article.html' });
  const { sidebar, site } = ctx;

  it("each of two tasks at once opens its two tabs in a group of its own, behind the person's tab", async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    await showView(sidebar, 'chat');
    const pages = {
      shop: [site.url('index.html'), site.url('product.html')],
      forms: [site.url('form.html'), site.url('account.html')],
    };
    // Each task opens its two pages and answers. The first one's turns are slow (each streamed event
    // is paced), so the second opens its tabs, and ends, while the first is still under way; its
    // answer is slower still, so it is still working once both its tabs are open.
    ctx.llm.respondWith((body): Step => {
      const shop = question(body).includes('shop');
      const [first, second] = shop ? pages.shop : pages.forms;
      const done = toolResults(body).length;
      const delay = shop ? { delayMs: 300 } : {};
      if (done === 0) return { ...call('open_tab', { url: first }), ...delay };
      if (done === 1) return { ...call('open_tab', { url: second }), ...delay };
      return { kind: 'text', chunks: ['Opened both.'], ...(shop ? { delayMs: 2500 } : {}) };
    });
    const before = await personsView(sidebar);
    const startTab = (await groupsByUrl(sidebar))[site.url('article.html')];

    await send(sidebar, 'Open the shop home and product pages');
    await sidebar.click('[data-testid="new-conversation"]');
    await waitForMessages(sidebar, (m) => m.length === 0, 'New did not show an empty conversation');
    await send(sidebar, 'Open the form and account pages');
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.status === 'done' && m.at(-1)?.content === 'Opened both.',
      'the second task did not answer',
    );
    const ended = await endedGroups(sidebar, pages.forms);
    const forms = pages.forms.map((url) => ended[url]);
    expect(forms[0]).toEqual({ groupId: forms[0]?.groupId, title: '✓ Open the form and…', color: 'grey' });
    expect(forms[1]).toEqual(forms[0]);
    // The first task is still working once both its tabs are open, in a group marked as working.
    await sidebar.waitFor(
      async (urls) => {
        const tabs = await browser.tabs.query({});
        return urls.every((url) => tabs.some((t) => t.url === url && t.status === 'complete'));
      },
      pages.shop,
      { message: 'the first task did not open its tabs', timeoutMs: 20_000 },
    );
    const midway = await groupsByUrl(sidebar);
    expect(await sidebar.text('[data-testid="running-task"] .running-task-title')).toBe(
      'Open the shop home and product pages',
    );
    for (const url of pages.shop)
      expect(midway[url]).toEqual({ groupId: midway[url]?.groupId, title: 'Open the shop home and…', color: 'blue' });

    await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') === null, undefined, {
      timeoutMs: 30_000,
      message: 'the first task did not end',
    });
    const after = await endedGroups(sidebar, pages.shop);
    const shop = pages.shop.map((url) => after[url]);
    expect(shop[0]).toEqual({ groupId: shop[0]?.groupId, title: '✓ Open the shop home and…', color: 'grey' });
    expect(shop[1]).toEqual(shop[0]);
    expect(shop[0]?.groupId).toBeGreaterThanOrEqual(0);
    expect(forms[0]?.groupId).toBeGreaterThanOrEqual(0);
    expect(shop[0]?.groupId).not.toBe(forms[0]?.groupId);
    // The tab both tasks started on is the person's: in no group, as before.
    expect(after[site.url('article.html')]).toEqual(startTab);
    expect(startTab?.groupId).toBe(-1);
    // The person's focus never moved: the same window in front, each window showing the same tab.
    const now = await personsView(sidebar);
    expect(now).toEqual(before);
    expect(now.lastFocused).toBeGreaterThanOrEqual(0);
  });

  it('a task stopped after opening a tab leaves its group there, greyed and marked ✗', async () => {
    await showView(sidebar, 'chat');
    await sidebar.click('[data-testid="new-conversation"]');
    await waitForMessages(sidebar, (m) => m.length === 0, 'New did not show an empty conversation');
    const docs = site.url('docs-outside.html');
    // The model opens the page, then takes its time over the next turn: the person stops it meanwhile.
    ctx.llm.respondWith((body): Step =>
      toolResults(body).length === 0
        ? call('open_tab', { url: docs })
        : { kind: 'text', chunks: ['Too late.'], delayMs: 20_000 },
    );
    await send(sidebar, 'Read the outside docs page');
    await sidebar.waitFor(
      async (url) => (await browser.tabs.query({})).some((t) => t.url === url && t.status === 'complete'),
      docs,
      { message: 'the task did not open its tab', timeoutMs: 20_000 },
    );
    await sidebar.click('[data-testid="stop"]');
    await waitUntilIdle(sidebar);
    expect((await shownMessages(sidebar)).at(-1)?.status).toBe('stopped');
    const group = (await endedGroups(sidebar, [docs]))[docs];
    expect(group).toEqual({ groupId: group?.groupId, title: '✗ Read the outside docs…', color: 'grey' });
    expect(group?.groupId).toBeGreaterThanOrEqual(0);
  });
});
