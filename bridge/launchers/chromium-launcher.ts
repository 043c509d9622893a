import { existsSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { AbpClient, type AbpSessionSettings } from '../server/abp-client';
import { ChromiumTab } from '../engines/chromium-tab';
import { openWithBrowser, WorkingTabs } from './working-tabs';
import type { EngineBrowser, LaunchSettings } from '../engines/engine';
import { firstLine, ToolError } from '../server/errors';

/**
 * Playwright, loaded with the first browser or once the client has the tool list (BrowserSession.prepare),
 * not as the bridge starts: a client connects and lists the tools without waiting for it.
 */
export const loadPlaywright = () => import('playwright-core');

/**
 * Chromium with Bosun loaded, on the persistent profile. Playwright talks to it over a pipe
 * (--remote-debugging-pipe): no debugging port is opened, so nothing else on the machine can
 * drive this browser.
 */
export async function launchChromium(settings: LaunchSettings, agent: AbpSessionSettings): Promise<EngineBrowser> {
  if (!existsSync(settings.executablePath)) {
    throw new ToolError(
      `Chromium was not found at ${settings.executablePath}.`,
      'Install Chromium, or start the bridge with --chromium <path to the executable>.',
    );
  }
  const { chromium } = await loadPlaywright();
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(settings.profileDir, {
      executablePath: settings.executablePath,
      headless: settings.headless,
      viewport: null,
      // Playwright passes --disable-extensions by default.
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        `--disable-extensions-except=${settings.extensionDir}`,
        `--load-extension=${settings.extensionDir}`,
        '--no-first-run',
        '--disable-sync',
        '--disable-component-update',
        '--disable-background-networking',
        // Chromium's sandbox needs user namespaces, which containers and CI machines often lack.
        '--no-sandbox',
      ],
    });
  } catch (error) {
    throw new ToolError(
      `Chromium did not start: ${firstLine(error instanceof Error ? error.message : String(error))}.`,
      'Check the Chromium path (--chromium) and that no other Chromium uses this profile directory (--profile-dir).',
    );
  }
  let extensionOrigin: string;
  try {
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith('chrome-extension://'),
        timeout: 20_000,
      }));
    // URL.origin is "null" for extension URLs in Node.
    extensionOrigin = `chrome-extension://${new URL(worker.url()).host}`;
  } catch {
    await context.close().catch(() => {});
    throw new ToolError(
      `Bosun did not start in Chromium (its background never ran) from ${settings.extensionDir}.`,
      'Rebuild the extension (npm run build), then call again.',
    );
  }
  return chromiumBrowser(context, extensionOrigin, await context.browser()!.newBrowserCDPSession(), agent);
}

function chromiumBrowser(
  context: BrowserContext,
  extensionOrigin: string,
  browserCdp: CDPSession,
  agent: AbpSessionSettings,
): EngineBrowser {
  const tabs = new WorkingTabs<Page>(
    {
      pages: async () => context.pages(),
      newPage: () => context.newPage(),
      locate: async (page) => page.url(),
      attach: (page) => ChromiumTab.attach(context, page, extensionOrigin),
    },
    extensionOrigin,
  );
  const openAbp = async (): Promise<AbpClient> => {
    const page = await context.newPage();
    await page.goto(`${extensionOrigin}/abp-app.html`, { waitUntil: 'load' });
    return AbpClient.open(page, agent);
  };
  let abp = openWithBrowser(tabs, openAbp);
  return {
    engine: 'chromium',
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
    async setOffline(offline) {
      // The context's setting covers its pages and their service workers.
      await context.setOffline(offline);
      return { offline };
    },
    alive: () =>
      browserCdp.send('Browser.getVersion').then(
        () => true,
        () => false,
      ),
    connected: () => context.browser()?.isConnected() !== false,
    onClose: (listener) => void context.on('close', listener),
    close: () => context.close(),
  };
}
