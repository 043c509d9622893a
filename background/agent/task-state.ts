import { newId } from '../storage/ids';
import type { ChatMessage } from '../../src/protocol/common';
import type { ScopeHolder } from '../permissions/scope-check';
import { TOOLS } from '../tools/registry';
import type { TabReading, ToolContext } from '../tools/types';
import { readingPages } from '../tools/readings';
import { conversationReadings } from './conversation-readings';
import { createRepeatDetector } from './repeat-detector';
import { createTabFacts, type TabFactsLookup } from './tab-facts';
import { createTabFollower } from './tab-follower';
import type { TaskDeps, TaskOptions } from './task-types';
import type { TaskTabs } from '../tabs/task-tabs';
import type { PageCache } from '../storage/page-cache';

/** What one task keeps while it runs: its tab, what it has spent, and the answer being written. */
export interface TaskState {
  readonly deps: TaskDeps;
  readonly signal: AbortSignal;
  readonly runId: string;
  readonly requester: string;
  /** Replaced by the approved plan's scope when the person approves one. */
  scope: ScopeHolder;
  readonly planning: TaskOptions['planning'];
  /** A plan was approved: its grants end with the task. */
  planned: boolean;
  /** The person's own words: the task's messages, and what they type in answer to a hand-over. */
  readonly personWords: string[] | undefined;
  readonly request: string | undefined;
  readonly announceStep: TaskOptions['announceStep'];
  readonly held: TaskOptions['held'];
  /** The conversation's generation when the task began: a clear changes it. */
  readonly generation: number;
  tabId: number;
  /** Screenshots by tool call, sent with the call's result on every later turn. */
  readonly images: Map<string, string>;
  /** Once a provider has refused native tools, later turns go straight to XML tool calls. */
  readonly mode: { xmlTools: boolean };
  /** The tabs the mask was shown on, which it leaves when the task ends. */
  readonly touched: Set<number>;
  /** The last reading of each tab the task read, by tab: its indices act; the page forgets it when the task ends. */
  readonly snapshots: Map<number, string>;
  readonly repeats: ReturnType<typeof createRepeatDetector>;
  steps: number;
  tokens: number;
  answer: ChatMessage | null;
  /**
   * The conversation's writes the task goes on without: the answer that asked for actions and
   * their results. The next action, the end of the next model turn and the task's end wait for them.
   */
  writes: Promise<void>;
  /** Writes held for the step's commit (holdWrite), in the order the task made them. */
  readonly heldWrites: (() => Promise<void>)[];
  /** The tab as read when the running action was allowed: the mask and the action's request both use it. */
  seen: { tabId: number; url: string | undefined } | undefined;
  /** The bound tab as the running call's target was read (ToolContext.locatedTab). */
  located: TabReading | undefined;
  readonly follower: ReturnType<typeof createTabFollower>;
  readonly tabFacts: TabFactsLookup;
  readonly ctx: ToolContext;
  /** A replayed task's mark for the next results: done as recorded, or by the model for that step. */
  replayMark?: 'replayed' | 'model';
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
    planning: options.planning,
    planned: false,
    personWords: options.personWords && [...options.personWords],
    request: options.request,
    announceStep: options.announceStep,
    held: options.held,
    generation: deps.conversation.generation,
    tabId: startTab,
    images: new Map(),
    mode: { xmlTools: false },
    touched: new Set(),
    snapshots: new Map(),
    repeats: createRepeatDetector(),
    steps: 0,
    tokens: 0,
    answer: null,
    writes: Promise.resolve(),
    heldWrites: [],
    seen: undefined,
    located: undefined,
    follower: createTabFollower(
      () => state.tabId,
      (id) => {
        if (!mayFollow(state, id)) return;
        state.tabId = id;
        // A tab the task's page opened (a link to a new tab) is the task's too.
        void options.tabs?.place(id);
      },
    ),
    tabFacts: createTabFacts(),
    ctx: toolContext(() => state, deps, signal, options.tabs),
  };
  return state;
}

/**
 * A tab opened from the task's tab is followed only when the task works in that tab itself: a tab
 * another task opened from a tab they both started on (the person's) is that task's, not this one's.
 */
function mayFollow(state: TaskState, tabId: number): boolean {
  const { held } = state;
  return !held || (held.holds(state.tabId) && held.claim(tabId) === undefined);
}

/** What the tools see of the task: its bound tab, which they may move, and its readings. */
function toolContext(task: () => TaskState, deps: TaskDeps, signal: AbortSignal, tabs?: TaskTabs): ToolContext {
  const readings = conversationReadings(deps.conversation);
  return {
    get tabId() {
      return task().tabId;
    },
    signal,
    bindTab: (id) => {
      // A tab the task moves to itself (one it opened, one it switched to) is its own from now on.
      task().held?.claim(id);
      task().tabId = id;
    },
    ...(tabs ? { placeTab: (id: number) => tabs.place(id) } : {}),
    snapshotId: (id) => task().snapshots.get(id),
    rememberSnapshot: (id, snapshot) => task().snapshots.set(id, snapshot),
    locatedTab: (tab) => {
      task().located = tab;
    },
    actionTab: () => {
      const { seen, tabId } = task();
      return seen?.tabId === tabId ? { url: seen.url } : undefined;
    },
    pages: heldPages(task, readingPages(deps.pages, readings)),
    readings,
    crawl: deps.crawl,
    ...(deps.handOver ? { handOver: handOverFrom(task, deps.handOver) } : {}),
  };
}

/**
 * A hand-over gives the task's pages back to the person: the mask, which holds back their clicks and
 * keys, goes from every tab the task acted on before the wait. The next action puts it up again.
 * A reply the person types joins their words, which the data-flow rule lets go to any site.
 */
function handOverFrom(
  task: () => TaskState,
  handOver: NonNullable<ToolContext['handOver']>,
): NonNullable<ToolContext['handOver']> {
  return async (ask, signal) => {
    await task().deps.mask.hide(task().touched);
    const answer = await handOver(ask, signal);
    if (answer?.kind === 'reply') task().personWords?.push(answer.text);
    return answer;
  };
}

/**
 * The gate has allowed an action and it starts. The mask goes up now, never while the gate decides
 * or asks: a denied action leaves the page as it was, with nothing shown on it. Reading puts nothing
 * on the page at all, so a page cannot notice it is being read and swap its text for the model.
 * The mask and the action's request both use one reading of the tab: the gate's own when the person
 * was not asked meanwhile (it is as fresh), else one made now.
 */
export async function beginAction(state: TaskState, toolName: string, asked: boolean): Promise<void> {
  const reads = TOOLS.get(toolName)?.level === 'read-only';
  const tab = await state.follower.begin(!reads, asked ? undefined : state.located);
  state.seen = tab ? { tabId: state.tabId, url: tab.url } : undefined;
  if (reads) return;
  state.touched.add(state.tabId);
  // Not awaited: with the tab already read, the mask's request is sent before this returns, so
  // before the action's, and a tab's content script takes requests in the order they were sent.
  void state.deps.mask.show(state.tabId, tab ?? undefined);
}

/**
 * Holds a write for the task's next commit: the next action's start (its Action Log entry, which the
 * gate stores before the action runs), a question to the person, the next model turn, or a wait for
 * the task's writes. Every IndexedDB transaction is a commit the browser makes, and writes issued
 * together are one transaction (write-batch.ts): a step's answer joins its first action's entry, and
 * an action's result, entry and page read join the next action's entry or the next turn's answer.
 * Nothing acts before what came earlier is stored, as before: an action's start stores them first.
 */
export function holdWrite(state: TaskState, write: () => Promise<void>): void {
  state.heldWrites.push(write);
}

/** Issues the held writes now, in the order they were made, as writes the task goes on without. */
export function issueHeld(state: TaskState): void {
  for (const write of state.heldWrites.splice(0)) alsoWrite(state, write());
}

/** Every write of the task so far, held ones issued now: settles once they are stored. */
export function written(state: TaskState): Promise<void> {
  issueHeld(state);
  return state.writes;
}

/** The page cache as a task's tools see it: a page read is stored with the step's other records. */
function heldPages(task: () => TaskState, pages: PageCache): PageCache {
  return {
    ...pages,
    add: (page) => {
      // As before, a page the cache could not keep costs the task nothing.
      holdWrite(task(), () => pages.add(page).catch(() => undefined));
      return Promise.resolve();
    },
  };
}

/** Adds a write the task goes on without; one that fails ends the task where it is next waited for. */
export function alsoWrite(state: TaskState, write: Promise<void>): void {
  const writes = Promise.all([state.writes, write]).then(() => undefined);
  writes.catch(() => undefined);
  state.writes = writes;
}
