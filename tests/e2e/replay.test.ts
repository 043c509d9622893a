// "Run again" on a finished chat task: its steps replayed through the gate without the model, each
// element found by its role and label on the page as it is now; a step that no longer matches (the
// page renamed its button) is the only one the model is asked for. The person sees which was which.
import { describe, expect, it } from 'vitest';
import { replayStepModel } from '../../bench/agent-tasks/replay-model';
import { TASKS } from '../../bench/agent-tasks/tasks';
import { BROWSERS, type PageDriver } from './harness';
import { openOnly, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { send, showView } from './support/sidebar';
import { scriptedModel } from './support/scripted-turns';

const task = TASKS.find((t) => t.id === 'autocomplete')!;

/** The last run's tool rows as the person sees them: the tool, its outcome and its replay mark in words. */
const lastRunRows = (sidebar: PageDriver) =>
  sidebar.evaluate(() => {
    const messages = [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')];
    return messages
      .slice(messages.findLastIndex((el) => el.dataset.role === 'user') + 1)
      .filter((el) => el.dataset.role === 'tool')
      .map((el) => ({
        tool: el.dataset.tool,
        outcome: el.dataset.outcome,
        shown: el.querySelector('[data-testid="tool-replay"]')?.textContent?.replace(/^\s*·\s*/, '') ?? '',
      }));
  });

describe.each(BROWSERS)('Run again in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { sidebar } = ctx;

  /** Presses Run again, and waits for this run's request to show (an earlier run's is already there), then for its end. */
  const runAgain = async () => {
    const runs = () => document.querySelectorAll('[data-role="user"][data-replay="run"]').length;
    const before = await sidebar.evaluate(runs);
    await sidebar.click('[data-testid="run-again"]');
    await sidebar.waitFor(
      (count) => document.querySelectorAll('[data-role="user"][data-replay="run"]').length > count,
      before,
    );
    await waitUntilIdle(sidebar);
  };

  it('replays a finished task without the model, and asks the model only for the step whose button was renamed', async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
    await showView(sidebar, 'chat');
    let page = await openOnly(ctx.session, sidebar, ctx.site.url(task.page));
    ctx.llm.respondWith(scriptedModel(task.solution, 'Done.'));
    await send(sidebar, task.request);
    await waitUntilIdle(sidebar);
    expect(await page.evaluate(task.solved)).toBe(true);
    const byModel = ctx.llm.requests.length;
    expect(byModel).toBeGreaterThan(3);
    await page.close();

    // The page as it was, opened again: every step is replayed, none asks the model.
    page = await openOnly(ctx.session, sidebar, ctx.site.url(task.page));
    ctx.llm.reset();
    ctx.llm.respondWith(replayStepModel({ 'Find flights': 'Search flights' }));
    await runAgain();
    expect(await page.evaluate(task.solved)).toBe(true);
    expect(ctx.llm.requests.length).toBe(0);
    const replayed = await lastRunRows(sidebar);
    // The click the pop-up covered failed in the model's run and did nothing: it is not repeated.
    expect(replayed.filter((r) => r.tool !== 'read_page')).toEqual([
      { tool: 'type_text', outcome: 'success', shown: 'replayed' },
      { tool: 'press_key', outcome: 'success', shown: 'replayed' },
      { tool: 'click_element', outcome: 'success', shown: 'replayed' },
    ]);
    expect(replayed.every((r) => r.shown === 'replayed')).toBe(true);
    await page.close();

    // The button renamed since: that step alone goes to the model, which finds it by its new name.
    page = await openOnly(ctx.session, sidebar, ctx.site.url(task.page));
    await page.evaluate(() => {
      (document.getElementById('go') as HTMLElement).textContent = 'Search flights';
    });
    await runAgain();
    expect(await page.evaluate(task.solved)).toBe(true);
    expect(ctx.llm.requests.length).toBe(1);
    expect(ctx.llm.failures).toEqual([]);
    expect((await lastRunRows(sidebar)).filter((r) => r.tool !== 'read_page')).toEqual([
      { tool: 'type_text', outcome: 'success', shown: 'replayed' },
      { tool: 'press_key', outcome: 'success', shown: 'replayed' },
      { tool: 'click_element', outcome: 'success', shown: 'needed the model' },
    ]);
    expect(
      await sidebar.evaluate(() => [...document.querySelectorAll('[data-role="assistant"]')].at(-1)?.textContent),
    ).toMatch(/Ran again: 2 of 3 actions as recorded, 1 with the model\./);
    await page.close();
  });
});
