import { browser } from '../../src/platform/browser';

export interface TabFacts {
  title: string;
  url: string;
}

/**
 * The title and address of the tabs a task works in, for the system prompt of each model turn.
 * Each tab is read once; after that the browser's own change events keep them, so a turn does not
 * wait for a tab read. The gate never uses these: it reads the tab itself when deciding.
 */
export function createTabFacts() {
  const known = new Map<number, TabFacts>();
  const onUpdated = (
    tabId: number,
    change: { title?: string; url?: string },
    tab: { title?: string; url?: string },
  ) => {
    if (known.has(tabId) && (change.title !== undefined || change.url !== undefined))
      known.set(tabId, { title: tab.title ?? '', url: tab.url ?? '' });
  };
  const onRemoved = (tabId: number) => known.delete(tabId);
  return {
    start(): void {
      browser.tabs.onUpdated.addListener(onUpdated);
      browser.tabs.onRemoved.addListener(onRemoved);
    },
    stop(): void {
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.tabs.onRemoved.removeListener(onRemoved);
      known.clear();
    },
    /** The tab as last known; null when it is gone. */
    async of(tabId: number): Promise<TabFacts | null> {
      const cached = known.get(tabId);
      if (cached) return cached;
      try {
        const tab = await browser.tabs.get(tabId);
        const facts = { title: tab.title ?? '', url: tab.url ?? '' };
        known.set(tabId, facts);
        return facts;
      } catch {
        return null;
      }
    },
  };
}
export type TabFactsLookup = ReturnType<typeof createTabFacts>;
