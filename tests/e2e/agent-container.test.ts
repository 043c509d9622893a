// Firefox: the person picks one of their containers for the agent's tabs in Settings, and the tabs a
// task opens open in it, apart from their own browsing's cookies; Chrome has no containers to pick.
import { describe, expect, it } from 'vitest';
import { BROWSERS, type LaunchOptions } from './harness';
import type { Step } from '../fixtures/llm-server';
import { waitUntilIdle } from './support/agent';
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

  it.runIf(browserName === 'firefox')('a task opens its tabs in the container the person chose', async () => {
    await showView(sidebar, 'settings');
    await sidebar.click('[data-testid="agent-container-show"]');
    await sidebar.waitFor(() => document.querySelector('[data-testid="agent-container"]') !== null, undefined, {
      message: 'the containers were not listed',
    });
    // The person's own container named Work, among Firefox's.
    const work = await sidebar.evaluate(
      () =>
        [...document.querySelectorAll<HTMLOptionElement>('[data-testid="agent-container"] option')].find(
          (o) => o.textContent === 'Work',
        )?.value ?? '',
    );
    expect(work).toMatch(/^firefox-container-\d+$/);
    await choose(sidebar, 'agent-container', work);
    await sidebar.click('[data-testid="settings-save"]');
    await sidebar.waitFor(() => document.querySelector('[data-testid="composer-input"]') !== null, undefined, {
      message: 'saving did not return to the chat',
    });

    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    const product = site.url('product.html?by=container');
    ctx.llm.respondWith((body): Step =>
      toolResults(body).length === 0 ? call('open_tab', { url: product }) : { kind: 'text', chunks: ['Opened.'] },
    );
    await showView(sidebar, 'chat');
    await send(sidebar, 'Open the product page');
    await waitUntilIdle(sidebar);
    const stores = await sidebar.evaluate(async () =>
      Object.fromEntries(
        (await browser.tabs.query({})).map((t) => [t.url ?? '', (t as { cookieStoreId?: string }).cookieStoreId]),
      ),
    );
    expect(stores[product]).toBe(work);
    // The person's own tab stays in the default container.
    expect(stores[site.url('article.html')]).toBe('firefox-default');
  });

  it.runIf(browserName === 'chromium')('Settings offers no container: Chrome has none', async () => {
    await showView(sidebar, 'settings');
    await sidebar.waitFor(() => document.querySelector('[data-testid="agents"]') !== null, undefined, {
      message: 'the settings did not show',
    });
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="agent-container-section"]'))).toBeNull();
  });
});
