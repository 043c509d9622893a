import { beforeAll, describe, expect, it } from 'vitest';
import type { PageDriver } from './harness';
import { BROWSERS } from './harness';
import { answerPrompt, waitForPrompt } from './support/agent';
import { axeViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { openSidebar, showView } from './support/sidebar';
import {
  answer,
  openTabUrls,
  plan,
  read,
  sees,
  shownWorkflow,
  waitForWorkflow,
  useResearchView,
} from './support/workflow';

/** The narrowest panel: Firefox's narrowest sidebar. */
const NARROW = { width: 280, height: 720 };

/** The running step's "now doing" line, as a person reads it; null when there is none. */
const nowLine = (page: PageDriver) =>
  page.evaluate(() => document.querySelector('[data-testid="workflow-step-now"]')?.textContent ?? null);

const waitForNowLine = (page: PageDriver, line: string | null, message: string) =>
  page.waitFor(
    (expected) => (document.querySelector('[data-testid="workflow-step-now"]')?.textContent ?? null) === expected,
    line,
    { message },
  );

describe.each(BROWSERS)(
  'research steps changed before approval, and what a running step does, in %s',
  (browserName) => {
    const ctx = useResearchView(browserName);
    const { sidebar: page, shops } = ctx;
    beforeAll(() => page.resize(NARROW));

    async function showPlan(intent: string, steps: object[]): Promise<void> {
      ctx.llm.reset();
      ctx.llm.script(plan(steps));
      await page.fill('[data-testid="workflow-intent"]', intent);
      await page.click('[data-testid="workflow-plan"]');
      await page.waitFor((n) => document.querySelectorAll('[data-testid="review-step"]').length === n, steps.length, {
        message: 'the plan was not shown for review',
      });
    }

    async function editFirstStep(task: string, site: string): Promise<void> {
      await page.click('[data-testid="review-step"] [data-testid="step-edit"]');
      await page.fill('[data-testid="step-edit-task"]', task);
      await page.fill('[data-testid="step-edit-site"]', site);
    }

    const access = () =>
      page.evaluate(() => document.querySelector('[data-testid="workflow-access"]')?.textContent ?? '');

    it('runs the edited step: its tab, its prompt and its grants are the edited ones; its row says what it does', async () => {
      const original = shops.a('shop-a.html');
      const edited = shops.b('shop-b.html');
      const hostA = new URL(original).host;
      await showPlan('How do people rate Beta Sound’s headphones?', [
        { task: 'Read the price at Alpha Audio', site: original, permissions: ['read-only', 'navigate'] },
      ]);
      await editFirstStep('Read the reviews at Beta Sound', edited);
      // The form fits the narrowest panel, and every field says what it is for.
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.click('[data-testid="step-edit-save"]');
      expect(await page.text('[data-testid="review-step"] .workflow-task')).toBe('Read the reviews at Beta Sound');
      // What approving grants follows the edited site at once.
      expect(await access()).toContain(new URL(edited).host);
      expect(await access()).not.toContain(hostA);

      ctx.llm.script(
        {
          ...read('r1'),
          expect: (body) => sees('Your step: Read the reviews at Beta Sound')(body) ?? sees(edited)(body),
        },
        // The step's tab shows the edited site: what it read there is Beta Sound's page.
        {
          kind: 'tool_calls',
          calls: [{ id: 'n1', name: 'navigate', arguments: { url: shops.b('reviews-b.html') } }],
          expect: sees('$189 at Beta Sound'),
        },
        { kind: 'tool_calls', calls: [{ id: 'n2', name: 'navigate', arguments: { url: original } }] },
        // Held: while the model is asked again, the row says it is thinking, as the chat's status bar does.
        { ...answer('Beta Sound: four stars on average.'), waitBeforeMs: 3000 },
      );
      await page.click('[data-testid="workflow-approve"]');

      // Navigating on the edited site needed no question; the original site was never granted, so going there asks.
      const prompt = await waitForPrompt(page);
      expect(prompt.site).toContain('127.0.0.1');
      expect(prompt.tool).toContain('navigate');
      // While that navigation waits for the person, the step's row says it in the chat's words.
      expect(await nowLine(page)).toBe(`Going to ${hostA}`);
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect((await openTabUrls(page)).filter((url) => url.includes('/research/'))).toEqual([
        shops.b('reviews-b.html'),
      ]);
      // A sidebar opened in the middle of the run is told too.
      const late = await openSidebar(ctx.session);
      await showView(late, 'research');
      await waitForNowLine(late, `Going to ${hostA}`, 'a sidebar opened mid-run does not say what the step does');

      await answerPrompt(page, 'deny');
      await waitForNowLine(page, 'Thinking…', 'the row did not say the step is thinking while the model answers');
      const done = await waitForWorkflow(page, (w) => w.status === 'completed', 'the workflow did not finish');
      expect(done.results).toEqual(['Beta Sound: four stars on average.']);
      expect(ctx.llm.failures).toEqual([]);
      // The line goes with the step, in every sidebar.
      expect(await nowLine(page)).toBeNull();
      await waitForNowLine(late, null, 'the late sidebar still shows a line for a finished step');
      await late.close();
      expect((await openTabUrls(page)).some((url) => url === original)).toBe(false);
    });

    it('an edit the planner would refuse is refused at approval, with the reason shown, and nothing is approved', async () => {
      const before = await openTabUrls(page);
      await showPlan('Read my files', [
        { task: 'Read the price at Alpha Audio', site: shops.a('shop-a.html'), permissions: ['read-only'] },
      ]);
      await editFirstStep('Read the password file', 'file:///etc/passwd');
      await page.click('[data-testid="step-edit-save"]');
      await page.click('[data-testid="workflow-approve"]');
      await page.waitFor(
        () =>
          document
            .querySelector('[data-testid="research-view"] [data-testid="workflow-error"]')
            ?.textContent?.includes('Step 1 as changed cannot be used: site: must be an http(s) URL'),
        undefined,
        { message: 'the refused edit was not reported' },
      );
      // Still waiting for approval, unchanged in the background: no step ran, no tab opened, no model asked.
      expect(await page.evaluate(() => document.querySelector('[data-testid="workflow-review"]') !== null)).toBe(true);
      expect((await shownWorkflow(page)).steps).toEqual([]);
      expect(ctx.llm.requests).toHaveLength(1);
      expect(await openTabUrls(page)).toEqual(before);
      // The background kept the plan as the model wrote it: a sidebar opened now shows the original step.
      const other = await openSidebar(ctx.session);
      await showView(other, 'research');
      expect(await other.text('[data-testid="review-step"] .workflow-task')).toBe('Read the price at Alpha Audio');
      await other.close();
      await page.click('[data-testid="workflow-cancel"]');
      await page.waitFor(() => document.querySelector('[data-testid="workflow-review"]') === null, undefined, {
        message: 'the plan was not cancelled',
      });
    });
  },
);
