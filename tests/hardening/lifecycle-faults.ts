// Lifecycle faults: the background (Chrome's service worker, Firefox's event page) is stopped at a
// random, seeded moment of a chat answer, a tool call, a research workflow or a crawl, over and
// over. After each stop, nothing the person sent and no finished answer may be gone, no action may
// have run twice, and no run may be left shown as running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/page-engine/html-builder';
import { BROWSERS, type PageDriver } from '../e2e/harness';
import { startFresh } from '../e2e/support/agent';
import { useExtension } from '../e2e/support/extension';
import { setSiteRule } from '../e2e/support/permissions';
import { configure, openSidebar, shownMessages } from '../e2e/support/sidebar';
import { useSite } from '../e2e/support/site';
import { startActionSite, type ActionSite } from './action-site';
import { checkCase, clearLog, SCENARIOS, SPAN_MS, startCase, type CaseContext, type Scenario } from './lifecycle-cases';

/** Set LIFECYCLE_SEED to replay a run; the seed is printed with the figures. */
const SEED = Number(process.env.LIFECYCLE_SEED ?? 20261121);
/** What one case costs at most on this machine: the run, the stop, the restart and the checks. */
const CASE_BUDGET_MS = 90_000;

interface Figures {
  stops: number;
  byScenario: Record<Scenario, number>;
  /** Stops that landed while the run was still going (the rest landed just after it ended). */
  midRun: number;
  interrupted: number;
  finished: number;
  lostTurns: number;
  duplicatedActions: number;
  stuckRuns: number;
  problems: string[];
}

/** Leaves one web tab open, the one the chat works in: a case's leftovers must not become the next one's page. */
async function closeOtherTabs(sidebar: PageDriver, keep: number): Promise<void> {
  await sidebar.evaluate(async (keep) => {
    const others = (await browser.tabs.query({})).filter((t) => /^https?:/.test(t.url ?? '') && t.id !== keep);
    if (others.length > 0) await browser.tabs.remove(others.map((t) => t.id as number));
  }, keep);
}

/** Registers the suite in both browsers with `stops` stops each. */
export function describeLifecycleFaults(stops: number): void {
  describe.each(BROWSERS)('background stops at random points in %s', (browserName) => {
    const ext = useExtension(browserName);
    const site = useSite();
    let actions: ActionSite;
    let ctx: CaseContext;

    beforeAll(async () => {
      actions = await startActionSite();
      await ext.session.openPage(site.url('article.html'));
      const sidebar = await openSidebar(ext.session);
      await configure(sidebar, ext.llm);
      // Trusts the test sites (all on 127.0.0.1) up to submitting forms, so runs go on without questions.
      await setSiteRule(sidebar, '127.0.0.1', 'submit');
      const workTab = await sidebar.evaluate(
        async (url) => (await browser.tabs.query({})).find((t) => t.url === url)?.id as number,
        site.url('article.html'),
      );
      ctx = { sidebar, llm: ext.llm, actions, siteUrl: site.url, workTab };
    });
    afterAll(() => actions?.close());

    it(
      `keeps every turn, repeats no action and leaves nothing running, over ${stops} stops`,
      { timeout: stops * CASE_BUDGET_MS },
      async () => {
        const random = seededRandom(SEED);
        const figures: Figures = {
          stops: 0,
          byScenario: { chat: 0, tool: 0, workflow: 0, crawl: 0 },
          midRun: 0,
          interrupted: 0,
          finished: 0,
          lostTurns: 0,
          duplicatedActions: 0,
          stuckRuns: 0,
          problems: [],
        };
        for (let i = 0; i < stops; i++) {
          const scenario = SCENARIOS[i % SCENARIOS.length] as Scenario;
          const token = `s${SEED}-${i}`;
          const stopAfter = Math.round(random() * SPAN_MS[scenario]);
          await startFresh(ctx.sidebar);
          await closeOtherTabs(ctx.sidebar, ctx.workTab);
          await clearLog(ctx.sidebar);
          ctx.llm.reset();

          await startCase(ctx, scenario, token);
          await new Promise((resolve) => setTimeout(resolve, stopAfter));
          // The Research view shows no chat messages: a workflow's findings are checked by its status.
          const before = await shownMessages(ctx.sidebar);
          const running = await ctx.sidebar.evaluate(
            () =>
              document.querySelector('[data-testid="stop"]') !== null ||
              document.querySelector('[data-testid="workflow-status"]')?.getAttribute('data-status') === 'running',
          );
          await ext.session.stopBackground();
          await ctx.sidebar.waitFor(
            () => document.querySelector('[data-testid="connection"]')?.className.includes('connected'),
            undefined,
            {
              message: 'the sidebar did not reconnect after the stop',
              timeoutMs: 30_000,
            },
          );

          const outcome = await checkCase(ctx, scenario, before);
          figures.stops += 1;
          figures.byScenario[scenario] += 1;
          if (running) figures.midRun += 1;
          figures[outcome.ending] += 1;
          figures.lostTurns += outcome.lost.length;
          figures.duplicatedActions += outcome.loggedTwice.length;
          figures.stuckRuns += outcome.stuck.length;
          const label = `#${i} ${scenario} stopped at ${stopAfter} ms`;
          for (const m of outcome.lost) figures.problems.push(`${label}: lost ${m.role} "${m.content.slice(0, 60)}"`);
          for (const entry of outcome.loggedTwice) figures.problems.push(`${label}: logged twice: ${entry}`);
          for (const run of outcome.stuck) figures.problems.push(`${label}: still running: ${run}`);
          if (scenario === 'tool') {
            const counts = actions.counts(token);
            if (counts.click > 1 || counts.submit > 1)
              figures.problems.push(`${label}: the site counted ${JSON.stringify(counts)}`);
          }
        }
        figures.duplicatedActions += actions.duplicates().length;
        console.log(`lifecycle faults in ${browserName} (seed ${SEED}): ${JSON.stringify(figures, null, 1)}`);
        expect(figures.problems).toEqual([]);
        expect(figures).toMatchObject({ stops, lostTurns: 0, duplicatedActions: 0, stuckRuns: 0 });
      },
    );
  });
}
