import type { ChatMessage } from '../../src/protocol/common';
import type { Attachment } from '../../src/protocol/attachments';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { Conversation } from '../conversations/conversation-messages';
import type { RunRecords } from './run-record';
import { runTask, type TaskDeps } from './run-task';
import type { TaskStep } from './task-types';
import { createTaskScope } from './task-scope';
import type { TaskScope } from '../../policy';
import type { PlanQuestions } from './plan-questions';
import type { TaskPlanning } from './task-plan';

/** What goes with the person's words: a selection on the page, their files, the tabs they picked. */
export interface MessageContext {
  quote?: string;
  attachments?: Attachment[];
}

export const BUSY_ERROR = 'Bosun is still working on your last message. Wait for it or press Stop.';
const RESTARTED =
  'Bosun restarted while working on this, so the task stopped here. Nothing was repeated; send your message again to continue.';

export interface AgentDeps extends TaskDeps {
  /** Keeps the background alive while a task runs (Chrome stops idle service workers). */
  holdAlive<T>(work: Promise<T>): Promise<T>;
  /** The running task's scope for the status bar: once known, on each widening, null when the task ends. */
  announceScope(scope: TaskScope | null): void;
  /** The running action's element for the status bar's "now doing" line; null when the task ends. */
  announceStep(step: TaskStep | null): void;
  /** Plans waiting for the person's approval (plan-first mode). */
  plans: Pick<PlanQuestions, 'pose'>;
}

/** Runs one task at a time for the conversation, and reports a task cut short by a restart. */
export function createAgent(deps: AgentDeps) {
  const { conversation } = deps;
  let active: AbortController | null = null;

  /**
   * Starts a task for the person's message; resolves once the message is saved, or says why it
   * cannot start. `quote` is page text the person pointed at, `attachments` the person's files and
   * the tabs they picked: they go with the message, each marked as what it is, and have no say in
   * what the task may do.
   */
  async function start(content: string, tabId: number, context: MessageContext = {}): Promise<Refusal | undefined> {
    const { quote, attachments } = context;
    if (active) return refuse(BUSY_ERROR);
    // Claimed before the first await, so a second message or a Stop that arrives meanwhile sees it.
    const controller = new AbortController();
    active = controller;
    conversation.setBusy(true);
    const release = () => {
      if (active !== controller) return;
      // Free before the held answer is announced: the sidebar may send again the moment it sees it.
      active = null;
      conversation.setBusy(false);
    };
    try {
      await conversation.add({
        role: 'user',
        content,
        ...(quote ? { quote } : {}),
        ...(attachments?.length ? { attachments } : {}),
        status: 'done',
      });
    } catch (error) {
      release();
      throw error;
    }
    // The scope comes from this message's words alone: never the quote, the attachments, the page or earlier results.
    const scope = createTaskScope({ ...deps, announce: deps.announceScope }, content);
    const personWords = conversation
      .all()
      .filter((m) => m.role === 'user')
      .map((m) => m.content);
    const options = { scope, announceStep: deps.announceStep, personWords, ...planFirst(deps) };
    void deps.holdAlive(runTask(deps, tabId, controller.signal, options)).finally(() => {
      if (active === controller || active === null) {
        deps.announceScope(null);
        deps.announceStep(null);
      }
      release();
    });
  }

  function stop(): void {
    active?.abort(new DOMException('Stopped by the person', 'AbortError'));
  }

  async function clear(): Promise<void> {
    stop();
    active = null;
    await conversation.clear();
  }

  return {
    start,
    stop,
    clear,
    restore: (runs: RunRecords) => markInterrupted(conversation, runs),
    get busy() {
      return active !== null;
    },
  };
}
export type Agent = ReturnType<typeof createAgent>;

/** Plan first unless the person chose to be asked as it goes (Settings); read at each task's start. */
function planFirst(deps: AgentDeps): { planning?: TaskPlanning } {
  if (deps.settings()?.planFirst === false) return {};
  return {
    planning: {
      pose: (plan, signal) => deps.plans.pose(plan, signal),
      approve: (runId, plan) => deps.gate.approvePlan(runId, plan),
      announce: deps.announceScope,
    },
  };
}

/** After a restart: the answer that was being written, and the action that was running, are marked interrupted. */
async function markInterrupted(conversation: Conversation, runs: RunRecords): Promise<void> {
  const messages = await conversation.restore();
  const run = await runs.get();
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
