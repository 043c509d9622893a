import { openAgentTab } from '../tabs/agent-container';
import { browser } from '../../src/platform/browser';
import { createTaskTabs, shortTaskName, type TaskTabs } from '../tabs/task-tabs';
import { settled } from '../tabs/navigation';
import type { WorkflowRecord } from './workflow-store';

/** A research run's tabs: one tab group named for its request, found again after a restart by its saved id. */
export const researchTabs = (current: WorkflowRecord): TaskTabs =>
  createTaskTabs(shortTaskName(current.plan.intent), current.groupId);

/**
 * Opens a step's tab on its site, in the background so the person's own tab stays in front, in the
 * run's tab group. Returns the tab.
 */
export async function openStepTab(url: string, tabs: TaskTabs, signal: AbortSignal): Promise<number> {
  const tab = await openAgentTab({ url, active: false });
  if (tab.id === undefined) throw new Error('The browser did not open a tab for this step.');
  await tabs.place(tab.id);
  await settled(tab.id, signal);
  return tab.id;
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
