import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';
import { firstLine, ToolError } from './errors';

export interface LaunchSettings {
  profileDir: string;
  extensionDir: string;
  headless: boolean;
  chromiumPath: string;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  /** chrome-extension://<id> of the loaded Bosun. */
  extensionOrigin: string;
}

/**
 * Chromium with Bosun loaded, on the persistent profile. Playwright talks to it over a pipe
 * (--remote-debugging-pipe): no debugging port is opened, so nothing else on the machine can
 * drive this browser.
 */
export async function launchBrowser(settings: LaunchSettings): Promise<LaunchedBrowser> {
  if (!existsSync(settings.chromiumPath)) {
    throw new ToolError(`Chromium was not found at ${settings.chromiumPath}.`, 'Install Chromium, or start the bridge with --chromium <path to the executable>.');
  }
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(settings.profileDir, {
      executablePath: settings.chromiumPath,
      headless: settings.headless,
      viewport: null,
      // Playwright passes --disable-extensions by default.
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        `--disable-extensions-except=${settings.extensionDir}`,
        `--load-extension=${settings.extensionDir}`,
        '--no-first-run', '--disable-sync', '--disable-component-update', '--disable-background-networking',
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
  try {
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith('chrome-extension://'), timeout: 20_000 }));
    // URL.origin is "null" for extension URLs in Node.
    return { context, extensionOrigin: `chrome-extension://${new URL(worker.url()).host}` };
  } catch {
    await context.close().catch(() => {});
    throw new ToolError(`Bosun did not start in Chromium (its background never ran) from ${settings.extensionDir}.`, 'Rebuild the extension (npm run build), then call again.');
  }
}
