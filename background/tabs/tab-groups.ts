import { browser } from '../../src/platform/browser';

/** A tab group's colour, named alike in both browsers. */
type GroupColor = 'blue' | 'grey';

/**
 * Tab groups, in Chrome and in Firefox (tabs.group since Firefox 139, so in the ESR Bosun is tested
 * on): the calls the polyfill's types do not name yet. The edge module that may touch them.
 */
interface TabGroupCalls {
  tabs: {
    group(options: { tabIds: number[]; groupId?: number; createProperties?: { windowId: number } }): Promise<number>;
  };
  tabGroups: { update(groupId: number, change: { title?: string; color?: GroupColor }): Promise<unknown> };
}
const groups = browser as unknown as TabGroupCalls;

export async function joinTabGroup(tabId: number, groupId: number | undefined, title: string): Promise<number> {
  if (groupId !== undefined) {
    // The person may have closed or ungrouped the group since the last step: then a new one starts.
    const joined = await groups.tabs.group({ tabIds: [tabId], groupId }).catch(() => undefined);
    if (joined !== undefined) return joined;
  }
  // A new group goes in the browser's current window unless told otherwise, taking the tab there:
  // an agent's tab would land in the person's window, a task's in whichever window they moved to.
  const { windowId } = await browser.tabs.get(tabId);
  const created = await groups.tabs.group({ tabIds: [tabId], createProperties: { windowId: windowId! } });
  await groups.tabGroups.update(created, { title, color: 'blue' });
  return created;
}

/**
 * Renames a group and greys it out: the work in it has ended (a task finished, an agent's client went).
 * A group the person closed meanwhile is left gone.
 */
export async function endTabGroup(groupId: number, title: string): Promise<void> {
  await groups.tabGroups.update(groupId, { title, color: 'grey' }).catch(() => undefined);
}
