import { browser } from './platform/browser';

const isWebPage = (url: string | undefined) => /^(https?|file):/.test(url ?? '');

/** No tab to work in: the model can still answer; every tool reports that no page is open. */
export const NO_TAB = -1;

/**
 * The tab a task works in: the one the person was looking at when they asked. When the
 * sidebar reports an extension page (Bosun opened in a tab of its own), the most recently
 * used web page of that window is meant.
 */
export async function tabToWorkIn(requested: number | undefined): Promise<number> {
  const tab =
    requested === undefined
      ? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]
      : await browser.tabs.get(requested).catch(() => undefined);
  if (tab?.id !== undefined && isWebPage(tab.url)) return tab.id;
  // The person's window first; then any window (Bosun's own tab may sit in a window of its own).
  const all = (await browser.tabs.query({})).filter((t) => isWebPage(t.url));
  all.sort(
    (a, b) =>
      Number(b.windowId === tab?.windowId) - Number(a.windowId === tab?.windowId) ||
      (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0),
  );
  return all[0]?.id ?? tab?.id ?? NO_TAB;
}
