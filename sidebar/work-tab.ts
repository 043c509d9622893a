import { signal, type ReadonlySignal } from '@preact/signals';
import { tabToWorkIn } from '../src/work-tab';
import { browser } from '../src/platform/browser';

export interface WorkTab {
  id: number;
  title: string;
  url: string;
}

/**
 * The tab a message sent now would work in (the one the person is looking at, chosen the way the
 * background chooses it), kept current as they move between tabs and pages.
 */
export function watchWorkTab(): ReadonlySignal<WorkTab | null> {
  const tab = signal<WorkTab | null>(null);
  // Reports overlap while a page loads: only the latest one may set the tab, or an earlier reading
  // that answers late would put back the site the tab has left.
  let latest = 0;
  const report = async () => {
    const mine = ++latest;
    const id = await tabToWorkIn(undefined);
    const found = await browser.tabs.get(id).catch(() => null);
    if (mine !== latest) return;
    tab.value = found?.id !== undefined ? { id: found.id, title: found.title ?? '', url: found.url ?? '' } : null;
  };
  browser.tabs.onActivated.addListener(() => void report());
  browser.tabs.onRemoved.addListener(() => void report());
  // Any change of the tab is read again, the loading status too: a browser may leave the address out
  // of the change it reports, and the tab has still gone to another site.
  browser.tabs.onUpdated.addListener((tabId) => {
    if (tabId === tab.value?.id) void report();
  });
  void report();
  return tab;
}
