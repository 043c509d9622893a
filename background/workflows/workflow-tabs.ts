import { browser } from '../../src/platform/browser';
import { joinTabGroup } from '../tabs/tab-groups';
import { settled } from '../tabs/navigation';

/**
 * Opens a step's tab on its site, in the background so the person's own tab stays in front; in
 * Chrome it joins the workflow's tab group (Firefox has no tab groups). Returns the tab and group.
 */
export async function openStepTab(
  url: string,
  groupId: number | undefined,
  signal: AbortSignal,
): Promise<{ tabId: number; groupId?: number }> {
  const tab = await browser.tabs.create({ url, active: false });
  if (tab.id === undefined) throw new Error('The browser did not open a tab for this step.');
  const group = __TARGET__ === 'chrome' ? await joinTabGroup(tab.id, groupId, 'Bosun research') : undefined;
  await settled(tab.id, signal);
  return { tabId: tab.id, ...(group === undefined ? {} : { groupId: group }) };
}

/** Closes tabs the workflow opened; the person may already have closed some. */
export async function closeTabs(tabIds: readonly number[]): Promise<void> {
  await Promise.all(tabIds.map((id) => browser.tabs.remove(id).catch(() => undefined)));
}

/** Calls `found` for each tab opened from one of `parents` while it listens (an agent's open_tab, a target=_blank link). */
export function watchOpenedTabs(parents: () => readonly number[], found: (tabId: number) => void): () => void {
  const onCreated = (tab: { id?: number; openerTabId?: number }) => {
    if (tab.id !== undefined && tab.openerTabId !== undefined && parents().includes(tab.openerTabId)) found(tab.id);
  };
  browser.tabs.onCreated.addListener(onCreated);
  return () => browser.tabs.onCreated.removeListener(onCreated);
}
