import { newId } from '../../src/ids';
import type { ChatMessage } from '../../src/protocol/common';
import type { ScopeHolder } from '../permissions/scope-check';
import { TOOLS } from '../tools/registry';
import type { ToolContext } from '../tools/types';
import { createRepeatDetector } from './repeat-detector';
import { createTabFollower } from './tab-follower';
import type { TaskDeps, TaskOptions } from './task-types';

/** What one task keeps while it runs: its tab, what it has spent, and the answer being written. */
export interface TaskState {
  readonly deps: TaskDeps;
  readonly signal: AbortSignal;
  readonly runId: string;
  readonly requester: string;
  readonly scope: ScopeHolder | undefined;
  readonly announceStep: TaskOptions['announceStep'];
  /** The conversation's generation when the task began: a clear changes it. */
  readonly generation: number;
  tabId: number;
  /** Screenshots by tool call, sent with the call's result on every later turn. */
  readonly images: Map<string, string>;
  /** Once a provider has refused native tools, later turns go straight to XML tool calls. */
  readonly mode: { xmlTools: boolean };
  /** The tabs the mask was shown on, which it leaves when the task ends. */
  readonly touched: Set<number>;
  readonly repeats: ReturnType<typeof createRepeatDetector>;
  steps: number;
  tokens: number;
  answer: ChatMessage | null;
  /** The tab as read when the running action was allowed: the mask and the action's request both use it. */
  seen: { tabId: number; url: string | undefined } | undefined;
  readonly follower: ReturnType<typeof createTabFollower>;
  readonly ctx: ToolContext;
}

export function createTaskState(
  deps: TaskDeps,
  startTab: number,
  signal: AbortSignal,
  options: TaskOptions,
): TaskState {
  const state: TaskState = {
    deps,
    signal,
    runId: options.runId ?? newId('run'),
    requester: options.requester ?? 'chat',
    scope: options.scope,
    announceStep: options.announceStep,
    generation: deps.conversation.generation,
    tabId: startTab,
    images: new Map(),
    mode: { xmlTools: false },
    touched: new Set(),
    repeats: createRepeatDetector(),
    steps: 0,
    tokens: 0,
    answer: null,
    seen: undefined,
    follower: createTabFollower(
      () => state.tabId,
      (id) => (state.tabId = id),
    ),
    ctx: toolContext(() => state, deps, signal),
  };
  return state;
}

/** What the tools see of the task: its bound tab, which they may move, and its readings. */
function toolContext(task: () => TaskState, deps: TaskDeps, signal: AbortSignal): ToolContext {
  const snapshots = new Map<number, string>();
  return {
    get tabId() {
      return task().tabId;
    },
    signal,
    bindTab: (id) => {
      task().tabId = id;
    },
    snapshotId: (id) => snapshots.get(id),
    rememberSnapshot: (id, snapshot) => snapshots.set(id, snapshot),
    actionTab: () => {
      const { seen, tabId } = task();
      return seen?.tabId === tabId ? { url: seen.url } : undefined;
    },
    pages: deps.pages,
    crawl: deps.crawl,
  };
}

/**
 * The gate has allowed an action and it starts. The mask goes up now, never while the gate decides
 * or asks: a denied action leaves the page as it was, with nothing shown on it. Reading puts nothing
 * on the page at all, so a page cannot notice it is being read and swap its text for the model.
 * The tab is read once here: the mask and the action's request both use that reading.
 */
export async function beginAction(state: TaskState, toolName: string): Promise<void> {
  const tab = await state.follower.begin();
  state.seen = tab ? { tabId: state.tabId, url: tab.url } : undefined;
  if (TOOLS.get(toolName)?.level === 'read-only') return;
  state.touched.add(state.tabId);
  await state.deps.mask.show(state.tabId, tab ?? undefined);
}
