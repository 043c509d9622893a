/** Chrome's tab groups (Firefox has none): the edge module that may touch `chrome.tabGroups`. */
export async function joinTabGroup(tabId: number, groupId: number | undefined, title: string): Promise<number> {
  if (groupId !== undefined) {
    // The person may have closed or ungrouped the group since the last step: then a new one starts.
    const joined = await chrome.tabs.group({ tabIds: [tabId], groupId }).catch(() => undefined);
    if (joined !== undefined) return joined;
  }
  const created = await chrome.tabs.group({ tabIds: [tabId] });
  await chrome.tabGroups.update(created, { title, color: 'blue' });
  return created;
}

/** Names a group anew (its client is gone); a group the person closed or ungrouped is left as it is. */
export async function retitleTabGroup(groupId: number, title: string): Promise<void> {
  await chrome.tabGroups.update(groupId, { title, color: 'grey' }).catch(() => undefined);
}
