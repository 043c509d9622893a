// Research runs side by side: two runs work at once, each in a tab of its own behind the person's,
// every action counted on the site's server; Stop on one stops it alone while the other ends with its
// report; a background stop with both running leaves both interrupted and resumable, nothing run twice.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Step } from '../fixtures/llm-server';
import { BROWSERS, waitUntil, type PageDriver } from './harness';
import { openOnly } from './support/agent';
import { axeViolations } from './support/axe';
import { PANEL_WIDTHS, shootThemes, sidewaysOverflow } from './support/layout';
import { answer, hold, question, toolResults } from './support/scripted-turns';
import { showView } from './support/sidebar';
import { chatRequests, clickStep, useTrustedActionSite } from './support/trusted-action-site';
import { planAndApprove, waitForWorkflow } from './support/workflow';

/** The Research view's list of runs, newest first: each one's request and status. */
const listedRuns = (page: PageDriver) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="research-run"]')].map((el) => ({
      intent: el.querySelector('.research-run-intent')?.textContent ?? '',
      status: el.dataset['status'] ?? '',
    })),
  );

async function waitForRuns(page: PageDriver, expected: { intent: string; status: string }[], message: string) {
  await page.waitFor(
    (want) => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="research-run"]')].map((el) => ({
        intent: el.querySelector('.research-run-intent')?.textContent ?? '',
        status: el.dataset['status'] ?? '',
      }));
      return JSON.stringify(rows.slice(0, want.length)) === JSON.stringify(want);
    },
    expected,
    { message: `${message}; listed ${JSON.stringify(await listedRuns(page))}`, timeoutMs: 30_000 },
  );
}

/** Shows that run in full, as the person picks it from the list. */
const pickRun = (page: PageDriver, intent: string) =>
  page.evaluate((i) => {
    const row = [...document.querySelectorAll('[data-testid="research-run"]')].find(
      (el) => el.querySelector('.research-run-intent')?.textContent === i,
    );
    row?.querySelector<HTMLButtonElement>('button')?.click();
  }, intent);

/** Every tab's address, and whether the person sees it. */
const tabs = (page: PageDriver) =>
  page.evaluate(async () => (await browser.tabs.query({})).map((t) => ({ url: t.url ?? '', active: t.active })));

describe.each(BROWSERS)('research runs side by side in %s', (browserName) => {
  const ctx = useTrustedActionSite(browserName);
  const { actions, sidebar } = ctx;

  /** Plans and approves a run of one step on its own steps page, and waits until its step asks the model. */
  async function startRun(intent: string, task: string, site: string): Promise<void> {
    await planAndApprove(sidebar, ctx.llm, intent, [{ task, site, permissions: ['interact'] }]);
    await waitUntil(() => ctx.llm.requests.some((r) => question(r.body).includes(task)), {
      message: `the step of "${intent}" did not start`,
      timeoutMs: 30_000,
    });
  }

  it("two runs work at once in tabs of their own, the person's tab in front; Stop on one stops it alone and the other ends with its report", async () => {
    const tokens = { a: `${browserName}-side-a`, b: `${browserName}-side-b` };
    const clicks = (run: 'a' | 'b') => [1, 2, 3].map((step) => actions.counts(`${tokens[run]}-s${step}`).click);
    const sites = { a: actions.steps(tokens.a, 3), b: actions.steps(tokens.b, 3) };
    const person = actions.page(`${browserName}-side-person`);
    await openOnly(ctx.session, sidebar, person);
    await showView(sidebar, 'research');
    // The tab the person is on (Firefox's test sidebar is a tab of its own, the one they click in).
    const front = (await tabs(sidebar)).filter((t) => t.active);
    ctx.llm.reset();
    // Both runs' first actions wait until both are under way; then A waits after its first click
    // (until the test ends) and B until A has been stopped.
    const together = hold();
    const bGoesOn = hold();
    const aWaits = hold();
    ctx.llm.respondWith(async (body): Promise<Step> => {
      const asked = question(body);
      if (!asked.startsWith('You are doing step')) return answer('The buttons of shop B were pressed.');
      const run = asked.includes('shop A') ? 'a' : 'b';
      const done = toolResults(body).length;
      if (done === 0) await together.released;
      if (done === 1) await (run === 'a' ? aWaits : bGoesOn).released;
      return done < 3
        ? clickStep(`${run}${done}`, done + 1)
        : answer(`Pressed the three buttons of shop ${run.toUpperCase()}.`);
    });
    await startRun('Press the buttons of shop A', 'Press the three step buttons of shop A', sites.a);
    await startRun('Press the buttons of shop B', 'Press the three step buttons of shop B', sites.b);

    // Both listed, each with its own Stop; each in one tab of its own, behind the person's.
    await waitForRuns(
      sidebar,
      [
        { intent: 'Press the buttons of shop B', status: 'running' },
        { intent: 'Press the buttons of shop A', status: 'running' },
      ],
      'the two runs were not listed running',
    );
    // The list of runs fits every panel width, and passes axe.
    for (const width of PANEL_WIDTHS) {
      await sidebar.resize({ width, height: 640 });
      if (width === 280 || width === 360) await shootThemes(sidebar, `research-runs-${browserName}`, width, 640);
      expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
      expect(await axeViolations(sidebar), `${width} px`).toEqual([]);
    }
    // The running tasks, listed under the chat's status bar.
    await showView(sidebar, 'chat');
    const rows = await sidebar.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="running-task"]')].map((el) => [
        el.dataset['kind'],
        el.querySelector('.running-task-title')?.textContent,
      ]),
    );
    expect(rows).toEqual([
      ['research', 'Press the buttons of shop A'],
      ['research', 'Press the buttons of shop B'],
    ]);
    const under = await tabs(sidebar);
    for (const url of Object.values(sites))
      expect(under.filter((t) => t.url === url).map((t) => t.active)).toEqual([false]);
    expect(under.filter((t) => t.active)).toEqual(front);

    together.release();
    await waitUntil(() => clicks('a')[0] === 1 && clicks('b')[0] === 1, {
      message: 'both runs did not click their first button',
      timeoutMs: 30_000,
    });
    // Stop on A's row: A alone ends, B is still running.
    await sidebar.evaluate(() => {
      const row = [...document.querySelectorAll('[data-testid="running-task"]')].find(
        (el) => el.querySelector('.running-task-title')?.textContent === 'Press the buttons of shop A',
      );
      row?.querySelector<HTMLButtonElement>('[data-testid="running-task-stop"]')?.click();
    });
    await showView(sidebar, 'research');
    await waitForRuns(
      sidebar,
      [
        { intent: 'Press the buttons of shop B', status: 'running' },
        { intent: 'Press the buttons of shop A', status: 'cancelled' },
      ],
      'Stop on A did not end A alone',
    );
    bGoesOn.release();
    await waitForRuns(
      sidebar,
      [
        { intent: 'Press the buttons of shop B', status: 'completed' },
        { intent: 'Press the buttons of shop A', status: 'cancelled' },
      ],
      'B did not complete',
    );
    await pickRun(sidebar, 'Press the buttons of shop B');
    await sidebar.waitFor(() => document.querySelector('[data-testid="workflow-report"]') !== null, undefined, {
      message: "B's report was not shown",
    });
    expect(await sidebar.text('[data-testid="workflow-report"]')).toContain('The buttons of shop B were pressed.');
    // Each click reached its shop's server once; A's stop stopped A's clicks only.
    expect(clicks('a')).toEqual([1, 0, 0]);
    expect(clicks('b')).toEqual([1, 1, 1]);
    expect(actions.duplicates()).toEqual([]);
    // The person's tab stayed in front; A's cancelled run closed its tab, B's stays behind for the person.
    const after = await tabs(sidebar);
    expect(after.filter((t) => t.active)).toEqual(front);
    expect(after.filter((t) => t.url === sites.a)).toEqual([]);
    expect(after.filter((t) => t.url === sites.b).map((t) => t.active)).toEqual([false]);
  });

  it('a background stop with two runs under way leaves both interrupted and resumable, and runs nothing twice', async () => {
    const tokens = { a: `${browserName}-stop-a`, b: `${browserName}-stop-b` };
    const clicks = (run: 'a' | 'b') => [1, 2, 3].map((step) => actions.counts(`${tokens[run]}-s${step}`).click);
    const sites = { a: actions.steps(tokens.a, 3), b: actions.steps(tokens.b, 3) };
    await showView(sidebar, 'research');
    ctx.llm.reset();
    // Each run's second click reaches the server and waits there: the stop lands while both run.
    const held = [actions.hold(`${tokens.a}-s2`), actions.hold(`${tokens.b}-s2`)];
    onTestFinished(() => held.forEach((h) => h.release()));
    // Their first actions wait until both are under way (a plan asked for meanwhile is the plan's).
    const together = hold();
    ctx.llm.respondWith(async (body): Promise<Step> => {
      const asked = question(body);
      if (!asked.startsWith('You are doing step')) return answer('Never asked for.');
      const run = asked.includes('shop C') ? 'a' : 'b';
      const done = toolResults(body).length;
      if (done === 0) await together.released;
      return done < 3 ? clickStep(`${run}${done}`, done + 1) : answer('Never asked for.');
    });
    await startRun('Press the buttons of shop C', 'Press the three step buttons of shop C', sites.a);
    await startRun('Press the buttons of shop D', 'Press the three step buttons of shop D', sites.b);
    together.release();
    await waitUntil(() => clicks('a')[1] === 1 && clicks('b')[1] === 1, {
      message: 'both runs did not reach their second click',
      timeoutMs: 30_000,
    });
    const asked = chatRequests(ctx.llm.requests).length;

    await ctx.session.stopBackground();
    held.forEach((h) => h.release());
    await waitForRuns(
      sidebar,
      [
        { intent: 'Press the buttons of shop D', status: 'interrupted' },
        { intent: 'Press the buttons of shop C', status: 'interrupted' },
      ],
      'the two runs were not shown interrupted after the restart',
    );
    // Nothing runs again on its own: each click once, the model not asked again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(clicks('a')).toEqual([1, 1, 0]);
    expect(clicks('b')).toEqual([1, 1, 0]);
    expect(chatRequests(ctx.llm.requests)).toHaveLength(asked);
    await showView(sidebar, 'chat');
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="running-task"]') === null)).toBe(true);
    await showView(sidebar, 'research');

    // Each is resumable on its own: D resumed ends (its step asked again, answering at once), C cancelled.
    ctx.llm.respondWith(async (body): Promise<Step> =>
      question(body).startsWith('You are doing step')
        ? answer('Shop D was already pressed.')
        : answer('Shop D is done.'),
    );
    await pickRun(sidebar, 'Press the buttons of shop D');
    await sidebar.click('[data-testid="workflow-resume"]');
    await waitForWorkflow(sidebar, (w) => w.status === 'completed', 'the resumed run did not complete');
    await pickRun(sidebar, 'Press the buttons of shop C');
    expect((await waitForWorkflow(sidebar, (w) => w.status === 'interrupted', 'C was not shown')).steps).toEqual([
      'pending',
    ]);
    await sidebar.click('[data-testid="workflow-cancel"]');
    await waitForRuns(
      sidebar,
      [
        { intent: 'Press the buttons of shop D', status: 'completed' },
        { intent: 'Press the buttons of shop C', status: 'cancelled' },
      ],
      'D did not complete and C was not cancelled',
    );
    expect(clicks('a')).toEqual([1, 1, 0]);
    expect(clicks('b')).toEqual([1, 1, 0]);
    expect(actions.duplicates()).toEqual([]);
  });
});
