// Entry point of the e2e harness: one browser-neutral session per browser.
import { launchChromium } from './chromium';
import { launchFirefox } from './firefox';
import type { BrowserName, ExtensionSession, LaunchOptions } from './types';

export type { BrowserName, ExtensionSession, LaunchOptions, PageDriver, Truthy, WaitOptions } from './types';
export { waitUntil } from './wait';

export const BROWSERS: readonly BrowserName[] = ['chromium', 'firefox'];

/**
 * Starts a fresh headless browser with a fresh profile and the unpacked
 * extension in `extensionDir` loaded (Chromium: a directory with a
 * background.service_worker manifest; Firefox: one with background.scripts
 * and browser_specific_settings.gecko.id). Resolves once the background runs.
 */
export function launchExtension(
  browserName: BrowserName,
  extensionDir: string,
  options: LaunchOptions = {},
): Promise<ExtensionSession> {
  switch (browserName) {
    case 'chromium':
      return launchChromium(extensionDir, options);
    case 'firefox':
      return launchFirefox(extensionDir, options);
    default:
      throw new Error(`unknown browser: ${String(browserName satisfies never)}`);
  }
}
