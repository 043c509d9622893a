// A background stop (Chrome's service worker, Firefox's event page) in the middle of a task of
// several actions, each counted by a local server: whatever happened before the stop happened once,
// is in the conversation and the Action Log, and nothing runs again on its own after the restart.
// The same for a research run and for a scheduled run, which also never fires twice.
import { describe, expect, it } from 'vitest';
import { BROWSERS, waitUntil } from './harness';
import { openOnly, shownTools, startFresh, waitUntilIdle } from './support/agent';
import { actionLogEntries } from './support/action-log';
import { AHEAD_MS, deleteSchedule, runAt } from './support/schedule';
import { send, showView, shownMessages, waitForMessages } from './support/sidebar';
import { chatRequests, clickStep, useTrustedActionSite } from './support/trusted-action-site';
import { planAndApprove, read, waitForWorkflow } from './support/workflow';
import { answer } from './support/scripted-turns';

/** In an extension page: whether a scheduled run opening its start page has recorded its tab (agent/run-record.ts). */
async function openingTabRecorded(): Promise<boolean> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('bosun');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('state').objectStore('state').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return records.some(
      (r) => (r as { opening?: true; tabId?: number }).opening === true && (r as { tabId: number }).tabId >= 0,
    );
  } finally {
    db.close();
  }
}

describe.each(BROWSERS)('a background stop in the middle of a task in %s', (browserName) => {
  const ctx = useTrustedActionSite(browserName);
  const { actions, sidebar } = ctx;

  it('loses and repeats nothing: each action done once and recorded, the task shown interrupted, a new task runs', async () => {
    const token = `${browserName}-cut`;
    const clicks = (step: number) => actions.counts(`${token}-s${step}`).click;
    const page = await openOnly(ctx.session, sidebar, actions.steps(token, 4));
    await startFresh(sidebar);
    // The third click reaches the server and then waits for its answer: the stop lands while it runs.
    const third = actions.hold(`${token}-s3`);
    ctx.llm.script(clickStep('c1', 1), clickStep('c2', 2), clickStep('c3', 3), answer('Never asked for.'));
    await send(sidebar, 'Press the step buttons 1, 2 and 3 in order');
    await waitUntil(() => clicks(3) === 1, { message: 'the third click never reached the server', timeoutMs: 30_000 });

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
    ctx.llm.script(clickStep('c4', 4), answer('Pressed step 4.'));
    await send(sidebar, 'Now press step 4');
    await waitForMessages(sidebar, (m) => m.at(-1)?.content === 'Pressed step 4.', 'the new task did not finish');
    expect([1, 2, 3, 4].map(clicks)).toEqual([1, 1, 1, 1]);
    expect((await shownMessages(sidebar)).filter((m) => m.status === 'interrupted')).toHaveLength(1);
  });

  it('a research run cut by a stop is shown interrupted with its step to run again, and nothing runs again on its own', async () => {
    const token = `${browserName}-research`;
    const clicks = (step: number) => actions.counts(`${token}-s${step}`).click;
    await showView(sidebar, 'research');
    ctx.llm.reset();
    const from = Date.now();
    const third = actions.hold(`${token}-s3`);
    const step = {
      task: 'Press the step buttons 1, 2 and 3',
      site: actions.steps(token, 4),
      permissions: ['interact'],
    };
    await planAndApprove(sidebar, ctx.llm, 'Press the steps', [step], async () => {
      ctx.llm.script(clickStep('w1', 1), clickStep('w2', 2), clickStep('w3', 3), answer('Never asked for.'));
    });
    await waitUntil(() => clicks(3) === 1, { message: 'the third click never reached the server', timeoutMs: 30_000 });

    await ctx.session.stopBackground();
    third.release();
    const shown = await waitForWorkflow(
      sidebar,
      (w) => w.status === 'interrupted',
      'the run was not shown interrupted',
    );
    // The cut step waits to be run again (Resume), nothing else of it is kept as done.
    expect(shown.steps).toEqual(['pending']);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect([1, 2, 3, 4].map(clicks)).toEqual([1, 1, 1, 0]);
    // The plan and the three clicks: the model was not asked again after the restart.
    expect(chatRequests(ctx.llm.requests)).toHaveLength(4);
    const logged = (await actionLogEntries(sidebar))
      .filter((e) => e.toolName === 'click_element' && e.timestamp >= from)
      .map((e) => [(e.parameters as { selector?: string }).selector, e.result]);
    expect(logged).toEqual([
      ['#step-1', 'success'],
      ['#step-2', 'success'],
      ['#step-3', 'interrupted'],
    ]);
    expect((await waitForWorkflow(sidebar, () => true, '')).status).toBe('interrupted');

    // The person cancels it: it ends, and still nothing was repeated.
    await sidebar.click('[data-testid="workflow-cancel"]');
    await waitForWorkflow(sidebar, (w) => w.status === 'cancelled', 'the interrupted run was not cancelled');
    expect([1, 2, 3, 4].map(clicks)).toEqual([1, 1, 1, 0]);
    await showView(sidebar, 'chat');
  });

  /**
   * The person's task, done once on the steps page at `start`: it reads the page (a task that read no page
   * has no page to start from, and cannot be scheduled), then presses steps 1 and 2, each once.
   */
  async function pressStepsOnce(start: string, id: string, clicks: (step: number) => number): Promise<void> {
    await openOnly(ctx.session, sidebar, start);
    await startFresh(sidebar);
    ctx.llm.reset();
    ctx.llm.script(read(`${id}0`), clickStep(`${id}1`, 1), clickStep(`${id}2`, 2), answer('Pressed both.'));
    await send(sidebar, 'Press the step buttons 1 and 2');
    await waitForMessages(sidebar, (m) => m.at(-1)?.content === 'Pressed both.', 'the task did not finish');
    expect([1, 2].map(clicks)).toEqual([1, 1]);
  }

  /** After the restart: the scheduled run's messages, once shown interrupted, started by the person's words and its note. */
  async function interruptedScheduledRun() {
    const shown = await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.status === 'interrupted',
      'the scheduled run was not shown as interrupted after the restart',
      30_000,
    ).catch((error: unknown) => {
      // What the restarted background said, so that a failure explains itself.
      const said = { errors: ctx.session.backgroundErrors(), console: ctx.session.consoleOutput().slice(-20) };
      throw new Error(`${error instanceof Error ? error.message : String(error)}; ${JSON.stringify(said)}`);
    });
    const run = shown.slice(shown.findLastIndex((m) => m.role === 'user'));
    expect(run[0]).toMatchObject({ role: 'user', content: 'Press the step buttons 1 and 2' });
    expect(run[1]?.content).toMatch(/^Ran on schedule at .*\.$/);
    return run;
  }

  /** Schedules the task just done, from beside its Run again, a few seconds ahead. */
  async function scheduleRunAgain(): Promise<void> {
    await sidebar.click('[data-testid="run-again-schedule"]');
    await runAt(sidebar, Date.now() + AHEAD_MS);
    await sidebar.click('[data-testid="schedule-save"]');
  }

  it('a scheduled run cut by a stop while its start page loads says so in its conversation, closes its tab, and runs neither then nor again', async () => {
    const token = `${browserName}-opening`;
    const clicks = (step: number) => actions.counts(`${token}-s${step}`).click;
    const start = actions.steps(token, 3);
    const tabsOnStart = () =>
      sidebar.evaluate(async (url) => (await browser.tabs.query({})).filter((t) => t.url === url).length, start);
    await pressStepsOnce(start, 'o', clicks);

    // Scheduled a few seconds ahead; the server holds its start page, and the stop lands while the run's tab waits for it.
    const page = actions.hold(`${token}-page`);
    await scheduleRunAgain();
    const asked = chatRequests(ctx.llm.requests).length;
    await waitUntil(() => page.waiting() === 1, {
      message: 'the scheduled run did not open its start page',
      timeoutMs: AHEAD_MS + 30_000,
    });
    // The run has recorded its tab (it does so the moment the tab exists, before the page loads).
    await sidebar.waitFor(openingTabRecorded, undefined, { message: 'the run did not record its tab' });

    await ctx.session.stopBackground();
    page.release();
    const run = await interruptedScheduledRun();
    expect(run.filter((m) => m.status === 'interrupted')).toHaveLength(1);
    expect(run.at(-1)?.error).toMatch(/^Bosun restarted while this scheduled run’s start page was loading/);
    await waitUntilIdle(sidebar);
    // Its tab is closed (the person's own stays), no click of the run reached the server, the
    // model was not asked, and the schedule did not run again on the restart.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await tabsOnStart()).toBe(1);
    expect([1, 2, 3].map(clicks)).toEqual([1, 1, 0]);
    expect(chatRequests(ctx.llm.requests)).toHaveLength(asked);
    expect((await shownMessages(sidebar)).filter((m) => m.status === 'interrupted')).toHaveLength(1);
    await showView(sidebar, 'research');
    expect(await sidebar.text('[data-testid="schedule-when"]')).toContain('has run');
    await deleteSchedule(sidebar);
    await showView(sidebar, 'chat');
  });

  it('a scheduled run cut by a stop is shown interrupted in its conversation, runs nothing again, and the schedule does not fire twice', async () => {
    const token = `${browserName}-sched`;
    const clicks = (step: number) => actions.counts(`${token}-s${step}`).click;
    await pressStepsOnce(actions.steps(token, 3), 'p', clicks);

    // Scheduled a few seconds ahead; its run replays the two clicks, and the second waits for the server when the stop lands.
    const second = actions.hold(`${token}-s2`);
    await scheduleRunAgain();
    const asked = chatRequests(ctx.llm.requests).length;
    await waitUntil(() => clicks(2) === 2, {
      message: 'the scheduled run did not reach its second click',
      timeoutMs: AHEAD_MS + 30_000,
    });

    await ctx.session.stopBackground();
    second.release();
    const run = await interruptedScheduledRun();
    expect(run.at(-1)?.error).toMatch(/^Bosun restarted while working on this/);
    await waitUntilIdle(sidebar);
    // Each click of the run once, the model not asked, and the schedule did not run again on the restart.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect([1, 2, 3].map(clicks)).toEqual([2, 2, 0]);
    expect(chatRequests(ctx.llm.requests)).toHaveLength(asked);
    await showView(sidebar, 'research');
    expect(await sidebar.text('[data-testid="schedule-last"]')).toMatch(/^Ran on schedule at /);
    expect(await sidebar.text('[data-testid="schedule-when"]')).toContain('has run');
    await deleteSchedule(sidebar);
    await showView(sidebar, 'chat');
  });
});
