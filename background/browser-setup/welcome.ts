import { browser } from '../../src/platform/browser';

/** The first-run page, at the extension root (built from sidebar/welcome.html). */
export const WELCOME_PAGE = 'welcome.html';

/** Whether an onInstalled event is a first install: an update, a reload or a browser update is not. */
export const isFirstInstall = (details: { reason: string }): boolean => details.reason === 'install';

/**
 * A new install opens the welcome page, which says how to open Bosun in this browser: after
 * installing, Bosun's button is hidden in the browser's extensions menu and nothing else shows it.
 * Updates and reloads fire onInstalled too (reason 'update'), and a browser restart does not fire
 * it at all; neither opens the page again.
 */
export function setUpWelcome(): void {
  browser.runtime.onInstalled.addListener((details) => {
    if (isFirstInstall(details)) void browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE) });
  });
}
