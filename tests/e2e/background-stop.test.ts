// A background stop (Chrome's service worker, Firefox's event page) in the middle of a task of
// several actions, each counted by a local server: whatever happened before the stop happened once,
// is in the conversation and the Action Log, and nothing runs again on its own after the restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionSite, type ActionSite } from '../hardening/action-site';
import type { Step } from '../fixtures/llm-server';
import { BROWSERS, type PageDriver } from './harness';
import { openOnly, shownTools, startFresh, waitUntilIdle } from './support/agent';
import { actionLogEntries } from './support/action-log';
import { useExtension } from './support/extension';
import { setSiteRule } from './support/permissions';
import { configure, openSidebar, send, shownMessages, waitForMessages } from './support/sidebar';

const click = (id: string, step: number): Step => ({
  kind: 'tool_calls',
  calls: [{ id, name: 'click_element', arguments: { selector: `#step-${step}` } }],
});
const say = (text: string): Step => ({ kind: 'text', chunks: [text] });
const chatRequests = (requests: readonly { path: string }[]) =>
  requests.filter((r) => r.path.endsWith('/chat/completions'));

/** Polls `check` (in the test, not a page) until it holds. */
async function until(check: () => boolean, message: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(BROWSERS)('a background stop in the middle of a task in %s', (browserName) => {
  const ctx = useExtension(browserName);
  let actions: ActionSite;
  let sidebar: PageDriver;

  beforeAll(async () => {
    actions = await startActionSite();
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    // Trusted up to submitting forms: the task's clicks run without questions, as an unattended one's would.
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
  });
  afterAll(() => actions?.close());

  it('loses and repeats nothing: each action done once and recorded, the task shown interrupted, a new task runs', async () => {
    const token = `${browserName}-cut`;
    const clicks = (step: number) => actions.counts(`${token}-s${step}`).click;
    const page = await openOnly(ctx.session, sidebar, actions.steps(token, 4));
    await startFresh(sidebar);
    // The third click reaches the server and then waits for its answer: the stop lands while it runs.
    const third = actions.hold(`${token}-s3`);
    ctx.llm.script(click('c1', 1), click('c2', 2), click('c3', 3), say('Never asked for.'));
    await send(sidebar, 'Press the step buttons 1, 2 and 3 in order');
    await until(() => clicks(3) === 1, 'the third click never reached the server');

    await ctx.session.stopBackground();
    third.release();
    const shown = await waitForMessages(
      sidebar,
      (m) => m.some((x) => x.status === 'interrupted'),
      'the task was not shown as interrupted after the restart',
      30_000,
    );
    expect(shown.find((m) => m.status === 'interrupted')?.error).toMatch(/^Bosun restarted while working on this/);
    await waitUntilIdle(sidebar);
    // The two finished clicks and the cut one, each as it ended; nothing after it.
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'click_element', outcome: 'success' },
      { tool: 'click_element', outcome: 'success' },
      { tool: 'click_element', outcome: 'interrupted' },
    ]);
    expect(shown.map((m) => m.content)).toContainEqual(
      expect.stringMatching(/^Interrupted: Bosun restarted while click_element was running/),
    );
    // Nothing runs again on its own: the page, the server and the model saw each step once.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect([1, 2, 3, 4].map(clicks)).toEqual([1, 1, 1, 0]);
    expect(chatRequests(ctx.llm.requests)).toHaveLength(3);
    // The Action Log holds each click that reached the page once, the cut one too.
    const logged = (await actionLogEntries(sidebar))
      .filter((e) => e.toolName === 'click_element')
      .map((e) => [(e.parameters as { selector?: string }).selector, e.result]);
    expect(logged).toEqual([
      ['#step-1', 'success'],
      ['#step-2', 'success'],
      ['#step-3', 'interrupted'],
    ]);
    // No task is listed as running, and the page is the person's again: no mask over it.
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="running-task"]') === null)).toBe(true);
    await page.waitFor(() => document.querySelector('bosun-overlay') === null, undefined, {
      message: 'the mask of the cut task stayed over the page',
    });

    // The person can go on: a new task runs in the same conversation (the cut task's last turn is dropped from the script).
    ctx.llm.reset();
    ctx.llm.script(click('c4', 4), say('Pressed step 4.'));
    await send(sidebar, 'Now press step 4');
    await waitForMessages(sidebar, (m) => m.at(-1)?.content === 'Pressed step 4.', 'the new task did not finish');
    expect([1, 2, 3, 4].map(clicks)).toEqual([1, 1, 1, 1]);
    expect((await shownMessages(sidebar)).filter((m) => m.status === 'interrupted')).toHaveLength(1);
  });
});
