import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { answerPrompt, waitForPrompt } from './support/agent';
import { showView } from './support/sidebar';
import {
  answer,
  closeShopTabs,
  copiedReport,
  exportedZip,
  openTabUrls,
  planAndApprove,
  read,
  sees,
  shownWorkflow,
  waitForWorkflow,
  useResearchView,
} from './support/workflow';

describe.each(BROWSERS)('research workflows in %s', (browserName) => {
  const ctx = useResearchView(browserName);
  const { sidebar: page, shops } = ctx;
  beforeEach(async () => {
    ctx.llm.reset();
    await closeShopTabs(page, shops);
  });

  it('runs an edited three-step plan with exactly the approved access, and reports every source', async () => {
    const extra = {
      task: 'Send the shop a question',
      site: `${shops.servers[0]?.url}/form.html`,
      permissions: ['submit'],
    };
    const steps = [
      {
        task: 'Read the price and reviews at Beta Sound',
        site: shops.b('shop-b.html'),
        permissions: ['read-only', 'navigate'],
      },
      { task: 'Read the price at Alpha Audio', site: shops.a('shop-a.html'), permissions: ['read-only'] },
      {
        task: 'Read the price at Gamma Gear',
        site: shops.c('shop-c.html'),
        permissions: ['read-only'],
        onFailure: 'continue',
      },
      extra,
    ];
    await planAndApprove(page, ctx.llm, 'Compare studio headphone prices in three shops', steps, async () => {
      // Nothing runs before approval: the only request so far is the plan's.
      expect(ctx.llm.requests).toHaveLength(1);
      const access = await page.evaluate(
        () => document.querySelector('[data-testid="workflow-access"]')?.textContent ?? '',
      );
      expect(access).toContain('submit');
      await page.click('[data-testid="review-step"]:nth-child(2) [data-testid="step-up"]');
      await page.click('[data-testid="review-step"]:nth-child(4) [data-testid="step-remove"]');
      const kept = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="review-step"] .workflow-task')].map((el) => el.textContent),
      );
      expect(kept).toEqual([
        'Read the price at Alpha Audio',
        'Read the price and reviews at Beta Sound',
        'Read the price at Gamma Gear',
      ]);
      const shown = await page.evaluate(
        () => document.querySelector('[data-testid="workflow-access"]')?.textContent ?? '',
      );
      expect(shown).not.toContain('submit');
      ctx.llm.script(
        read('a1'),
        answer('Alpha Audio: $199.'),
        // Step 2 sees step 1's finding, and may navigate on its site without a question: it was approved.
        {
          kind: 'tool_calls',
          calls: [{ id: 'b1', name: 'navigate', arguments: { url: shops.b('reviews-b.html') } }],
          expect: sees('Alpha Audio: $199.'),
        },
        read('b2'),
        answer('Beta Sound: $189, four stars.'),
        read('c1'),
        // Navigating was not approved for Gamma Gear's site: that still asks.
        { kind: 'tool_calls', calls: [{ id: 'c2', name: 'navigate', arguments: { url: shops.c('reviews-c.html') } }] },
        answer('Gamma Gear: $205.', 'Beta Sound: $189'),
        // The report's answer, written from the three findings.
        answer('Beta Sound is the cheapest at $189 [2].', 'Gamma Gear: $205.'),
      );
    });

    const prompt = await waitForPrompt(page);
    expect(prompt.tool).toContain('navigate');
    expect(prompt.site).toContain('127.0.0.3');
    await answerPrompt(page, 'deny');
    const done = await waitForWorkflow(page, (w) => w.status === 'completed', 'the workflow did not finish');
    expect(done.steps).toEqual(['completed', 'completed', 'completed']);
    expect(done.results).toEqual(['Alpha Audio: $199.', 'Beta Sound: $189, four stars.', 'Gamma Gear: $205.']);
    expect(ctx.llm.failures).toEqual([]);
    expect(
      await page.evaluate(
        () => document.querySelector<HTMLProgressElement>('[data-testid="workflow-progress"]')?.value,
      ),
    ).toBe(3);

    // The run's tabs stay together in one tab group named for the request, greyed and marked done.
    const groups = await page.evaluate(async () => {
      const tabGroups = (
        globalThis as unknown as { browser: { tabGroups: { get(id: number): Promise<{ title?: string }> } } }
      ).browser.tabGroups;
      const ids = (await browser.tabs.query({}))
        .filter((t) => t.url?.includes('/research/'))
        .map((t) => (t as { groupId?: number }).groupId ?? -1);
      return { ids, title: ids[0] === undefined || ids[0] < 0 ? '' : (await tabGroups.get(ids[0])).title };
    });
    expect(groups.ids).toHaveLength(3);
    expect(new Set(groups.ids).size).toBe(1);
    expect(groups.ids[0]).toBeGreaterThanOrEqual(0);
    expect(groups.title).toBe('✓ Compare studio headphone…');

    // Opening each step's tab is in the Action Log, with the approval behind it.
    await showView(page, 'log');
    await page.waitFor(
      () => document.querySelectorAll('[data-testid="log-entry"][data-decision="approved-plan"]').length === 3,
      undefined,
      {
        message: 'the Action Log does not show the three tabs the workflow opened',
      },
    );
    await showView(page, 'research');

    const links = await page.evaluate(() =>
      // A link's text, without the host Bosun shows after every link.
      [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="workflow-report"] .markdown a')].map((a) => ({
        text: a.textContent?.replace(a.querySelector('.link-host')?.textContent ?? '', '').trim(),
        href: a.getAttribute('href'),
      })),
    );
    const cited = [
      { text: 'Alpha Audio — Studio headphones', href: shops.a('shop-a.html') },
      { text: 'Beta Sound — Reviews', href: shops.b('reviews-b.html') },
      { text: 'Gamma Gear — Studio headphones', href: shops.c('shop-c.html') },
    ];
    for (const source of cited) expect(links).toContainEqual(source);

    const zip = await exportedZip(page);
    const names = Object.keys(zip.files)
      .filter((name) => !zip.files[name]?.dir)
      .sort();
    expect(names).toEqual([
      'report.md',
      'sources.json',
      'sources/01-alpha-audio-studio-headphones.md',
      'sources/02-beta-sound-reviews.md',
      'sources/03-gamma-gear-studio-headphones.md',
    ]);
    const report = await zip.file('report.md')?.async('string');
    for (const source of cited) expect(report).toContain(`](${source.href})`);
    const manifest = JSON.parse((await zip.file('sources.json')?.async('string')) ?? '[]') as {
      url: string;
      file: string;
    }[];
    expect(manifest.map((s) => s.url)).toEqual(cited.map((s) => s.href));
    expect(await zip.file('sources/02-beta-sound-reviews.md')?.async('string')).toContain('Four stars on average');

    // Copy as markdown puts the report's markdown, citations included, on the clipboard.
    expect(await copiedReport(page)).toBe(report);

    // Saved with a parameter, it is planned again without the model, and waits for approval.
    await page.fill('[data-testid="save-value"]', 'studio headphone');
    await page.fill('[data-testid="save-parameter"]', 'product');
    await page.click('[data-testid="workflow-save"]');
    await page.waitFor(() => document.querySelector('[data-testid="saved-workflow"]') !== null, undefined, {
      message: 'the workflow was not saved',
    });
    const requests = ctx.llm.requests.length;
    await page.fill('[data-testid="saved-parameter-product"]', 'desk lamp');
    await page.click('[data-testid="saved-run"]');
    await page.waitFor(() => document.querySelectorAll('[data-testid="review-step"]').length === 3, undefined, {
      message: 'the saved workflow was not planned again',
    });
    expect(await page.evaluate(() => document.querySelector('#review-title')?.textContent)).toBe(
      'Plan for: Compare desk lamp prices in three shops',
    );
    expect(ctx.llm.requests).toHaveLength(requests);
    await page.click('[data-testid="workflow-cancel"]');
    await page.waitFor(() => document.querySelector('[data-testid="workflow-review"]') === null, undefined, {
      message: 'the plan was not cancelled',
    });
  });

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
