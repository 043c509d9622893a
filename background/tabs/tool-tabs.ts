import { browser } from '../../src/platform/browser';
import { openAgentTab } from './agent-container';

type CreateProperties = Parameters<typeof browser.tabs.create>[0];

/** Tabs tools opened for their task (open_tab, search_web), kept a while for the tab followers' question. */
const opened = new Set<number>();
/** Settles once every tab creation a tool has asked for so far has been answered. */
let opening: Promise<unknown> = Promise.resolve();
const FORGET_AFTER_MS = 60_000;

/**
 * Opens a tab for the task the tool runs for, which binds it. Noted before the browser creates it:
 * a tab follower of another task hears of the new tab, sometimes before this call returns, and must
 * not take it for a tab that task's own action opened. In Firefox it opens in the container the
 * person chose for the agent's tabs, if any.
 */
export function openToolTab(properties: CreateProperties) {
  const created = openAgentTab(properties).then((tab) => {
    if (tab.id !== undefined) {
      const id = tab.id;
      opened.add(id);
      setTimeout(() => opened.delete(id), FORGET_AFTER_MS);
    }
    return tab;
  });
  opening = Promise.allSettled([opening, created]);
  return created;
}

/** Whether a tool opened the tab for its own task (which binds it itself); waits for creations under way. */
export async function openedByTool(tabId: number): Promise<boolean> {
  await opening;
  return opened.has(tabId);
}
