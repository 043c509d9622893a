import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { shootThemes } from './support/layout';
import { showView } from './support/sidebar';
import {
  answer,
  copiedReport,
  openTabUrls,
  planAndApprove,
  read,
  shownWorkflow,
  waitForWorkflow,
  useFreshResearchView,
} from './support/workflow';

describe.each(BROWSERS)('research workflows in %s', (browserName) => {
  const ctx = useFreshResearchView(browserName);
  const { sidebar: page, shops } = ctx;

  it('a plan the model gets wrong, or a planning the person cancels, changes nothing', async () => {
    const before = await shownWorkflow(page);
    ctx.llm.script(
      {
        kind: 'text',
        chunks: ['{"steps": [{"task": "Read", "site": "file:///etc/passwd", "permissions": ["read-only"]}]}'],
      },
      { kind: 'hang' },
    );
    await page.fill('[data-testid="workflow-intent"]', 'Read my files');
    await page.click('[data-testid="workflow-plan"]');
    await page.waitFor(
      () =>
        document
          .querySelector('[data-testid="research-view"] [data-testid="workflow-error"]')
          ?.textContent?.includes('steps.0.site: must be an http(s) URL'),
      undefined,
      {
        message: 'the bad plan was not reported',
      },
    );
    // Where the plan was asked for, and nowhere else: no notice over every view.
    expect(await page.evaluate(() => document.querySelector('[data-testid="notice"]'))).toBeNull();
    await page.click('[data-testid="workflow-plan"]');
    // A new plan asked for clears the old error.
    expect(await page.evaluate(() => document.querySelector('[data-testid="workflow-error"]'))).toBeNull();
    await page.click('[data-testid="workflow-cancel-planning"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="workflow-error"]')?.textContent?.includes('Planning was cancelled.'),
      undefined,
      {
        message: 'the cancelled planning was not reported',
      },
    );
    await showView(page, 'log');
    expect(
      await page.evaluate(() => document.querySelector('[data-testid="workflow-error"], [data-testid="notice"]')),
    ).toBeNull();
    await showView(page, 'research');
    await page.click('[data-testid="workflow-error"] button');
    expect(await page.evaluate(() => document.querySelector('[data-testid="workflow-error"]'))).toBeNull();
    expect(await page.evaluate(() => document.querySelector('[data-testid="workflow-review"]'))).toBeNull();
    expect(await shownWorkflow(page)).toEqual(before);
  });

  it('a failed step is reported; the run goes on or stops as the plan says, and never retries it', async () => {
    const steps = [
      { task: 'Read shop a', site: shops.a('shop-a.html'), permissions: ['read-only'], onFailure: 'continue' },
      // Its own limit: one action, after which it stops, unfinished.
      {
        task: 'Read shop b',
        site: shops.b('shop-b.html'),
        permissions: ['read-only'],
        onFailure: 'continue',
        maxSteps: 1,
      },
      { task: 'Read shop c', site: shops.c('shop-c.html'), permissions: ['read-only'], onFailure: 'stop' },
      { task: 'Read shop a again', site: shops.a('shop-a.html'), permissions: ['read-only'] },
    ];
    await planAndApprove(page, ctx.llm, 'Check three shops once', steps, async () => {
      ctx.llm.script({ kind: 'error', status: 400 }, read('b1'), { kind: 'error', status: 400 });
    });
    const shown = await waitForWorkflow(
      page,
      (w) => w.status === 'failed',
      'the workflow did not stop at the failed step',
    );
    expect(shown.steps).toEqual(['failed', 'failed', 'failed', 'skipped']);
    expect(shown.errors[0]).not.toBe('');
    expect(shown.errors[1]).toMatch(/^It reached its limit before it had an answer: I stopped after 1 actions/);
    expect(ctx.llm.requests).toHaveLength(4);
    // The view shows each step's outcome in its step (above); the report's file says it too.
    const report = await copiedReport(page);
    expect(report).toContain('Failed:');
    expect(report).toContain('Skipped.');
  });

  it('a step whose tab the person closes fails, saying so, asks the model nothing more, and the run goes on', async () => {
    const steps = [
      {
        task: 'Wait for the sale at shop a',
        site: shops.a('shop-a.html'),
        permissions: ['read-only'],
        onFailure: 'continue',
      },
      { task: 'Read shop b', site: shops.b('shop-b.html'), permissions: ['read-only'] },
    ];
    await planAndApprove(page, ctx.llm, 'Check two shops', steps, async () => {
      ctx.llm.script(
        {
          kind: 'tool_calls',
          calls: [{ id: 'w1', name: 'wait_for_element', arguments: { selector: '#sale', timeoutMs: 30_000 } }],
        },
        read('b1'),
        answer('Beta Sound: $189.'),
        answer('Beta Sound has it for $189 [1].'),
      );
    });
    await page.waitFor(
      () => (document.querySelector('[data-testid="workflow-step-now"]')?.textContent ?? '').includes('#sale'),
      undefined,
      { message: 'the first step did not start waiting' },
    );
    await page.evaluate(async (url) => {
      const tab = (await browser.tabs.query({})).find((t) => t.url === url);
      if (tab?.id !== undefined) await browser.tabs.remove(tab.id);
    }, shops.a('shop-a.html'));
    const shown = await waitForWorkflow(page, (w) => w.status === 'completed', 'the run did not go on to its end');
    expect(shown.steps).toEqual(['failed', 'completed']);
    expect(shown.errors[0]).toMatch(/tab .*closed/i);
    expect(shown.results[1]).toBe('Beta Sound: $189.');
    // The plan, step 1's one turn before its tab was closed (nothing after), step 2's two, and the answer.
    expect(ctx.llm.requests.filter((r) => r.method === 'POST')).toHaveLength(5);
    expect(ctx.llm.failures).toEqual([]);
  });

  it('a cancel stops the running step, skips the rest, closes the tabs it opened and keeps what was found', async () => {
    const steps = ['a', 'b', 'c'].map((id) => ({
      task: `Read shop ${id}`,
      site: shops[id as 'a' | 'b' | 'c'](`shop-${id}.html`),
      permissions: ['read-only'],
    }));
    await planAndApprove(page, ctx.llm, 'Check three shops', steps, async () => {
      // A page read in part (its text) is a source as much as one read whole.
      ctx.llm.script(
        { kind: 'tool_calls', calls: [{ id: 'a1', name: 'get_page_content', arguments: { type: 'text' } }] },
        answer('Alpha Audio: $199.'),
        read('b1'),
        { kind: 'hang' },
      );
    });
    await waitForWorkflow(
      page,
      (w) => w.steps[1] === 'running' && ctx.llm.pending === 0,
      'the second step did not start',
    );
    expect((await openTabUrls(page)).filter((url) => url.includes('/research/'))).toHaveLength(2);

    await page.click('[data-testid="workflow-cancel"]');
    const shown = await waitForWorkflow(page, (w) => w.status === 'cancelled', 'the workflow was not cancelled');
    expect(shown.steps).toEqual(['completed', 'failed', 'skipped']);
    expect(shown.results[0]).toBe('Alpha Audio: $199.');
    expect(shown.errors[1]).toMatch(/^Cancelled by you/);
    expect((await openTabUrls(page)).filter((url) => url.includes('/research/'))).toEqual([]);
    expect(await copiedReport(page)).toContain('Alpha Audio: $199.');
    const cited = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="workflow-report"] .markdown a')].map((a) => a.getAttribute('href')),
    );
    expect(cited).toContain(shops.a('shop-a.html'));
  });

  it('a run cut by a background restart is shown interrupted and resumes with only the unfinished steps', async () => {
    const steps = ['a', 'b', 'c'].map((id) => ({
      task: `Read shop ${id}`,
      site: shops[id as 'a' | 'b' | 'c'](`shop-${id}.html`),
      permissions: ['read-only'],
    }));
    await planAndApprove(page, ctx.llm, 'Check three shops again', steps, async () => {
      ctx.llm.script(read('a1'), answer('Alpha Audio: $199.'), { kind: 'hang' });
    });
    await waitForWorkflow(
      page,
      (w) => w.steps[1] === 'running' && ctx.llm.pending === 0,
      'the second step did not start',
    );

    await ctx.session.stopBackground();
    const interrupted = await waitForWorkflow(
      page,
      (w) => w.status === 'interrupted',
      'the run was not shown interrupted',
    );
    expect(interrupted.steps).toEqual(['completed', 'pending', 'pending']);

    const before = ctx.llm.requests.length;
    ctx.llm.script(
      read('b1'),
      answer('Beta Sound: $189.', 'Alpha Audio: $199.'),
      read('c1'),
      answer('Gamma Gear: $205.'),
      answer('Beta Sound is the cheapest [2].', 'Alpha Audio: $199.'),
    );
    await page.click('[data-testid="workflow-resume"]');
    const done = await waitForWorkflow(page, (w) => w.status === 'completed', 'the resumed workflow did not finish');
    expect(done.results).toEqual(['Alpha Audio: $199.', 'Beta Sound: $189.', 'Gamma Gear: $205.']);
    expect(ctx.llm.failures).toEqual([]);
    // Step 1 was not run again, and the interrupted step's old tab was closed before it ran anew.
    const after = ctx.llm.requests.slice(before).map((r) => JSON.stringify(r.body));
    expect(after.some((body) => body.includes('step 1 of 3'))).toBe(false);
    expect((await openTabUrls(page)).filter((url) => url.includes('shop-b.html'))).toHaveLength(1);
  });

  it('a finished run is deleted once the person confirms, leaves the list, and stays gone when the sidebar opens again', async () => {
    // The run the test before resumed and finished is the one shown, newest in the list.
    const intent = 'Check three shops again';
    const listed = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="research-run"] .research-run-intent')].map(
          (el) => el.textContent ?? '',
        ),
      );
    expect((await shownWorkflow(page)).status).toBe('completed');
    expect((await listed())[0]).toBe(intent);
    await page.click('[data-testid="workflow-delete"]');
    // The question, for a person to look at where panels open.
    for (const width of [280, 360]) {
      await page.resize({ width, height: 640 });
      await page.evaluate(() =>
        document.querySelector('[data-testid="workflow-confirm-delete"]')?.scrollIntoView({ block: 'center' }),
      );
      await shootThemes(page, `research-delete-${browserName}`, width, 640);
    }
    await page.click('[data-testid="workflow-confirm-delete"]');
    await page.waitFor(
      (gone) =>
        ![...document.querySelectorAll('[data-testid="research-run"] .research-run-intent')].some(
          (el) => el.textContent === gone,
        ),
      intent,
      { message: 'the deleted run is still listed' },
    );
    const kept = await listed();
    expect(kept.length).toBeGreaterThan(1);

    // The background's store no longer has it: a sidebar opened afresh lists the same runs.
    await page.close();
    await ctx.reopenSidebar();
    await showView(page, 'research');
    await page.waitFor((n) => document.querySelectorAll('[data-testid="research-run"]').length === n, kept.length, {
      message: 'the reopened sidebar did not list the kept runs',
    });
    expect(await listed()).toEqual(kept);
  });
});
