// Research runs are kept until the person deletes them, so the Research view's list of runs grows: past
// about six rows it scrolls inside itself, at every panel width, and the oldest run is still reached and
// shown by picking it.
import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { PANEL_WIDTHS, shootThemes, sidewaysOverflow } from './support/layout';
import { plan, useFreshResearchView } from './support/workflow';

const RUNS = 9;
const HEIGHT = 640;

describe.each(BROWSERS)('a long list of research runs in %s', (browserName) => {
  const ctx = useFreshResearchView(browserName);
  const { sidebar } = ctx;

  it('scrolls inside the view at every width; the oldest run is reached and shown by picking it', async () => {
    // A plan the person cancels at its review is kept as a run too (cancelled): the quickest way to
    // many runs, as only a few may be open at once.
    for (let n = 1; n <= RUNS; n++) {
      ctx.llm.script(
        plan([{ task: `Find the price on shop ${n}`, site: ctx.shops.a('shop-a.html'), permissions: ['read-only'] }]),
      );
      await sidebar.fill('[data-testid="workflow-intent"]', `Compare the price of headphones on shop ${n}`);
      await sidebar.click('[data-testid="workflow-plan"]');
      // Planned when the review shows it, and listed from the second run on.
      await sidebar.waitFor(
        (want) =>
          !document.querySelector('[data-testid="workflow-cancel-planning"]') &&
          document.querySelector('[data-testid="review-step"]') !== null &&
          document.querySelectorAll('[data-testid="research-run"]').length === want,
        n < 2 ? 0 : n,
        { message: `run ${n} was not planned and listed` },
      );
      await sidebar.click('[data-testid="workflow-cancel"]');
      await sidebar.waitFor(() => !document.querySelector('[data-testid="workflow-review"]'), undefined, {
        message: `run ${n} was not cancelled`,
      });
    }
    const oldest = 'Compare the price of headphones on shop 1';
    for (const width of PANEL_WIDTHS) {
      await sidebar.resize({ width, height: HEIGHT });
      if (width === 280 || width === 360)
        await shootThemes(sidebar, `research-runs-many-${browserName}`, width, HEIGHT);
      expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
      // The list scrolls by itself (the run shown below it stays in reach), and its last row, the
      // oldest run, comes into sight when the list is scrolled to its end: the row is what a
      // pointer there meets.
      const reached = await sidebar.evaluate(() => {
        const list = document.querySelector<HTMLElement>('[data-testid="research-runs"]');
        const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="research-run"]')];
        const last = rows.at(-1)?.querySelector('button');
        if (!list || !last) return { scrolls: false, hit: false, intent: '' };
        const scrolls = list.scrollHeight > list.clientHeight + 1;
        list.scrollTop = list.scrollHeight;
        last.scrollIntoView({ block: 'nearest' });
        const box = last.getBoundingClientRect();
        const hit = last.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        return { scrolls, hit, intent: last.querySelector('.research-run-intent')?.textContent ?? '' };
      });
      expect(reached, `${width} px`).toEqual({ scrolls: true, hit: true, intent: oldest });
    }
    await sidebar.click('[data-testid="research-run"]:last-child button');
    await sidebar.waitFor(
      (intent) => document.querySelector('[aria-current="true"] .research-run-intent')?.textContent === intent,
      oldest,
      { message: 'picking the oldest run did not show it' },
    );
  });
});
