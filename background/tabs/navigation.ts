import { browser } from '../../src/platform/browser';

// Navigation as the tools, the crawler, the library and workflows all wait for it: a tab is told
// where to go, then watched until it has arrived.

/** How long a navigation is waited for: some pages never stop loading. */
export const LOAD_WAIT_MS = 15_000;
const NAVIGATION_START_MS = 3_000;
/** How long a navigation that came back to the address it left must stay there to count as arrived. */
const BACK_STABLE_MS = 500;

/** Resolves true once the tab starts loading or changes address, false when nothing happens in time. */
function navigationStart(tabId: number): { started: Promise<boolean>; cancel(): void } {
  let cancel = () => {};
  const started = new Promise<boolean>((resolve) => {
    const listener = (id: number, change: { status?: string; url?: string }) => {
      if (id === tabId && (change.status === 'loading' || change.url !== undefined)) finish(true);
    };
    const timer = setTimeout(() => finish(false), NAVIGATION_START_MS);
    const finish = (moved: boolean) => {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(listener);
      resolve(moved);
    };
    cancel = () => finish(false);
    browser.tabs.onUpdated.addListener(listener);
  });
  return { started, cancel };
}

/**
 * Watches for the browser to open a tab, from now on: `opened` resolves when it does, or after
 * `timeoutMs`. A link's new tab opens after its click has answered, so a caller that must see the
 * tab (to follow it) starts watching before the click.
 */
export function watchNewTab(timeoutMs: number): { opened: Promise<void>; stop(): void } {
  let stop = () => {};
  const opened = new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      browser.tabs.onCreated.removeListener(finish);
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    browser.tabs.onCreated.addListener(finish);
    stop = finish;
  });
  return { opened, stop };
}

/** Where a tab has got to: `loaded` is false when it was still loading when the wait gave up. */
export interface Arrival {
  url: string;
  title: string;
  loaded: boolean;
}

/** Whether the tab has finished loading a document since now (an event, which a stale tabs.get cannot fake). */
function watchLoad(tabId: number): { seen(): boolean; stop(): void } {
  let loaded = false;
  const listener = (id: number, change: { status?: string }) => {
    if (id === tabId && change.status === 'complete') loaded = true;
  };
  browser.tabs.onUpdated.addListener(listener);
  return { seen: () => loaded, stop: () => browser.tabs.onUpdated.removeListener(listener) };
}

/**
 * Starts a navigation with `begin` and waits for the tab to arrive. Null when the tab did not
 * start loading (nothing to go back to, say); `begin`'s errors are thrown. The address the tab
 * leaves does not count as arrived until the tab has loaded a document again: the page being left
 * can be reported loaded before the next one commits, and a reload comes back to the same address.
 */
export async function navigateTab(
  tabId: number,
  signal: AbortSignal,
  begin: () => Promise<unknown>,
): Promise<Arrival | null> {
  const leaving = (await browser.tabs.get(tabId).catch(() => null))?.url;
  const start = navigationStart(tabId);
  const load = watchLoad(tabId);
  try {
    try {
      await begin();
    } catch (error) {
      start.cancel();
      throw error;
    }
    return (await start.started) ? await settled(tabId, signal, leaving, load.seen) : null;
  } finally {
    load.stop();
  }
}

/**
 * Waits until the tab has loaded (or a while has passed: some pages never stop loading). A new
 * tab reports the blank page it starts on as loaded (Firefox) before it starts on its URL, and a
 * tab can report the page it is `leaving` as loaded before the new one commits (Firefox, under load):
 * that address counts only once `reloaded` says a document has finished loading since, and only if
 * the tab is still there a moment later (Firefox can report the new load before the new address).
 */
export async function settled(
  tabId: number,
  signal: AbortSignal,
  leaving?: string,
  reloaded: () => boolean = () => false,
): Promise<Arrival> {
  const deadline = Date.now() + LOAD_WAIT_MS;
  let backSince: number | undefined;
  for (;;) {
    const tab = await browser.tabs.get(tabId);
    const complete = tab.status === 'complete' && Boolean(tab.url) && tab.url !== 'about:blank';
    const back = complete && tab.url === leaving && reloaded();
    backSince = back ? (backSince ?? Date.now()) : undefined;
    const loaded = complete && (tab.url !== leaving || (back && Date.now() - (backSince ?? 0) >= BACK_STABLE_MS));
    if (loaded || Date.now() > deadline || signal.aborted)
      return { url: tab.url ?? '', title: tab.title ?? '', loaded };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
