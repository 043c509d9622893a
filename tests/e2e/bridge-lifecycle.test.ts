// The MCP bridge's browser lifecycle, in both browsers.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLlmServer } from '../fixtures/llm-server';
import { BROWSERS, launchExtension, waitUntil } from './harness';
import {
  browserPid,
  closeBridges,
  FULL_TOOLS,
  startBridge,
  textOf,
  waitForExit,
  type RunningBridge,
} from './support/bridge';
import { DIST } from './support/extension';
import { configure, openSidebar } from './support/sidebar';
import { useSite } from './support/site';

const site = useSite();

// Each test starts the browser two or three times; Firefox takes a while to start.
describe.each(BROWSERS)('the MCP bridge browser lifecycle in %s', { timeout: 240_000 }, (browserName) => {
  const profiles: string[] = [];
  const bridges: RunningBridge[] = [];
  const newProfile = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
    profiles.push(dir);
    return dir;
  };
  // Headless, each site the bridge navigates to needs --allow. Bosun's page.act and extension info are in the full set.
  const bridgeOn = async (profileDir: string, ...args: string[]) => {
    const bridge = await startBridge([
      ...['--browser', browserName, '--profile-dir', profileDir, '--allow', '127.0.0.1:navigate', ...FULL_TOOLS],
      ...args,
    ]);
    bridges.push(bridge);
    return bridge;
  };
  // Each test's bridges and profiles go when it ends, so its browsers do not idle beside the next test's.
  afterEach(() => closeBridges(bridges, profiles));

  it('a killed browser is replaced by a new one on the next call', async () => {
    const bridge = await bridgeOn(await newProfile());
    await bridge.data('browser_navigate', { url: site.url('index.html') });
    const first = browserPid(bridge.pid)!;
    expect(first).toBeDefined();
    process.kill(first, 'SIGKILL');
    await waitForExit(first, 'the killed browser did not exit');
    expect(await bridge.data('browser_navigate', { url: site.url('product.html') })).toMatchObject({
      status: 200,
      title: expect.stringMatching(/Trail Runner 2/),
    });
    const second = browserPid(bridge.pid);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(bridge.log()).toContain('the browser closed');
    // The ABP page of the new browser answers too.
    expect(await bridge.data('abp_extension_getInfo')).toMatchObject({
      name: 'Bosun',
      browser: browserName === 'chromium' ? 'chrome' : 'firefox',
    });
  });

  it('closes the browser after the idle timeout and starts a new one on the next call', async () => {
    const bridge = await bridgeOn(await newProfile(), '--idle-timeout', '1.5');
    await bridge.data('browser_navigate', { url: site.url('index.html') });
    const first = browserPid(bridge.pid)!;
    expect(first).toBeDefined();
    await waitForExit(first, 'the idle browser was not closed');
    expect(bridge.log()).toContain('no tool call for 1.5 s: closing the browser');
    expect(browserPid(bridge.pid)).toBeUndefined();
    expect(await bridge.data('browser_navigate', { url: site.url('form.html') })).toMatchObject({ status: 200 });
    expect(browserPid(bridge.pid)).not.toBe(first);
  });

  it('a second bridge on the same profile gets a clear error, until the first one ends', async () => {
    const profileDir = await newProfile();
    const first = await bridgeOn(profileDir);
    await first.data('browser_navigate', { url: site.url('index.html') });
    const second = await bridgeOn(profileDir);
    const refused = await second.call('browser_navigate', { url: site.url('index.html') });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      `ERROR: The profile directory ${profileDir} is in use by another Bosun bridge (process ${first.pid}); two bridges never share a browser.\n` +
        'Next step: Start this bridge with --profile-dir <another directory>, or stop the other bridge.',
    );
    expect(browserPid(second.pid)).toBeUndefined();
    await first.close();
    await waitForExit(first.pid, 'the first bridge did not exit when its client closed');
    expect(await second.data('browser_navigate', { url: site.url('index.html') })).toMatchObject({ status: 200 });
  });

  it("opens Bosun's ABP page as the browser starts, before any call needs it", async () => {
    const bridge = await bridgeOn(await newProfile());
    // The first call starts the browser and needs nothing of Bosun's: the ABP session opens beside it,
    // with the developer's --allow grants recorded, and no later call waits for it.
    await bridge.data('browser_tabs', { action: 'list' });
    await waitUntil(() => bridge.log().includes('allowed for this session: 127.0.0.1:navigate'), {
      message: `the ABP session did not open without a call needing it:\n${bridge.log()}`,
    });
  });

  it('keeps the working tab in front of the ABP page, so the first screenshot after navigating is of a tab the browser draws', async () => {
    // browser_eval, which reads the tab's visibility, acts at the submit level.
    const bridge = await bridgeOn(await newProfile(), '--allow', '127.0.0.1:submit');
    // A navigation is judged on Bosun's ABP page, a read runs there: neither puts the page in front.
    await bridge.data('browser_navigate', { url: site.url('index.html') });
    await bridge.data('browser_snapshot');
    await bridge.data('browser_navigate', { url: site.url('product.html') });
    // A tab behind another (Bosun's welcome page, its ABP page) is one Chromium draws at a trickle: its
    // screenshot waited 1.4–1.9 s for a frame. Firefox says such a tab is hidden; headless Chromium says
    // every tab is visible.
    const visibility = async () =>
      (await bridge.data('browser_eval', { expression: 'document.visibilityState' })).value;
    expect(await visibility()).toBe('visible');
    expect(await bridge.data('browser_screenshot')).toMatchObject({ url: site.url('product.html') });
    expect(await visibility()).toBe('visible');
  });

  describe("with the person's settings in the profile", () => {
    let profileDir: string;
    beforeAll(async () => {
      // The person set a short question time in Bosun's sidebar, in the browser profile the bridge then uses.
      profileDir = await newProfile();
      const llm = await startLlmServer();
      const browser = await launchExtension(browserName, DIST[browserName], { profileDir });
      try {
        const sidebar = await openSidebar(browser);
        await configure(sidebar, llm);
        await sidebar.click('[data-testid="view-settings"]');
        await sidebar.fill('[data-testid="limit-promptTimeoutSeconds"]', '5');
        await sidebar.click('[data-testid="settings-save"]');
        await sidebar.reload();
        await sidebar.click('[data-testid="view-settings"]');
        await sidebar.waitFor(
          () => document.querySelector<HTMLInputElement>('[data-testid="limit-promptTimeoutSeconds"]')?.value === '5',
          undefined,
          { message: 'the limit was not saved' },
        );
      } finally {
        await browser.close();
        await llm.close();
      }
    });

    it("a question the person's settings would wait for fails at once when nobody can answer, and nothing happens", async () => {
      const bridge = await bridgeOn(profileDir);
      const product = site.url('product.html');
      await bridge.data('browser_navigate', { url: product });
      const read = await bridge.data('browser_snapshot');
      expect(read).toMatchObject({ tabId: expect.any(Number), decision: 'auto-approved' });
      expect(read.snapshot).toContain('Trail Runner 2');
      const started = Date.now();
      const act = await bridge.call('abp_page_act', {
        tabId: read.tabId,
        action: 'click_element',
        args: { selector: '#add-to-cart' },
      });
      // Headless: not the person's 5 s, and never "denied by the user".
      expect(Date.now() - started).toBeLessThan(4_500);
      expect(act).toMatchObject({
        isError: true,
        structuredContent: { error: { code: 'PERMISSION_REQUIRED', capability: 'page.act', retryable: true } },
      });
      expect(textOf(act)).toMatch(
        /^ERROR: page\.act failed with PERMISSION_REQUIRED: 'click_element' on 127\.0\.0\.1 needs the person's permission .*\nNext step: .*--allow/,
      );
      expect((await bridge.data('browser_snapshot')).snapshot).not.toContain('Added to cart');
    });
  });
});
