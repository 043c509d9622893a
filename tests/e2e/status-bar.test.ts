// The status bar names the site of the tab a message would work in, and follows that tab to another
// site; while a task runs, it names the site the task acts on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, testSiteDir, type StaticServer } from '../fixtures/static-server';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send } from './support/sidebar';

describe.each(BROWSERS)('the status bar in %s', (browserName) => {
  let other: StaticServer;
  let page: PageDriver;
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      page = await ctx.session.openPage(ctx.site.url('product.html'));
    },
  });
  beforeAll(async () => {
    other = await startStaticServer(testSiteDir, '127.0.0.2');
  });
  afterAll(() => other?.close());

  const shownSite = (expected: string) =>
    ctx.sidebar.waitFor(
      (host) => document.querySelector('[data-testid="status-site"]')?.textContent === host,
      expected,
      { message: `the status bar did not name ${expected}` },
    );

  it('follows the tab to another site, and back', async () => {
    await shownSite('127.0.0.1');
    await page.evaluate((url) => (location.href = url), `${other.url}/article.html`);
    await shownSite('127.0.0.2');
    await page.evaluate((url) => (location.href = url), ctx.site.url('article.html'));
    await shownSite('127.0.0.1');
  });

  it("follows the task's tab when the task takes it to another site", async () => {
    await shownSite('127.0.0.1');
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 'n1', name: 'navigate', arguments: { url: `${other.url}/article.html` } }] },
      { kind: 'text', chunks: ['There.'] },
    );
    await send(ctx.sidebar, 'Go to the other site');
    await answerPrompt(ctx.sidebar, 'allow-once');
    await waitUntilIdle(ctx.sidebar);
    await shownSite('127.0.0.2');
  });

  it('names the site the running task acts on, in a tab behind the one the person looks at', async () => {
    await page.evaluate((url) => (location.href = url), ctx.site.url('product.html'));
    await shownSite('127.0.0.1');
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 'o1', name: 'open_tab', arguments: { url: `${other.url}/form.html` } }] },
      { kind: 'tool_calls', calls: [{ id: 'c1', name: 'click_element', arguments: { selector: '#newsletter' } }] },
      { kind: 'text', chunks: ['Ticked.'] },
    );
    await send(ctx.sidebar, 'Tick the newsletter box on the partner form');
    await answerPrompt(ctx.sidebar, 'allow-once');
    // The click on the partner form waits for the person: the bar names where it would happen.
    await waitForPrompt(ctx.sidebar);
    await shownSite('127.0.0.2');
    expect(await page.evaluate(() => location.host)).toBe(new URL(ctx.site.url('')).host);
    await answerPrompt(ctx.sidebar, 'deny');
    await waitUntilIdle(ctx.sidebar);
    // Once the task has ended, the bar names the tab a message would work in again.
    await shownSite('127.0.0.1');
  });
});
