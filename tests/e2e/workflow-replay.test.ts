// "Run again" on a finished research run: each step replays the actions it recorded through the gate
// without the model, finding each element by its role and label on the page as it is now; a saved
// workflow's run replays its last run with the person's new value; on a page that changed since,
// only the action that no longer matches asks the model. Each step says which it was.
import { describe, expect, it } from 'vitest';
import { replayStepModel } from '../../bench/agent-tasks/replay-model';
import type { Responder } from '../fixtures/llm-server/script';
import type { PageDriver } from './harness';
import { BROWSERS } from './harness';
import { indexByLabel } from './support/listing';
import { answer, call, scriptedModel } from './support/scripted-turns';
import { closeShopTabs, planAndApprove, waitForWorkflow, useResearchView } from './support/workflow';

/** The current run's one step: its finding and, in a Run again, its mark and words. */
const shownStep = (page: PageDriver) =>
  page.evaluate(() => {
    const mark = document.querySelector<HTMLElement>('[data-testid="workflow-step-replay"]');
    return {
      status: document.querySelector('[data-testid="workflow-status"]')?.getAttribute('data-status') ?? '',
      result: document.querySelector('[data-testid="workflow-step-result"]')?.textContent ?? '',
      replay: mark?.dataset.replay ?? '',
      words: mark?.textContent ?? '',
    };
  });

type ShownStep = Awaited<ReturnType<typeof shownStep>>;

describe.each(BROWSERS)('Run again of a research run in %s', (browserName) => {
  const ctx = useResearchView(browserName);
  const { sidebar: page, shops } = ctx;

  /** Starts a run and waits until it ended as `ended` tells (the run before it had ended too). */
  const runToEnd = async (start: () => Promise<void>, ended: (shown: ShownStep) => boolean) => {
    await start();
    const deadline = Date.now() + 30_000;
    let shown = await shownStep(page);
    while (!(shown.status === 'completed' && ended(shown))) {
      if (Date.now() > deadline)
        throw new Error(`the run did not end; the Research view showed ${JSON.stringify(shown)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = await shownStep(page);
    }
    return shown;
  };

  it('replays a finished run without the model, then a saved one with a new value, asking the model only for the renamed button', async () => {
    const turns = [
      () => call('read_page', {}),
      ({ listing }: { listing: string }) =>
        call('type_text', { index: indexByLabel(listing, 'searchbox', 'Product'), text: 'kettle' }),
      ({ listing }: { listing: string }) => call('click_element', { index: indexByLabel(listing, 'button', 'Search') }),
      () => call('read_page', {}),
    ];
    const step = scriptedModel(turns, 'Price of kettle: $24.');
    // The step's turns; the report's answer is asked with no tools.
    const model: Responder = (body) =>
      (body as { tools?: unknown[] }).tools?.length ? step(body) : answer('Delta Depot sells it for $24 [1].');
    ctx.llm.respondWith(model);
    await planAndApprove(page, ctx.llm, 'Find the price of a kettle at Delta Depot', [
      {
        task: 'Search Delta Depot for kettle and read its price',
        site: shops.a('search.html'),
        permissions: ['read-only', 'interact', 'submit'],
      },
    ]);
    const first = await waitForWorkflow(page, (w) => w.status === 'completed', 'the research run did not finish');
    expect(first.results).toEqual(['Price of kettle: $24.']);
    expect(ctx.llm.failures).toEqual([]);
    expect(ctx.llm.requests.length).toBeGreaterThan(4);

    // The page as it was: the step's actions replayed, and its finding read from the page, with no model request.
    ctx.llm.reset();
    const again = await runToEnd(
      () => page.click('[data-testid="workflow-run-again"]'),
      (shown) => shown.replay !== '',
    );
    expect(ctx.llm.requests).toHaveLength(0);
    expect(again).toMatchObject({ replay: 'replayed', words: 'Replayed without the model: 3 actions as recorded' });
    expect(again.result).toContain('Price of kettle: $24');
    expect(
      await page.evaluate(() => [...document.querySelectorAll('[data-testid="workflow-note"]')].at(-1)?.textContent),
    ).toMatch(/^Run again: 1 of 1 steps replayed without the model, 0 needed the model\./);

    // Saved with the product as a parameter, and run for a toaster on the shop since redesigned (its
    // button renamed): the typed text is the new value, and only the click asks the model.
    await page.fill('[data-testid="save-value"]', 'kettle');
    await page.fill('[data-testid="save-parameter"]', 'product');
    await page.click('[data-testid="workflow-save"]');
    await page.waitFor(() => document.querySelector('[data-testid="saved-workflow"]') !== null, undefined, {
      message: 'the workflow was not saved',
    });
    const shop = await ctx.session.openPage(shops.a('search.html'));
    await shop.evaluate(() => localStorage.setItem('layout', 'new'));
    await shop.close();
    ctx.llm.respondWith(replayStepModel({ Search: 'Find' }));
    const variant = await runToEnd(
      async () => {
        await page.fill('[data-testid="saved-parameter-product"]', 'toaster');
        await page.click('[data-testid="saved-run"]');
        await page.waitFor(() => document.querySelector('[data-testid="workflow-approve"]') !== null, undefined, {
          message: 'the saved workflow was not shown for approval',
        });
        await page.click('[data-testid="workflow-approve"]');
      },
      (shown) => shown.result.includes('toaster'),
    );
    expect(ctx.llm.requests).toHaveLength(1);
    expect(ctx.llm.failures).toEqual([]);
    expect(variant).toMatchObject({
      replay: 'model',
      words: 'Needed the model: 2 actions as recorded, 1 by the model',
    });
    expect(variant.result).toContain('Price of toaster: $31');

    const cleanup = await ctx.session.openPage(shops.a('search.html'));
    await cleanup.evaluate(() => localStorage.removeItem('layout'));
    await cleanup.close();
    await closeShopTabs(page, shops);
  });
});
