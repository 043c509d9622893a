import { describe, expect, it } from 'vitest';
import type { BrowserName, LaunchOptions, PageDriver } from './harness';
import { BROWSERS } from './harness';
import { actionLogEntries } from './support/action-log';
import { answerPrompt, openOnly, startFresh, waitForPrompt, waitUntilIdle } from './support/agent';
import { setSiteRule } from './support/permissions';
import { indexByLabel } from './support/listing';
import type { Responder } from '../fixtures/llm-server/script';
import { call, scriptedModel } from './support/scripted-turns';
import { AHEAD_MS, deleteSchedule, runAt } from './support/schedule';
import { send, showView, shownMessages } from './support/sidebar';
import { answer, openTabUrls, planAndApprove, useResearchView, waitForWorkflow } from './support/workflow';

/**
 * The person allowed notifications when they made their first schedule: Firefox takes the product's own
 * request without its prompt; Chromium's prompt cannot be clicked by a test, so the copy holds the permission.
 */
const notificationsAllowed = (browserName: BrowserName): LaunchOptions =>
  browserName === 'chromium'
    ? { grantOptional: ['notifications'] }
    : {
        firefoxPrefs: {
          'extensions.webextOptionalPermissionPrompts': false,
          // Firefox's own alert window, kept up long enough to be read back (the system's needs a desktop).
          'alerts.useSystemBackend': false,
          'alerts.totalOpenTime': 120_000,
        },
      };

/**
 * The browser notifications Bosun has up: Firefox gives each one's title and message, Chromium only that
 * it is up (`true`).
 */
const shownNotifications = (page: PageDriver) =>
  page.evaluate(async () =>
    Object.values((await browser.notifications.getAll()) as Record<string, true | { title: string; message: string }>),
  );

describe.each(BROWSERS)('schedules in %s', (browserName) => {
  const ctx = useResearchView(browserName, notificationsAllowed(browserName));
  const { sidebar: page, shops } = ctx;
  const modelTurns = () => ctx.llm.requests.filter((r) => r.method === 'POST').length;

  /** With the sidebar closed, waits until the model has been asked `turns` times in all (a run started). */
  async function waitForModelTurns(turns: number): Promise<void> {
    const deadline = Date.now() + AHEAD_MS + 30_000;
    while (modelTurns() < turns && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(modelTurns()).toBe(turns);
  }

  /** The person's chat task the chat-task schedules repeat: their name typed into the form, allowed once when asked. */
  async function fillInName(): Promise<void> {
    ctx.llm.reset();
    ctx.llm.respondWith(
      scriptedModel(
        [
          () => call('read_page', {}),
          // By index inside fill_form's fields: the trace cannot name it, so a replay asks the model for this step.
          ({ listing }) =>
            call('fill_form', { fields: [{ index: indexByLabel(listing, 'textbox', 'Name'), value: 'Ada' }] }),
        ],
        'Your name is in the form.',
      ),
    );
    await send(page, 'Put my name, Ada, in the contact form');
    await waitForPrompt(page);
    await answerPrompt(page, 'allow-once');
    await waitUntilIdle(page);
  }

  /**
   * An unattended run's navigation to the other shop waited: no question left waiting for nobody, none
   * answered in the person's place, the other shop not opened, and the one navigation since `since` unanswered.
   */
  async function expectWaitedUnasked(since: number): Promise<void> {
    expect(await page.evaluate(() => document.querySelector('[data-testid="permission-prompt"]'))).toBeNull();
    expect((await openTabUrls(page)).some((url) => url.startsWith(shops.b('')))).toBe(false);
    const navigations = (await actionLogEntries(page)).filter((e) => e.toolName === 'navigate' && e.timestamp >= since);
    expect(navigations.map((e) => e.decision)).toEqual(['unanswered']);
  }

  /** The person is told by one browser notification (Firefox shows its words; Chromium only that it is up). */
  async function expectNotified(told: { title: string; message: string }): Promise<void> {
    expect(await shownNotifications(page)).toEqual([browserName === 'firefox' ? expect.objectContaining(told) : true]);
  }

  /** The person's search of Delta Depot: read, type the product, press Search, read its price; the report asked with no tools. */
  const searchModel: Responder = (body) =>
    (body as { tools?: unknown[] }).tools?.length
      ? scriptedModel(
          [
            () => call('read_page', {}),
            ({ listing }) =>
              call('type_text', { index: indexByLabel(listing, 'searchbox', 'Product'), text: 'kettle' }),
            ({ listing }) => call('click_element', { index: indexByLabel(listing, 'button', 'Search') }),
            () => call('read_page', {}),
          ],
          'Price of kettle: $24.',
        )(body)
      : answer('Delta Depot sells it for $24 [1].');

  /** Delta Depot's redesign, which renames its Search button (in this browser, as a site changes between runs). */
  async function redesign(on: boolean): Promise<void> {
    const shop = await ctx.session.openPage(shops.a('search.html'));
    await shop.evaluate((on) => (on ? localStorage.setItem('layout', 'new') : localStorage.removeItem('layout')), on);
    await shop.close();
  }

  it('a scheduled workflow replays its steps with the sidebar closed, and waits (never asks the void) at an action beyond its plan', async () => {
    // A workflow the person ran and approved once, then saved: search Delta Depot for a kettle's price.
    const site = shops.a('search.html');
    const step = {
      task: 'Search Delta Depot for kettle and read its price',
      site,
      permissions: ['read-only', 'interact', 'submit'],
    };
    ctx.llm.respondWith(searchModel);
    await planAndApprove(page, ctx.llm, 'Find the price of a kettle at Delta Depot', [step]);
    await waitForWorkflow(page, (w) => w.status === 'completed', 'the workflow did not finish');
    await page.click('[data-testid="workflow-save"]');
    await page.waitFor(() => document.querySelector('[data-testid="saved-workflow"]') !== null, undefined, {
      message: 'the workflow was not saved',
    });

    // Scheduled a few seconds ahead; the form lists what each run may do.
    await page.click('[data-testid="saved-schedule"]');
    expect(await page.text('[data-testid="schedule-access"]')).toBe(
      `${new URL(site).host}: read-only, interact, submit`,
    );
    await runAt(page, Date.now() + AHEAD_MS);
    await page.click('[data-testid="schedule-save"]');
    await page.waitFor(() => document.querySelector('[data-testid="schedule"]') !== null, undefined, {
      message: 'the schedule was not listed',
    });
    expect(await page.text('[data-testid="schedule-when"]')).toContain('next run');

    // Since it was saved, the shop renamed its Search button: the run replays what still matches and asks
    // the model for the button alone, and the model (obedient to the page, say) goes to another shop: not in the plan.
    await redesign(true);
    const before = modelTurns();
    const ranFrom = Date.now();
    ctx.llm.respondWith(() => call('navigate', { url: shops.b('shop-b.html') }));
    await page.close();

    // Nobody is at the sidebar: the run goes on without it, and stops at the navigation.
    await waitForModelTurns(before + 1);

    await ctx.reopenSidebar();
    await showView(page, 'research');
    const paused = await waitForWorkflow(page, (w) => w.status === 'interrupted', 'the run did not pause');
    expect(paused.steps).toEqual(['pending']);
    const notes = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="workflow-note"]')].map((el) => el.textContent ?? ''),
    );
    expect(notes[0]).toMatch(/^Ran on schedule at .*\.$/);
    expect(notes[0]).not.toContain('next start');
    expect(notes[1]).toMatch(
      /^Waited for you at step 1: 'navigate' .*on 127\.0\.0\.2, at level navigate needed your answer, and nobody was there to ask; it did not run\./,
    );
    // The person is told by a browser notification, which names the run and what waited.
    expect(await page.evaluate(() => browser.permissions.contains({ permissions: ['notifications'] }))).toBe(true);
    await expectNotified({
      title: 'Bosun: “Find the price of a kettle at Delta Depot” is waiting for you',
      message: notes[1]!,
    });
    await expectWaitedUnasked(ranFrom);
    // The model was asked for the renamed button alone: the step ended at the navigation (a reopened sidebar only lists models).
    expect(modelTurns()).toBe(before + 1);
    // The schedule says it ran, and a one-time schedule will not run again.
    expect(await page.text('[data-testid="schedule-last"]')).toMatch(/^Ran on schedule at /);
    expect(await page.text('[data-testid="schedule-when"]')).toContain('has run');

    // The person resumes it: now they are there, so the navigation is asked about; they say no. The step
    // ends with the page as read, and the run's answer is written.
    ctx.llm.respondWith(null);
    ctx.llm.script(call('navigate', { url: shops.b('shop-b.html') }), answer('Delta Depot shows no price [1].'));
    await page.click('[data-testid="workflow-resume"]');
    const prompt = await waitForPrompt(page);
    expect(prompt.tool).toContain('navigate');
    await answerPrompt(page, 'deny');
    await waitForWorkflow(page, (w) => w.status === 'completed', 'the resumed run did not finish');
    expect(await page.text('[data-testid="workflow-report"]')).toContain('Delta Depot shows no price');
    await redesign(false);

    // Deleted from the one list of schedules.
    await deleteSchedule(page);
  });

  it('a paused schedule does not run at its time; edited and resumed, it runs once at its new time, asking the model only for its answer', async () => {
    // The workflow the first test saved, scheduled a few seconds ahead, then paused at once.
    await page.click('[data-testid="saved-schedule"]');
    await runAt(page, Date.now() + AHEAD_MS);
    await page.click('[data-testid="schedule-save"]');
    await page.waitFor(() => document.querySelector('[data-testid="schedule"]') !== null, undefined, {
      message: 'the schedule was not listed',
    });
    await page.click('[data-testid="schedule-pause"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="schedule"]')?.getAttribute('data-paused') === 'true',
      undefined,
      { message: 'the schedule was not paused' },
    );
    expect(await page.text('[data-testid="schedule-when"]')).toContain('paused');
    const turns = modelTurns();
    await new Promise((resolve) => setTimeout(resolve, AHEAD_MS + 3000));
    // Its time came and went: nothing ran.
    expect(modelTurns()).toBe(turns);
    expect(await page.evaluate(() => document.querySelector('[data-testid="schedule-last"]'))).toBeNull();

    // Edited to a new time (still paused), then resumed: it runs then, once. On the shop as it was saved,
    // its actions replay without the model, which is asked once, for the answer.
    await page.click('[data-testid="schedule-edit"]');
    await runAt(page, Date.now() + AHEAD_MS);
    await page.click('[data-testid="schedule-save"]');
    await page.waitFor(() => document.querySelector('[data-testid="schedule-edit"]') !== null, undefined, {
      message: 'the edit form did not close',
    });
    expect(await page.text('[data-testid="schedule-when"]')).toContain('paused');
    ctx.llm.script(answer('It costs $24 [1].', 'Price of kettle: $24'));
    await page.click('[data-testid="schedule-pause"]');
    await page.waitFor(
      () =>
        (document.querySelector('[data-testid="schedule-last"]')?.textContent ?? '').startsWith('Ran on schedule at'),
      undefined,
      { timeoutMs: AHEAD_MS + 30_000, message: 'the resumed schedule did not run' },
    );
    const ran = await waitForWorkflow(page, (w) => w.status === 'completed', 'the scheduled run did not finish');
    expect(ran.results[0]).toContain('Price of kettle: $24');
    expect(await page.text('[data-testid="workflow-step-replay"]')).toBe(
      'Replayed without the model: 3 actions as recorded',
    );
    expect(await page.text('[data-testid="workflow-report"]')).toContain('It costs $24');
    expect(modelTurns()).toBe(turns + 1);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(modelTurns()).toBe(turns + 1);
    expect(await page.text('[data-testid="schedule-when"]')).toContain('has run');
    expect(ctx.llm.failures).toEqual([]);
    await deleteSchedule(page);
  });

  it('a scheduled chat task runs with the sidebar closed as a replay, and waits (never asks the void) at an action beyond what it did', async () => {
    // The person's chat task: fill in their name on the form (allowed once when asked).
    const formUrl = `${shops.servers[0]!.url}/form.html`;
    await showView(page, 'chat');
    const form = await openOnly(ctx.session, page, formUrl);
    await fillInName();
    expect(await form.evaluate(() => (document.getElementById('name') as HTMLInputElement).value)).toBe('Ada');

    // Scheduled from beside Run again, a few seconds ahead; listed with the workflows' schedules, with what it may do.
    await page.click('[data-testid="run-again-schedule"]');
    await runAt(page, Date.now() + AHEAD_MS);
    await page.click('[data-testid="schedule-save"]');
    await showView(page, 'research');
    await page.waitFor(() => document.querySelector('[data-testid="schedule-chat-access"]') !== null, undefined, {
      message: 'the chat task schedule was not listed',
    });
    expect(await page.text('[data-testid="schedule-chat-access"]')).toContain('127.0.0.1');
    await showView(page, 'chat');

    // On its run the step goes to the model, which (obedient to the page, say) goes to another shop: beyond what the task did.
    ctx.llm.reset();
    ctx.llm.script({
      kind: 'tool_calls',
      calls: [{ id: 'n1', name: 'navigate', arguments: { url: shops.b('shop-b.html') } }],
    });
    const ranFrom = Date.now();
    // The first test's notification is put away, so what is up afterwards is this run's.
    await page.evaluate(async () => {
      for (const id of Object.keys(await browser.notifications.getAll())) await browser.notifications.clear(id);
    });
    await page.close();
    await waitForModelTurns(1);
    // Time for the navigation to reach the gate, and for a question (were one asked) to show.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    await ctx.reopenSidebar();
    await page.waitFor(
      () =>
        [...document.querySelectorAll('[data-role="assistant"]')].some((el) =>
          el.textContent?.includes('Waited for you'),
        ),
      undefined,
      { message: 'the run did not say what waited' },
    );
    // In the conversation (History): the run, when it ran, and what waited, in words.
    const messages = await shownMessages(page);
    const run = messages.slice(messages.findLastIndex((m) => m.role === 'user'));
    expect(run[0]).toMatchObject({ role: 'user', content: 'Put my name, Ada, in the contact form' });
    // Marked as a run again (a replay), as Run again's are.
    expect(await page.evaluate(() => document.querySelectorAll('[data-role="user"][data-replay="run"]').length)).toBe(
      1,
    );
    expect(run[1]?.content).toMatch(/^Ran on schedule at .*\.$/);
    expect(run.at(-1)?.content).toMatch(
      /^Waited for you: 'navigate' .*on 127\.0\.0\.2, at level navigate needed your answer, and nobody was there to ask; it did not run/,
    );
    // The person is told by a browser notification, which names the task and what waited (the address as the
    // model gave it: the conversation shows the link with its host beside it).
    const told = {
      title: 'Bosun: “Put my name, Ada, in the contact form” is waiting for you',
      message: `Waited for you: 'navigate' (go to ${shops.b('shop-b.html')}) on 127.0.0.2, at level navigate needed your answer, and nobody was there to ask; it did not run, and the task stopped there. Run again to be asked.`,
    };
    await expectNotified(told);
    // The one navigation since the schedule's run began (the earlier test's are before it).
    await expectWaitedUnasked(ranFrom);
    expect(modelTurns()).toBe(1);
    expect(ctx.llm.failures).toEqual([]);

    await showView(page, 'research');
    expect(await page.text('[data-testid="schedule-last"]')).toMatch(/^Ran on schedule at /);
    await deleteSchedule(page);
  });

  it('a scheduled chat task whose start page was blocked since it was scheduled does not open it, and its run says why', async () => {
    const server = shops.servers[0]!;
    const formUrl = `${server.url}/form.html?by=blocked-schedule`;
    await showView(page, 'chat');
    await startFresh(page);
    const form = await openOnly(ctx.session, page, formUrl);
    await fillInName();
    await form.close();
    await page.click('[data-testid="run-again-schedule"]');
    await runAt(page, Date.now() + AHEAD_MS);
    await page.click('[data-testid="schedule-save"]');
    // After scheduling, the person blocks the site the task starts on.
    await setSiteRule(page, '127.0.0.1', 'blocked');
    const loads = () => server.requests.filter((path) => path.startsWith('/form.html?by=blocked-schedule')).length;
    const loaded = loads();
    const turns = modelTurns();

    await showView(page, 'research');
    await page.waitFor(
      () => (document.querySelector('[data-testid="schedule-last"]')?.textContent ?? '').includes('did not run'),
      undefined,
      { timeoutMs: AHEAD_MS + 30_000, message: 'the run did not say it did not run' },
    );
    const escaped = formUrl.replace(/[.?]/g, '\\$&');
    expect(await page.text('[data-testid="schedule-last"]')).toMatch(
      new RegExp(`^Ran on schedule at .*\\. It did not run: Bosun did not open its start page ${escaped}: .*blocked`),
    );
    // The page was not loaded, no tab shows it, and the model was not asked.
    expect(loads()).toBe(loaded);
    expect((await openTabUrls(page)).includes(formUrl)).toBe(false);
    expect(modelTurns()).toBe(turns);

    await deleteSchedule(page);
    await setSiteRule(page, '127.0.0.1', null);
  });
});
