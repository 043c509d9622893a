import { browser } from '../../src/platform/browser';

/** How long a new tab's about:blank may take before it is navigated anyway. */
const SETTLE_MS = 5_000;

/**
 * Resolves once a tab just opened on about:blank has loaded it. Chromium loses a navigation sent to a
 * new tab while its first about:blank is still loading: the tab stays "unloaded" for good, loading
 * nothing (measured in Chromium 156 on a busy two-core machine: more than half the time for a tab,
 * a quarter for a new window's). Nothing may be sent to such a tab before this resolves.
 */
export function blankLoaded(tabId: number): Promise<void> {
  return new Promise((resolve) => {
    const listener = (id: number, change: { status?: string }) => {
      if (id === tabId && change.status === 'complete') finish();
    };
    // A tab that never says so is navigated anyway after a while: the navigation's own wait reports it.
    const timer = setTimeout(finish, SETTLE_MS);
    function finish() {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(listener);
      resolve();
    }
    browser.tabs.onUpdated.addListener(listener);
    // It may have loaded before the listener was added; a tab already gone has nothing to wait for.
    browser.tabs.get(tabId).then(
      (tab) => tab.status === 'complete' && finish(),
      () => finish(),
    );
  });
}
