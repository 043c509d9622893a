// Two conversations side by side: New while an answer is still arriving shows an empty conversation;
// a chat task in each conversation works in its own tab behind the person's, and each ends in its own
// conversation; a question from a task of another conversation names that task's request.
import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import type { Step } from '../fixtures/llm-server';
import { answerPrompt } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { call, question, toolResults } from './support/scripted-turns';
import { send, showView, shownMessages, waitForMessages } from './support/sidebar';
import { everyTab } from './support/tab-groups';

type Message = { role: string; content?: unknown };

/** The person's latest words in a model request: the conversation may hold earlier tasks. */
const lastQuestion = (body: unknown) =>
  String(((body as { messages?: Message[] }).messages ?? []).findLast((m) => m.role === 'user')?.content ?? '');

/** How many tool results the conversation held before the person's latest words. */
const earlierResults = (body: unknown) => {
  const messages = (body as { messages?: Message[] }).messages ?? [];
  const latest = messages.findLastIndex((m) => m.role === 'user');
  return messages.slice(0, latest).filter((m) => m.role === 'tool').length;
};

/** The running tasks' titles, as the list shows them. */
const runningTasks = (page: PageDriver) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="running-task"]')].map(
      (el) => el.querySelector('.running-task-title')?.textContent ?? '',
    ),
  );

describe.each(BROWSERS)('two conversations side by side in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { openFirst: 'article.html' });
  const { sidebar, site } = ctx;

  it('New while an answer is still arriving shows an empty conversation; the answer ends in its own', async () => {
    // The text shows at once; each later event of the stream comes 2.5 s after the one before (the second
    // words, the finish, the usage, the end), so the answer ends about 10 s later: the window in which New
    // used to be refused.
    ctx.llm.script({ kind: 'text', chunks: ['About a metre', ' at the ford.'], delayMs: 2500 });
    await send(sidebar, 'How deep is the ford?');
    await waitForMessages(sidebar, (m) => m.at(-1)?.content === 'About a metre', 'the answer did not start');
    await sidebar.click('[data-testid="new-conversation"]');
    await waitForMessages(sidebar, (m) => m.length === 0, 'New did not show an empty conversation', 2000);
    // The list follows the background's next word on running tasks, which may come a moment after New.
    await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') !== null, undefined, {
      message: 'the task in the first conversation was not listed',
    });
    expect(await runningTasks(sidebar)).toEqual(['How deep is the ford?']);
    await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') === null, undefined, {
      message: 'the task in the other conversation did not end',
      timeoutMs: 30_000,
    });
    // Nothing of it came into the new conversation.
    expect(await shownMessages(sidebar)).toEqual([]);
    await showView(sidebar, 'history');
    await sidebar.click('[data-testid="history-item"] [data-testid="history-open"]');
    const shown = await waitForMessages(sidebar, (m) => m.length === 2, 'the first conversation did not open');
    expect(shown.map((m) => [m.content, m.status])).toEqual([
      ['How deep is the ford?', 'done'],
      ['About a metre at the ford.', 'done'],
    ]);
  });

  it("two chat tasks in two conversations work at once, each in its own tab, and the person's tab stays in front", async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    await showView(sidebar, 'chat');
    const pages = { home: site.url('index.html'), product: site.url('product.html') };
    // Each task opens its page, reads its title and answers with it. The first one's turns are slow,
    // so the second starts, works and ends while the first is still under way.
    ctx.llm.respondWith((body): Step => {
      const first = question(body).includes('home page');
      const done = toolResults(body);
      const delay = first ? { delayMs: 1500 } : {};
      if (done.length === 0) return { ...call('open_tab', { url: first ? pages.home : pages.product }), ...delay };
      if (done.length === 1) return { ...call('get_page_content', { type: 'title' }), ...delay };
      const title = /^((?!<)[^\n]*Bosun Test Shop)$/m.exec(done[1] ?? '')?.[1] ?? 'no title';
      return { kind: 'text', chunks: [`Read: ${title}`], ...delay };
    });
    const before = (await everyTab(sidebar)).filter((t) => t.active);

    await sidebar.click('[data-testid="new-conversation"]');
    await waitForMessages(sidebar, (m) => m.length === 0, 'New did not show an empty conversation');
    await send(sidebar, 'Read the shop home page');
    await sidebar.click('[data-testid="new-conversation"]');
    await waitForMessages(sidebar, (m) => m.length === 0, 'New did not show an empty conversation');
    await send(sidebar, 'Read the product page');
    const second = await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.status === 'done' && m.at(-1)?.content.startsWith('Read:') === true,
      'the second task did not answer',
    );
    expect(second.at(-1)?.content).toBe('Read: Trail Runner 2 - Bosun Test Shop');
    // The first is still working: listed with its own Stop, and nothing of it shows here.
    expect(await runningTasks(sidebar)).toEqual(['Read the shop home page']);
    expect(second.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Read the product page']);

    await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') === null, undefined, {
      timeoutMs: 30_000,
      message: 'the first task did not end',
    });
    const after = await everyTab(sidebar);
    // The person's tab is still the one in front; each task's tab opened behind it.
    expect(after.filter((t) => t.active)).toEqual(before);
    for (const url of Object.values(pages)) expect(after.find((t) => t.url === url)?.active).toBe(false);

    await showView(sidebar, 'history');
    await sidebar.click('[data-testid="history-item"]:nth-child(2) [data-testid="history-open"]');
    const first = await waitForMessages(
      sidebar,
      (m) => m[0]?.content === 'Read the shop home page' && m.at(-1)?.status === 'done',
      'the first conversation did not open with its answer',
    );
    expect(first.at(-1)?.content).toBe('Read: Bosun Test Shop');
    expect(first.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Read the shop home page']);
  });

  it("a question from another conversation's task names that task's request, not the one in sight", async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    await showView(sidebar, 'chat');
    // The cart task opens the product page and clicks Add to cart, which asks; its turns are slow, so the
    // person has meanwhile asked something else in a new conversation.
    ctx.llm.respondWith((body): Step => {
      if (!lastQuestion(body).includes('cart')) return { kind: 'text', chunks: ['About a metre.'] };
      // The conversation may hold an earlier task's results: only this task's count.
      const done = toolResults(body).slice(earlierResults(body));
      if (done.length === 0) return { ...call('open_tab', { url: site.url('product.html') }), waitBeforeMs: 1500 };
      if (done.length === 1) return { ...call('click_element', { selector: '#add-to-cart' }), waitBeforeMs: 1500 };
      return { kind: 'text', chunks: ['Not added.'] };
    });
    await send(sidebar, 'Put the trail runner in my cart');
    await sidebar.click('[data-testid="new-conversation"]');
    await waitForMessages(sidebar, (m) => m.length === 0, 'New did not show an empty conversation');
    await send(sidebar, 'How deep is the ford?');
    await waitForMessages(sidebar, (m) => m.at(-1)?.status === 'done', 'the second question was not answered');

    const asked = await answerPrompt(sidebar, 'deny');
    expect(asked.request).toBe('For your request: “Put the trail runner in my cart”');
    await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') === null, undefined, {
      timeoutMs: 30_000,
      message: 'the cart task did not end',
    });
  });
});
