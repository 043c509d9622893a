// The status bar names the site of the tab a message would work in, and follows that tab to another site.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startStaticServer, testSiteDir, type StaticServer } from '../fixtures/static-server';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, waitUntilIdle } from './support/agent';
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
});
