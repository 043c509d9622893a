// Tasks side by side: each conversation runs its own chat task, and a research run its steps, in
// tabs they opened behind the person's, while the person goes on; each task is listed with what it
// does now and its own Stop; no task acts on a tab another one works in.
import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import type { Step } from '../fixtures/llm-server';
import { actionLogEntries } from './support/action-log';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { call, hold, question, toolResults } from './support/scripted-turns';
import { send, showView, shownMessages, waitForMessages } from './support/sidebar';
import { everyTab } from './support/tab-groups';
import { planAndApprove, waitForWorkflow } from './support/workflow';

/** The running tasks' rows as the person reads them: kind, title and what each is doing now. */
const runningRows = (page: PageDriver) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="running-task"]')].map((el) => ({
      kind: el.dataset['kind'] ?? '',
      title: el.querySelector('.running-task-title')?.textContent ?? '',
      now: el.querySelector('[data-testid="running-task-now"]')?.textContent ?? '',
    })),
  );

const HOME = 'Beside the others, read the shop home page';
const PRODUCT = 'Beside the others, read the product page';
const RESEARCH = 'Check the contact form page';
const INTENT = 'Is the contact form there?';

/** Which task a model request belongs to: a chat task by its question, the research step by its prompt. */
function taskOf(body: unknown): 'home' | 'product' | 'research' | 'answer' {
  const asked = question(body);
  if (asked.includes(HOME)) return 'home';
  if (asked.includes(PRODUCT)) return 'product';
  // The step's own prompt; the run's answer, written at its end, is asked with no tools.
  return asked.startsWith('You are doing step') ? 'research' : 'answer';
}

/** Shows an empty conversation: New, unless the one shown is empty already (New is off then). */
async function emptyConversation(page: PageDriver): Promise<void> {
  if ((await shownMessages(page)).length > 0) await page.click('[data-testid="new-conversation"]');
  await waitForMessages(page, (m) => m.length === 0, 'New did not show an empty conversation');
}

/**
 * Starts a research run of one step (the contact form page) and then a chat task in each of two new
 * conversations, and ends on a third, empty one. Every task's first model request is held by the
 * caller's responder, so all three are under way at once when this returns.
 */
async function startThreeTasks(ctx: ReturnType<typeof useConfiguredSidebar>, mark = ''): Promise<void> {
  const { sidebar, site } = ctx;
  await showView(sidebar, 'research');
  await planAndApprove(sidebar, ctx.llm, INTENT, [
    { task: RESEARCH, site: site.url('form.html'), permissions: ['read-only', 'navigate'] },
  ]);
  await showView(sidebar, 'chat');
  for (const request of [HOME + mark, PRODUCT + mark]) {
    await emptyConversation(sidebar);
    await send(sidebar, request);
  }
  await emptyConversation(sidebar);
  await sidebar.waitFor((n) => document.querySelectorAll('[data-testid="running-task"]').length === n, 3, {
    message: 'the three tasks were not listed',
  });
  const started = () => new Set(ctx.llm.requests.map((r) => taskOf(r.body)).filter((task) => task !== 'answer'));
  const deadline = Date.now() + 15_000;
  while (started().size < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect([...started()].sort()).toEqual(['home', 'product', 'research']);
}

/** Opens a conversation from History by the person's first message, as its title reads. */
async function openFromHistory(page: PageDriver, title: string): Promise<void> {
  await showView(page, 'history');
  await page.waitFor(
    (t) => [...document.querySelectorAll('[data-testid="history-item"]')].some((el) => el.textContent?.includes(t)),
    title,
    { message: `History did not list "${title}"` },
  );
  await page.evaluate((t) => {
    const item = [...document.querySelectorAll('[data-testid="history-item"]')].find((el) =>
      el.textContent?.includes(t),
    );
    item?.querySelector<HTMLButtonElement>('[data-testid="history-open"]')?.click();
  }, title);
  await waitForMessages(page, (m) => m[0]?.content === title, `the conversation "${title}" did not open`);
}

describe.each(BROWSERS)('tasks side by side in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { openFirst: 'article.html' });
  const { sidebar, site } = ctx;

  it("two chat tasks and a research run work at once, each in its own tab, and the person's tab stays in front", async () => {
    ctx.llm.reset();
    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    const pages = {
      home: site.url('index.html?by=home'),
      product: site.url('product.html?by=product'),
      research: site.url('form.html?by=research'),
    };
    const held = hold();
    ctx.llm.respondWith(async (body): Promise<Step> => {
      const task = taskOf(body);
      const done = toolResults(body);
      // Every task's first action waits until all three are under way; then their turns interleave.
      if (done.length === 0) await held.released;
      const paced = { waitBeforeMs: 300 };
      if (task === 'answer') return { kind: 'text', chunks: ['The contact form is there.'] };
      if (task === 'research')
        return done.length === 0
          ? { ...call('navigate', { url: pages.research }), ...paced }
          : { kind: 'text', chunks: ['A contact form.'], ...paced };
      if (done.length === 0) return { ...call('open_tab', { url: pages[task] }), ...paced };
      if (done.length === 1) return { ...call('get_page_content', { type: 'title' }), ...paced };
      const title = /^((?!<)[^\n]*Bosun Test Shop)$/m.exec(done[1] ?? '')?.[1] ?? `no title in ${done[1]}`;
      return { kind: 'text', chunks: [`Read: ${title}`], ...paced };
    });
    const front = (await everyTab(sidebar)).filter((t) => t.active);
    const personPage = () => site.server.requests.filter((path) => path.startsWith('/article.html')).length;
    const personLoads = personPage();

    await startThreeTasks(ctx);
    // All three under way at once, each listed by what it is, with its own Stop; the person's tab in front.
    expect((await runningRows(sidebar)).map((row) => [row.kind, row.title])).toEqual([
      ['research', INTENT],
      ['chat', HOME],
      ['chat', PRODUCT],
    ]);
    expect((await everyTab(sidebar)).filter((t) => t.active)).toEqual(front);
    held.release();
    await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') === null, undefined, {
      timeoutMs: 60_000,
      message: 'the three tasks did not end',
    });

    // Each task's action landed once, in a tab of its own behind the person's, which nothing touched.
    const after = await everyTab(sidebar);
    expect(after.filter((t) => t.active)).toEqual(front);
    for (const url of Object.values(pages)) {
      expect(after.filter((t) => t.url === url).map((t) => t.active)).toEqual([false]);
      expect(site.server.requests.filter((path) => url.endsWith(path))).toHaveLength(1);
    }
    expect(personPage()).toBe(personLoads);
    // The Action Log keeps them apart: each action by the task that took it.
    const acted = (await actionLogEntries(sidebar))
      .filter((e) => JSON.stringify(e.parameters).includes('?by='))
      .map((e) => [(e.parameters as { url?: string }).url, e.details?.split(':')[0]]);
    expect(acted.sort()).toEqual(
      [
        [pages.home, 'chat'],
        [pages.product, 'chat'],
        [pages.research, 'workflow step 1'],
      ].sort(),
    );
    await expectKeptApart(ctx);
  });

  it("each task's Stop in the list stops that task alone", async () => {
    ctx.llm.reset();
    const held = hold();
    ctx.llm.respondWith(async (): Promise<Step> => {
      await held.released;
      return { kind: 'text', chunks: ['Too late.'] };
    });
    const mark = ', then stop';
    await startThreeTasks(ctx, mark);
    const stopRow = (title: string) =>
      sidebar.evaluate((t) => {
        const row = [...document.querySelectorAll('[data-testid="running-task"]')].find(
          (el) => el.querySelector('.running-task-title')?.textContent === t,
        );
        row?.querySelector<HTMLButtonElement>('[data-testid="running-task-stop"]')?.click();
      }, title);
    const left = [HOME + mark, PRODUCT + mark];
    for (const title of [INTENT, HOME + mark, PRODUCT + mark]) {
      await stopRow(title);
      const expected = left.filter((t) => t !== title);
      left.splice(0, left.length, ...expected);
      await sidebar.waitFor(
        (titles) =>
          JSON.stringify(
            [...document.querySelectorAll('[data-testid="running-task"] .running-task-title')].map(
              (el) => el.textContent,
            ),
          ) === JSON.stringify(titles),
        expected,
        { message: `stopping "${title}" did not leave exactly ${JSON.stringify(expected)} running` },
      );
    }
    held.release();
    await showView(sidebar, 'research');
    await waitForWorkflow(sidebar, (shown) => shown.status === 'cancelled', 'the research run was not cancelled');
    for (const title of [HOME + mark, PRODUCT + mark]) {
      await openFromHistory(sidebar, title);
      await waitForMessages(sidebar, (m) => m.at(-1)?.status === 'stopped', `"${title}" did not end stopped`);
    }
  });

  it('a task cannot act on a tab another running task works in: it is refused, naming that task', async () => {
    ctx.llm.reset();
    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    const held = hold();
    const intruder = site.url('article.html?by=intruder');
    ctx.llm.respondWith(async (body): Promise<Step> => {
      const done = toolResults(body);
      if (question(body).includes('Read this article')) {
        if (done.length === 0) return call('get_page_content', { type: 'title' });
        await held.released;
        return { kind: 'text', chunks: ['Read.'] };
      }
      // The second task goes for the same tab, the person's, which the first one works in.
      if (done.length === 0) return call('navigate', { url: intruder });
      return { kind: 'text', chunks: [`Told: ${done[0] ?? ''}`] };
    });
    const front = (await everyTab(sidebar)).filter((t) => t.active);
    await showView(sidebar, 'chat');
    await emptyConversation(sidebar);
    await send(sidebar, 'Read this article');
    // The first task has read the person's tab, which makes it the tab that task works in.
    const deadline = Date.now() + 15_000;
    while (!ctx.llm.requests.some((r) => toolResults(r.body).length === 1) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await emptyConversation(sidebar);
    await send(sidebar, 'Go to the article again');
    const told = await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.status === 'done' && m.at(-1)?.content.startsWith('Told:') === true,
      'the second task did not answer',
    );
    expect(told.at(-1)?.content).toContain(
      'is in use by a chat task of another conversation, and two tasks never act on the same tab',
    );
    expect(site.server.requests).not.toContain('/article.html?by=intruder');
    expect((await everyTab(sidebar)).filter((t) => t.active)).toEqual(front);
    held.release();
    await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') === null, undefined, {
      message: 'the first task did not end',
    });
  });
});

/** History keeps the two chat tasks apart: each conversation holds its own request and answer only. */
async function expectKeptApart(ctx: ReturnType<typeof useConfiguredSidebar>): Promise<void> {
  const answers = { [HOME]: 'Read: Bosun Test Shop', [PRODUCT]: 'Read: Trail Runner 2 - Bosun Test Shop' };
  for (const [request, answer] of Object.entries(answers)) {
    await openFromHistory(ctx.sidebar, request);
    const shown = await waitForMessages(
      ctx.sidebar,
      (m) => m.at(-1)?.status === 'done',
      `"${request}" did not open with its answer`,
    );
    expect(shown.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([request]);
    expect(shown.at(-1)?.content).toBe(answer);
  }
  await showView(ctx.sidebar, 'research');
  await waitForWorkflow(ctx.sidebar, (shown) => shown.status === 'completed', 'the research run did not complete');
}
