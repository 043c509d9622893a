import type { ChatMessage } from '../../src/protocol/common';
import type { Attachment } from '../../src/protocol/attachments';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { Conversation } from '../conversations/conversation-messages';
import type { RunRecord, RunRecords } from './run-record';
import { runTask, type SharedTaskDeps, type TaskDeps, type TaskOptions } from './run-task';
import type { TaskStep } from './task-types';
import { createTaskScope } from './task-scope';
import type { TaskScope } from '../../policy';
import type { PlanQuestions } from './plan-questions';
import type { TaskPlanning } from './task-plan';
import { traceOf } from '../replay/replay-trace';
import type { Trace } from '../../src/protocol/trace';
import { runReplay } from '../replay/replay-run';
import { createTaskTabs, shortTaskName } from '../tabs/task-tabs';
import type { TaskBoard, TaskHandle } from './task-board';
import { runUnattended, type Unattended } from '../replay/unattended-replay';

/** What goes with the person's words: a selection on the page, their files, the tabs they picked. */
export interface MessageContext {
  quote?: string;
  attachments?: Attachment[];
}

const STOPPED = () => new DOMException('Stopped by the person', 'AbortError');
export const BUSY_ERROR = 'Bosun is still working on your last message. Wait for it or press Stop.';
const NOTHING_TO_REPLAY = 'There is no finished task with actions in this conversation to run again.';
const RESTARTED =
  'Bosun restarted while working on this, so the task stopped here. Nothing was repeated; send your message again to continue.';
const RESTARTED_OPENING =
  'Bosun restarted while this scheduled run’s start page was loading, so the run stopped before it did anything, and it does not run again by itself. Use Run again to run it now.';

export interface AgentDeps extends SharedTaskDeps {
  /** Where a conversation's running task is recorded, so a restart knows it was cut short. */
  runRecords(conversationId: string): RunRecords;
  /** The conversations whose task a restart cut short. */
  interruptedRuns(): Promise<string[]>;
  /** Deals with the tab of a scheduled run that a restart caught opening its start page. */
  leaveStartTab(record: RunRecord): Promise<void>;
  /** Keeps the background alive while a task runs (Chrome stops idle service workers). */
  holdAlive<T>(work: Promise<T>): Promise<T>;
  /** A conversation's running task changed (it began, ended, or moved on to another scope or action). */
  changed(conversationId: string): void;
  /** Every running task, which this agent's tasks join for the sidebar's list and their tabs. */
  board: TaskBoard;
  /** Plans waiting for the person's approval (plan-first mode). */
  plans: Pick<PlanQuestions, 'pose'>;
}

/** One conversation's running task: its Stop, and its scope and action for the status bar. */
interface Run {
  readonly controller: AbortController;
  readonly conversation: Conversation;
  /** Its row in the sidebar's list of running tasks, and the tabs it holds. */
  readonly handle: TaskHandle;
  scope: TaskScope | null;
  step: TaskStep | null;
}

/**
 * Runs the person's tasks, one per conversation and several conversations at once, each with its
 * own Stop, scope and tab; reports a task cut short by a restart.
 */
export function createAgent(deps: AgentDeps) {
  const runs = new Map<string, Run>();

  const start = (
    conversationId: string,
    conversation: Conversation,
    content: string,
    tabId: number,
    context: MessageContext = {},
  ) => startRun(deps, runs, { conversationId, conversation, content, tabId, context, trace: null });

  /** Runs a conversation's last task again: its recorded steps without the model where they still match. */
  const replay = (conversationId: string, conversation: Conversation, tabId: number): Promise<Refusal | undefined> => {
    const trace = traceOf(conversation.all());
    if (!trace) return Promise.resolve(refuse(NOTHING_TO_REPLAY));
    return startRun(deps, runs, { conversationId, conversation, content: trace.request, tabId, context: {}, trace });
  };

  /**
   * A saved chat task on its schedule: replayed in its conversation, unattended, within what the person
   * approved, in a tab it opens once the conversation is its own.
   */
  const runScheduled = (conversationId: string, conversation: Conversation, unattended: Unattended) =>
    startRun(deps, runs, {
      conversationId,
      conversation,
      content: unattended.task.trace.request,
      context: {},
      trace: unattended.task.trace,
      unattended,
    });

  function stop(conversationId: string): void {
    runs.get(conversationId)?.controller.abort(STOPPED());
  }

  async function clear(conversationId: string, conversation: Conversation): Promise<void> {
    stop(conversationId);
    runs.delete(conversationId);
    await conversation.clear();
    deps.changed(conversationId);
  }

  /** After a restart, each conversation's task that was running is marked interrupted. */
  async function restore(conversationOf: (id: string) => Promise<Conversation>): Promise<void> {
    for (const id of await deps.interruptedRuns())
      await markInterrupted(await conversationOf(id), deps.runRecords(id), deps.leaveStartTab);
  }

  return {
    start,
    replay,
    runScheduled,
    stop,
    clear,
    restore,
    /** A conversation's running task, for its status bar; undefined when none runs there. */
    run: (conversationId: string): Pick<Run, 'scope' | 'step'> | undefined => runs.get(conversationId),
  };
}
export type Agent = ReturnType<typeof createAgent>;

/**
 * Starts a task in a conversation for the person's message, or a replay of its last task's trace (Run
 * again); resolves once the message is saved, or says why it cannot start. The context (a quote of the
 * page, the person's files, picked tabs) goes with the message, each marked as what it is, and has no say
 * in what the task may do.
 */
async function startRun(deps: AgentDeps, runs: Map<string, Run>, asked: Asked): Promise<Refusal | undefined> {
  const { conversationId, conversation, content, context, trace } = asked;
  if (runs.has(conversationId)) return refuse(BUSY_ERROR);
  // Claimed before the first await, so a second message or a Stop that arrives meanwhile sees it.
  const controller = new AbortController();
  const entry = { kind: 'chat' as const, conversationId, request: content, stop: () => controller.abort(STOPPED()) };
  const handle = deps.board.begin(`chat:${conversationId}`, entry);
  const run: Run = { controller, conversation, handle, scope: null, step: null };
  runs.set(conversationId, run);
  conversation.setBusy(true);
  deps.changed(conversationId);
  const release = () => {
    if (runs.get(conversationId) !== run) return;
    // Free before the held answer is announced: the sidebar may send again the moment it sees it.
    runs.delete(conversationId);
    handle.end();
    conversation.setBusy(false);
    deps.changed(conversationId);
  };
  try {
    await conversation.add({ role: 'user', content, ...messageMarks(context, trace), status: 'done' });
  } catch (error) {
    release();
    throw error;
  }
  const announceScope = (scope: TaskScope | null) => {
    run.scope = scope;
    deps.changed(conversationId);
  };
  const announceStep = (step: TaskStep | null) => {
    run.step = step;
    handle.now(step?.target ?? null);
    deps.changed(conversationId);
  };
  const ended = launch(deps, asked, { handle, signal: controller.signal, announceScope, announceStep });
  void deps.holdAlive(ended).finally(() => {
    run.scope = null;
    run.step = null;
    release();
  });
}

/** What a task starts from: the conversation, the person's words, the tab, and a trace to replay. */
type Asked = {
  conversationId: string;
  conversation: Conversation;
  content: string;
  context: MessageContext;
  trace: Trace | null;
} & (
  | { tabId: number; unattended?: undefined }
  /** A scheduled run: nobody is there to ask, and it opens its own tab. */
  | { tabId?: undefined; unattended: Unattended }
);

/** Runs the task in a tab group of its own; resolves once it ended and its group says how. */
function launch(
  deps: AgentDeps,
  asked: Asked,
  {
    handle,
    signal,
    announceScope,
    announceStep,
  }: Pick<TaskOptions, 'announceStep'> & {
    handle: TaskHandle;
    signal: AbortSignal;
    announceScope: (scope: TaskScope | null) => void;
  },
): Promise<void> {
  const { conversationId, conversation, content, trace } = asked;
  const personWords = conversation
    .all()
    .filter((m) => m.role === 'user')
    .map((m) => m.content);
  const tabs = createTaskTabs(shortTaskName(content));
  const shared = { announceStep, personWords, request: content, tabs, held: handle };
  const task = { ...deps, conversation, runs: deps.runRecords(conversationId) };
  const work = asked.unattended
    ? runUnattended(task, asked.unattended, signal, shared)
    : runAsked(task, trace, asked.tabId, signal, {
        ...shared,
        // The scope comes from this message's words alone: never the quote, the attachments, the page or earlier results.
        scope: createTaskScope({ ...deps, announce: announceScope }, content),
        ...(trace ? {} : planFirst(deps, announceScope)),
      });
  return work.then(
    (end) => tabs.end(end === 'answered' ? 'done' : 'stopped'),
    () => tabs.end('stopped'),
  );
}

/** The person's task, or its replay (Run again) while they are there to be asked. */
const runAsked = (task: TaskDeps, trace: Trace | null, tabId: number, signal: AbortSignal, options: TaskOptions) =>
  trace ? runReplay(task, trace, tabId, signal, options) : runTask(task, tabId, signal, options);

/** What the person's message carries besides its words: a quote, attachments, the Run again mark. */
function messageMarks({ quote, attachments }: MessageContext, trace: Trace | null) {
  return {
    ...(quote ? { quote } : {}),
    ...(attachments?.length ? { attachments } : {}),
    ...(trace ? { replay: 'run' as const } : {}),
  };
}

/** Plan first unless the person chose to be asked as it goes (Settings); read at each task's start. */
function planFirst(deps: AgentDeps, announce: TaskPlanning['announce']): { planning?: TaskPlanning } {
  if (deps.settings()?.planFirst === false) return {};
  return {
    planning: {
      pose: (plan, signal) => deps.plans.pose(plan, signal),
      approve: (runId, plan) => deps.gate.approvePlan(runId, plan),
      announce,
    },
  };
}

/** After a restart: the answer that was being written, and the action that was running, are marked interrupted. */
async function markInterrupted(
  conversation: Conversation,
  runs: RunRecords,
  leaveStartTab: AgentDeps['leaveStartTab'],
): Promise<void> {
  const messages = await conversation.restore();
  const run = await runs.get();
  if (run?.opening) {
    await leaveStartTab(run);
    await conversation.add({ role: 'assistant', content: '', status: 'interrupted', error: RESTARTED_OPENING });
    await runs.end();
    return;
  }
  let marked = false;
  for (const message of messages) {
    if (message.status !== 'streaming') continue;
    message.status = 'interrupted';
    message.error = RESTARTED;
    marked = true;
    await conversation.save(message);
  }
  if (!run) return;
  const cut = interruptedCall(messages, run.startedAt);
  if (cut) {
    await conversation.add({
      role: 'tool',
      status: 'done',
      outcome: 'interrupted',
      toolCallId: cut.id,
      name: cut.name,
      content: `Interrupted: Bosun restarted while ${cut.name} was running. It may or may not have taken effect, and it was not repeated.`,
    });
  }
  if (!marked) await conversation.add({ role: 'assistant', content: '', status: 'interrupted', error: RESTARTED });
  await runs.end();
}

/**
 * The action a restart cut: the first call, of the task's last answer that asked for actions,
 * whose result was not saved. Calls run one after another and no action runs before the earlier
 * results are saved, so that call was running, about to run, or done with its result still being
 * saved (which the message's "may or may not" covers). Answers from before the task started belong
 * to earlier tasks.
 */
export function interruptedCall(messages: readonly ChatMessage[], startedAt: number) {
  const answer = messages.findLast(
    (m) => m.role === 'assistant' && (m.toolCalls?.length ?? 0) > 0 && Date.parse(m.createdAt) >= startedAt,
  );
  const answered = new Set(messages.map((m) => m.toolCallId));
  return answer?.toolCalls?.find((call) => !answered.has(call.id)) ?? null;
}
