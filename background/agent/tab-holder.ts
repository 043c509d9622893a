import type { ToolCall } from '../llm/types';
import type { GateResult } from '../permissions/gate';
import { crawlSite } from '../tools/crawl-tools';
import { getCachedSnapshot } from '../tools/recall-tool';
import { searchLibrary } from '../tools/library-tool';
import { searchWeb } from '../tools/search-tool';
import { listTabs, openTab } from '../tools/tab-tools';
import { holderInWords, type HolderKind } from './task-board';
import type { TaskState } from './task-state';

/** Tools that work in no tab of the task's, or in a new one they open: they take no tab. */
const OFF_TAB = new Set([openTab, searchWeb, crawlSite, listTabs, getCachedSnapshot, searchLibrary].map((t) => t.name));

/**
 * Why a call in a tab someone else holds does not run, naming who holds it in words for the `asker`;
 * the caller adds what to do instead.
 */
export const tabInUse = (tabId: number, holder: HolderKind, asker: HolderKind) =>
  `Not done: tab ${tabId} is in use by ${holderInWords(holder, asker)}, and two tasks never act on the same tab.`;

/**
 * Two tasks never act on the same tab: a call in a tab another running task works in (its bound
 * tab, or the tab the call names) is refused, naming that task, and nothing runs; otherwise the
 * tab becomes this task's until it ends. Null when the call may go on.
 */
export function heldElsewhere(state: TaskState, call: ToolCall): GateResult | null {
  if (!state.held || OFF_TAB.has(call.name)) return null;
  const named = call.args['tabId'];
  const tabId = typeof named === 'number' ? named : state.tabId;
  const holder = state.held.claim(tabId);
  if (holder === undefined) return null;
  return {
    success: false,
    outcome: 'denied',
    decision: 'tab-held',
    site: '',
    text: `${tabInUse(tabId, holder, state.held.kind)} Open a tab of your own with open_tab, or wait until that task has ended.`,
  };
}
