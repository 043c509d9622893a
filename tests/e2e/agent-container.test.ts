// Firefox: the person picks one of their containers for the agent's tabs in Settings, and the tabs a
// task or a crawl opens open in it, apart from their own browsing's cookies; a container removed in
// Firefox since is let go of, said once, and cleared from Settings. Chrome has no containers to pick.
import { describe, expect, it } from 'vitest';
import { BROWSERS, type LaunchOptions } from './harness';
import type { Step } from '../fixtures/llm-server';
import { openOnly, startFresh, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { choose, setSiteRule } from './support/permissions';
import { call, toolResults } from './support/scripted-turns';
import { send, showView } from './support/sidebar';

/** Firefox takes the optional permission without its prompt (a test cannot click it), with containers on. */
const CONTAINERS: LaunchOptions = {
  firefoxPrefs: { 'extensions.webextOptionalPermissionPrompts': false, 'privacy.userContext.enabled': true },
};

describe.each(BROWSERS)("the container for the agent's tabs in %s", (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { openFirst: 'article.html', launch: CONTAINERS });
  const { sidebar, site } = ctx;

  /** Chooses the container named `name` in Settings, as the person does, and saves; its cookie store id. */
  async function chooseContainer(name: string): Promise<string> {
    await showView(sidebar, 'settings');
    await sidebar.waitFor(
      () => document.querySelector('[data-testid="agent-container-show"], [data-testid="agent-container"]') !== null,
      undefined,
      { message: 'the container section did not show' },
    );
    if (await sidebar.evaluate(() => document.querySelector('[data-testid="agent-container-show"]') !== null))
      await sidebar.click('[data-testid="agent-container-show"]');
    const id = await sidebar.waitFor(
      (wanted) =>
        [...document.querySelectorAll<HTMLOptionElement>('[data-testid="agent-container"] option')].find(
          (o) => o.textContent === wanted,
        )?.value,
      name,
      { message: `the container ${name} was not listed` },
    );
    await choose(sidebar, 'agent-container', id);
    await sidebar.click('[data-testid="settings-save"]');
    await sidebar.waitFor(() => document.querySelector('[data-testid="composer-input"]') !== null, undefined, {
      message: 'saving did not return to the chat',
    });
    return id;
  }

  /** Each tab's cookie store, by its address. */
  const stores = () =>
    sidebar.evaluate(async () =>
      Object.fromEntries(
        (await browser.tabs.query({})).map((t) => [t.url ?? '', (t as { cookieStoreId?: string }).cookieStoreId]),
      ),
    );

  /** A task, in a conversation of its own, that opens `url` with open_tab, run to its end. */
  async function openByTask(url: string): Promise<void> {
    ctx.llm.respondWith((body): Step =>
      toolResults(body).length === 0 ? call('open_tab', { url }) : { kind: 'text', chunks: ['Opened.'] },
    );
    await startFresh(sidebar);
    await send(sidebar, 'Open the product page');
    await waitUntilIdle(sidebar);
  }

  it.runIf(browserName === 'firefox')('a task opens its tabs in the container the person chose', async () => {
    // The person's own container named Work, among Firefox's.
    const work = await chooseContainer('Work');
    expect(work).toMatch(/^firefox-container-\d+$/);
    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    const product = site.url('product.html?by=container');
    await openByTask(product);
    const shown = await stores();
    expect(shown[product]).toBe(work);
    // The person's own tab stays in the default container.
    expect(shown[site.url('article.html')]).toBe('firefox-default');
  });

  it.runIf(browserName === 'firefox')(
    "a crawl's tab and a scrape's open in the container the person chose",
    async () => {
      const work = await chooseContainer('Work');
      await setSiteRule(sidebar, '127.0.0.1', 'navigate');
      const abp = await ctx.session.openExtensionPage('abp-app.html');
      await abp.evaluate(() => window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }));
      // A selector the page never shows keeps the crawl's tab on its first page.
      const start = site.url('crawl/index.html');
      const started = await abp.evaluate(
        (url) =>
          window.abp.call('crawl.start', { urls: url, options: { maxWorkers: 1, waitForSelectors: ['#never-shown'] } }),
        start,
      );
      expect(started).toMatchObject({ success: true });
      const store = await sidebar.waitFor(
        async (url) => (await browser.tabs.query({})).find((t) => t.url === url && !t.active)?.cookieStoreId ?? null,
        start,
        { message: "the crawl's tab did not open" },
      );
      expect(store).toBe(work);
      expect(await abp.evaluate(() => window.abp.call('crawl.cancel', {}))).toMatchObject({ success: true });

      // A scrape's tab too, while it waits for a selector the page never shows.
      const scraped = site.url('article.html?by=scrape');
      const scraping = abp.evaluate(
        (url) => window.abp.call('scrape.pickContent', { url, selector: '#never-shown' }),
        scraped,
      );
      const scrapeStore = await sidebar.waitFor(
        async (url) => (await browser.tabs.query({})).find((t) => t.url === url)?.cookieStoreId ?? null,
        scraped,
        { message: "the scrape's tab did not open" },
      );
      expect(scrapeStore).toBe(work);
      expect(await scraping).toMatchObject({ success: false });
    },
  );

  it.runIf(browserName === 'firefox')(
    'a chosen container removed in Firefox since: the tab opens without one, the person is told, and Settings shows none',
    async () => {
      const created = await sidebar.evaluate(
        async () =>
          (await browser.contextualIdentities.create({ name: 'Removed soon', color: 'red', icon: 'circle' }))
            .cookieStoreId,
      );
      expect(await chooseContainer('Removed soon')).toBe(created);
      await sidebar.evaluate((id) => browser.contextualIdentities.remove(id), created);

      await setSiteRule(sidebar, '127.0.0.1', 'navigate');
      // The task starts from the person's own tab (a tab opened from one in a container would take its container).
      await openOnly(ctx.session, sidebar, site.url('article.html'));
      const product = site.url('product.html?by=removed');
      await openByTask(product);
      expect((await stores())[product]).toBe('firefox-default');
      expect(await sidebar.text('[data-testid="notice"]')).toContain(
        "The Firefox container you chose for the agent's tabs no longer exists",
      );
      // Said once: the setting is cleared, so the next tab opens without one and nothing is said again.
      await sidebar.click('[data-testid="notice"] button');
      const next = site.url('product.html?by=removed-again');
      await openByTask(next);
      expect((await stores())[next]).toBe('firefox-default');
      expect(await sidebar.evaluate(() => document.querySelector('[data-testid="notice"]'))).toBeNull();
      await showView(sidebar, 'settings');
      expect(
        await sidebar.waitFor(
          () => document.querySelector<HTMLSelectElement>('[data-testid="agent-container"]')?.value === '',
          undefined,
          { message: 'Settings still shows the removed container' },
        ),
      ).toBe(true);
      await showView(sidebar, 'chat');
    },
  );

  it.runIf(browserName === 'chromium')('Settings offers no container: Chrome has none', async () => {
    await showView(sidebar, 'settings');
    await sidebar.waitFor(() => document.querySelector('[data-testid="agents"]') !== null, undefined, {
      message: 'the settings did not show',
    });
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="agent-container-section"]'))).toBeNull();
  });
});
