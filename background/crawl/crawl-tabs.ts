import { browser } from '../../src/platform/browser';
import { openAgentTab } from '../tabs/agent-container';

const KEY = 'crawlTabs';
const held = new Set<number>();

const save = () => browser.storage.session.set({ [KEY]: [...held] });

/**
 * The tabs crawl workers hold, mirrored in `storage.session`: a tab id means something only in
 * the browser session that made it, which is exactly as long as storage.session keeps it. So a
 * background that stopped mid-crawl leaves ids its successor can safely close, and a browser
 * restart leaves none that could name someone else's tab.
 */
export const crawlTabs = {
  /**
   * Opens a background tab on its first page, in the agent's container where the person chose one.
   * (Opening it blank and then navigating races in Chromium: the blank page's own load can swallow
   * the navigation, leaving the tab blank.)
   */
  async open(url: string): Promise<number> {
    const tab = await openAgentTab({ url, active: false });
    if (tab.id === undefined) throw new Error('The browser did not open a tab.');
    held.add(tab.id);
    await save();
    return tab.id;
  },
  async close(tabId: number): Promise<void> {
    held.delete(tabId);
    await browser.tabs.remove(tabId).catch(() => {
      // Closed already (with its window, or by the person).
    });
    await save();
  },
  /** Closes the tabs a stopped background's crawl left open. */
  async closeLeftovers(): Promise<void> {
    const left = ((await browser.storage.session.get(KEY))[KEY] as number[] | undefined) ?? [];
    await Promise.all(left.filter((id) => !held.has(id)).map((id) => browser.tabs.remove(id).catch(() => {})));
    await save();
  },
};
