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
  const report = async () => {
    const id = await tabToWorkIn(undefined);
    const found = await browser.tabs.get(id).catch(() => null);
    tab.value = found?.id !== undefined ? { id: found.id, title: found.title ?? '', url: found.url ?? '' } : null;
  };
  browser.tabs.onActivated.addListener(() => void report());
  browser.tabs.onRemoved.addListener(() => void report());
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (tabId === tab.value?.id && (change.url !== undefined || change.title !== undefined)) void report();
  });
  void report();
  return tab;
}
