import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { AbpClient, type AbpPage, type AbpSessionSettings } from '../server/abp-client';
import type { EngineBrowser, LaunchSettings } from '../engines/engine';
import { firstLine, ToolError } from '../server/errors';
import { FirefoxPrivileged, type BidiConnection, type WorkerConsoleMessage } from '../engines/firefox-privileged';
import { FirefoxTab, type FirefoxFeeds } from '../engines/firefox-tab';
import { openWithBrowser, WorkingTabs } from './working-tabs';

/**
 * puppeteer, loaded with the first browser or once the client has the tool list (BrowserSession.prepare),
 * not as the bridge starts: a client connects and lists the tools without waiting for it.
 */
export const loadPuppeteer = () => import('puppeteer-core');

const ABP_PAGE_TIMEOUT_MS = 20_000;

/**
 * A stable moz-extension UUID per profile: Firefox then finds the add-on's storage again on every
 * launch of the profile (the add-on is installed as a temporary one each time). The e2e harness
 * derives it the same way, so a profile prepared there is the one the bridge opens.
 */
export function extensionUuid(profileDir: string): string {
  const hex = createHash('sha256').update(profileDir).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function geckoIdOf(extensionDir: string): string {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id)
    throw new ToolError(
      `${extensionDir} is not Bosun's Firefox build (its manifest names no add-on id).`,
      'Rebuild it (npm run build).',
    );
  return id;
}

/**
 * Firefox with Bosun installed, on the persistent profile, driven over WebDriver BiDi by puppeteer.
 * Firefox has no pipe for BiDi: it listens on a loopback port chosen at random, and accepts one
 * session, which the bridge holds.
 */
export async function launchFirefox(settings: LaunchSettings, agent: AbpSessionSettings): Promise<EngineBrowser> {
  if (!existsSync(settings.executablePath)) {
    throw new ToolError(
      `Firefox was not found at ${settings.executablePath}.`,
      'Install Firefox (ESR 140 or later), or start the bridge with --firefox <path to the executable>.',
    );
  }
  const geckoId = geckoIdOf(settings.extensionDir);
  const uuid = extensionUuid(settings.profileDir);
  const browser = await startFirefox(settings, geckoId, uuid);
  try {
    const connection = (browser as unknown as { connection: BidiConnection }).connection;
    const privileged = await FirefoxPrivileged.open(connection);
    const synthesized = new Map<string, number>();
    const workerListeners = new Set<(message: WorkerConsoleMessage) => void>();
    await privileged.watch(
      (url) => synthesized.set(url, (synthesized.get(url) ?? 0) + 1),
      (message) => workerListeners.forEach((listener) => listener(message)),
    );
    const installed = await browser.installExtension(settings.extensionDir);
    if (installed !== geckoId) throw new Error(`Firefox installed ${installed}, not ${geckoId}`);
    const feeds: FirefoxFeeds = {
      connection,
      takeSynthesized(url) {
        const count = synthesized.get(url) ?? 0;
        if (count > 1) synthesized.set(url, count - 1);
        else synthesized.delete(url);
        return count > 0;
      },
      onWorkerConsole(listener) {
        workerListeners.add(listener);
        return () => workerListeners.delete(listener);
      },
      historyUrl: (context, delta) => privileged.historyUrl(context, delta),
      markedElement: (context, mark, part) => privileged.markedElement(context, geckoId, mark, part),
      whichTab: (context) => privileged.whichTab(context, geckoId),
    };
    return firefoxBrowser(browser, `moz-extension://${uuid}`, privileged, feeds, agent);
  } catch (error) {
    await browser.close().catch(() => {});
    throw new ToolError(
      `Bosun did not start in Firefox from ${settings.extensionDir}: ${firstLine(error instanceof Error ? error.message : String(error))}.`,
      'Rebuild the extension (npm run build), then call again.',
    );
  }
}

/** Firefox on the profile, with the prefs that keep Bosun's moz-extension origin and storage stable. */
async function startFirefox(settings: LaunchSettings, geckoId: string, uuid: string): Promise<Browser> {
  const { default: puppeteer } = await loadPuppeteer();
  try {
    return await puppeteer.launch({
      browser: 'firefox',
      executablePath: settings.executablePath,
      headless: settings.headless,
      userDataDir: settings.profileDir,
      defaultViewport: null,
      // Privileged access over BiDi: see firefox-privileged.ts.
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
        // The add-on is temporary: its data stays when Firefox closes, as an installed add-on's would.
        'extensions.webextensions.keepStorageOnUninstall': true,
        // Bosun's host permissions granted at install, as a person approves them when installing it.
        'extensions.originControls.grantByDefault': true,
        // The agent works in tabs that are not in front: their timers run on time, as they do in the
        // Chromium that Playwright starts (--disable-background-timer-throttling), not once a second.
        'dom.min_background_timeout_value': 4,
        'dom.min_background_timeout_value_without_budget_throttling': 4,
        'dom.timeout.enable_budget_timer_throttling': false,
      },
    });
  } catch (error) {
    throw new ToolError(
      `Firefox did not start: ${firstLine(error instanceof Error ? error.message : String(error))}.`,
      'Check the Firefox path (--firefox) and that no other Firefox uses this profile directory (--profile-dir).',
    );
  }
}

/** puppeteer never settles a goto of a moz-extension:// page over BiDi: the page is polled until window.abp is there. */
async function openAbpPage(browser: Browser, extensionOrigin: string): Promise<Page> {
  const page = await browser.newPage();
  void page.goto(`${extensionOrigin}/abp-app.html`).catch(() => {});
  const deadline = Date.now() + ABP_PAGE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ready = await page
      .evaluate(
        () =>
          document.readyState === 'complete' &&
          typeof (window as unknown as { abp?: { initialize?: unknown } }).abp?.initialize === 'function',
      )
      .catch(() => false);
    if (ready) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.close().catch(() => {});
  throw new ToolError(
    "Bosun's ABP page did not load in Firefox.",
    'Rebuild the extension (npm run build), then call again.',
  );
}

function firefoxBrowser(
  browser: Browser,
  extensionOrigin: string,
  privileged: FirefoxPrivileged,
  feeds: FirefoxFeeds,
  agent: AbpSessionSettings,
): EngineBrowser {
  let offline = false;
  // puppeteer over BiDi never sees a moz-extension:// load: the page itself says where it is.
  const locate = (page: Page) => page.evaluate(() => location.href).catch(() => page.url());
  const tabs = new WorkingTabs<Page>(
    {
      pages: () => browser.pages(),
      newPage: () => browser.newPage(),
      locate,
      attach: async (page) => {
        // BiDi's offline emulation belongs to a tab: a tab the tools take up inherits the bridge's setting.
        if (offline) await page.setOfflineMode(true);
        return FirefoxTab.attach(page, feeds);
      },
    },
    extensionOrigin,
  );
  const openAbp = () =>
    openAbpPage(browser, extensionOrigin).then((page) => AbpClient.open(page as unknown as AbpPage, agent));
  let abp = openWithBrowser(tabs, openAbp);
  return {
    engine: 'firefox',
    extensionOrigin,
    tab: () => tabs.tab(),
    tabs,
    async abp() {
      if ((await abp.catch(() => null))?.closed !== false) abp = openAbp();
      return abp;
    },
    async endAbpSession() {
      const client = await abp.catch(() => null);
      if (client && !client.closed) await client.shutdown();
    },
    async setOffline(value) {
      offline = value;
      // Every web tab (not Bosun's ABP page, which only talks to the extension).
      for (const page of await browser.pages())
        if (!(await locate(page)).startsWith(extensionOrigin)) await page.setOfflineMode(value);
      await privileged.setWorkersOffline(value);
      return { offline: value };
    },
    // A round trip: puppeteer answers version() from what it read at connection time.
    alive: () =>
      browser.connected
        ? feeds.connection.send('session.status', {}).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false),
    connected: () => browser.connected,
    onClose: (listener) => void browser.once('disconnected', listener),
    close: () => browser.close(),
  };
}
