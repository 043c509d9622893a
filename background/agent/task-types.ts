import type { BuiltInPrompt } from '../llm/built-in-model';
import type { CompletionRequest, CompletionResult, ToolSpec } from '../llm/types';
import type { Settings } from '../../src/protocol/common';
import type { Limits } from '../../src/protocol/limits';
import type { PageCache } from '../storage/page-cache';
import type { Conversation } from '../conversations/conversation-messages';
import type { Gate } from '../permissions/gate';
import type { ScopeHolder } from '../permissions/scope-check';
import type { ToolContext } from '../tools/types';
import type { RunRecords } from './run-record';
import type { TaskPlanning } from './task-plan';
import type { TaskTabs } from '../tabs/task-tabs';
import type { TaskHandle } from './task-board';

export interface TaskDeps {
  conversation: Conversation;
  complete(request: CompletionRequest): Promise<CompletionResult>;
  gate: Gate;
  settings(): Settings | null;
  /** The browser's built-in model, when the person turned it on and it is ready: it answers the task's scope. */
  builtIn?(): Promise<BuiltInPrompt | null>;
  limits(): Limits;
  /** A chat task's record, by which a restart knows it was cut; a research step keeps none, its run's record says so. */
  runs?: RunRecords;
  pages: PageCache;
  crawl: ToolContext['crawl'];
  tools(): readonly ToolSpec[];
  /** `seen`: the tab as just read, so showing the mask does not read it again. */
  mask: {
    show(tabId: number, seen?: { url: string | undefined }): Promise<void>;
    hide(tabIds: Iterable<number>): Promise<void>;
  };
  /** The task has ended: the pages it read let go of those readings (tab → snapshot id). */
  forgetReadings(readings: ReadonlyMap<number, string>): Promise<void>;
  /** The sidebar's hand-overs to the person (ask_person). */
  handOver?: ToolContext['handOver'];
  /** How often, at most, a streaming answer is written to storage. */
  saveEveryMs?: number;
}

/** What every task shares, whoever runs it; each runner adds its own conversation and run records. */
export type SharedTaskDeps = Omit<TaskDeps, 'conversation' | 'runs' | 'saveEveryMs'>;

/** How a task ended: the model answered, a limit (actions, tokens, repeats) stopped it, the person stopped it, or it failed. */
export type TaskEnd = 'answered' | 'limit' | 'stopped' | 'error';

/** Who runs the task: a workflow step passes its run (whose approved grants apply) and its name. */
export interface TaskOptions {
  runId?: string;
  requester?: string;
  /**
   * What this task may do, whoever started it: the person's words (chat, context menu), the task's
   * text (ABP agent.run), the approved plan (a workflow step). The gate asks before anything beyond it.
   */
  scope: ScopeHolder;
  /**
   * Plan-first mode (chat tasks): the model states its plan through propose_plan, and the plan the
   * person approves becomes the task's scope, with its grants for this run.
   */
  planning?: TaskPlanning;
  /** The person's own messages (chat tasks): text in them is theirs to send anywhere. */
  personWords?: readonly string[];
  /**
   * The person's words this task began from (chat tasks): every question the task raises shows them,
   * so with several tasks at once the person knows which one asks.
   */
  request?: string;
  /** The tabs the task opens, kept apart from the person's and other tasks' (its tab group); whoever starts the task ends them. */
  tabs?: TaskTabs;
  /** The element the running action is about, for the sidebar's "now doing" line (chat tasks). */
  announceStep?(step: TaskStep | null): void;
  /**
   * The tabs the task holds among every running task (its task board handle): a tab it works in
   * becomes its own, and a tab another task holds is never acted on. Absent, no other task runs.
   */
  held?: Pick<TaskHandle, 'kind' | 'claim' | 'holds'>;
}

export interface TaskStep {
  toolCallId: string;
  target: string;
  /** The page the action happens on, which may be a tab behind the person's. */
  url: string;
}
