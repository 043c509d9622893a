// A research run from plan to report: the plan edited before approval, each step held to exactly the
// access approved, in tabs of its own, and the report with every source, copied and exported.
import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { answerPrompt, waitForPrompt } from './support/agent';
import { showView } from './support/sidebar';
import {
  answer,
  copiedReport,
  exportedZip,
  planAndApprove,
  read,
  sees,
  waitForWorkflow,
  useFreshResearchView,
} from './support/workflow';

describe.each(BROWSERS)('research workflows in %s', (browserName) => {
  const ctx = useFreshResearchView(browserName);
  const { sidebar: page, shops } = ctx;

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
});
