import { browser } from '../../src/platform/browser';
import type { ChatMessage, StepReplay, WorkflowPlan, WorkflowStep } from '../../src/protocol/common';
import type { TraceStep } from '../../src/protocol/trace';
import { stepPrompt } from './step-prompt';
import type { Db } from '../storage/db';
import type { PageCache } from '../storage/page-cache';
import { createConversationStore } from '../storage/conversation-store';
import { runTask, type TaskDeps, type TaskEnd, type TaskOptions } from '../agent/run-task';
import { runReplay } from '../replay/replay-run';
import { traceOf } from '../replay/replay-trace';
import { replayCounts, replayFinding, SOURCE_TOOLS, stepTrace } from './step-replay';
import type { TaskTabs } from '../tabs/task-tabs';
import { fixedScope } from '../agent/task-scope';
import { stepScope } from './plan-transitions';
import { createConversation } from '../conversations/conversation-messages';
import type { QuestionUnanswered, Gate } from '../permissions/gate';
import { unattendedGate } from '../permissions/unattended-gate';
import type { PolicyStore } from '../permissions/policy-store';
import { untrustedContent } from '../tools/untrusted';
import type { SourcePage } from './report';
import { waitedInWords } from './waited-words';
import type { TaskHandle } from '../agent/task-board';

export interface StepDeps extends Omit<TaskDeps, 'conversation'> {
  database: Promise<Db>;
  policy: Pick<PolicyStore, 'load'>;
}

/** What a step does now, for its row's "now doing" line: the call it runs (null while the model thinks). */
export interface StepAction {
  tool: string | null;
  args: Record<string, unknown>;
  /** The element's name on the page, once the gate has read it. */
  target?: string;
}

/** What the run hears of a step as it goes, and how the step takes the tabs it works in. */
export interface StepWatch {
  report(now: StepAction): void;
  held: TaskHandle;
}

export interface StepOutcome {
  status: 'completed' | 'failed';
  result: string;
  error?: string;
  /** The pages the step read, in order, each once. */
  pages: SourcePage[];
  /** Unattended: the question that waited for the person, in words; the step is to run again when they are there. */
  waited?: string;
  /** The actions it took, by element role and label, for Run again; only a completed step's. */
  trace?: TraceStep[];
  /** A replayed step: how many actions were done as recorded and how many by the model. */
  replay?: StepReplay;
}

/**
 * Runs one step as an agent task in its tab, through the same task loop as the chat (and so the
 * same gate), in a conversation of its own that no sidebar shows. The step has its own action
 * limit (the plan's, never above the person's) and token limit. A step with a trace (Run again)
 * replays it as the chat's Run again does: the model only for an action that no longer matches.
 */
export async function runStep(
  deps: StepDeps,
  plan: WorkflowPlan,
  step: WorkflowStep,
  tab: { id: number; tabs: TaskTabs },
  runId: string,
  signal: AbortSignal,
  { report, held }: StepWatch,
  unattended = false,
): Promise<StepOutcome> {
  const store = createConversationStore(deps.database, `workflow-step:${step.id}`);
  await store.clear();
  const conversation = createConversation(store, () => {});
  const read = new Map<string, SourcePage>();
  const pages = recordingPages(deps.pages, read);
  let waited: QuestionUnanswered | undefined;
  const watched = reportingGate(recordingGate(deps.gate, read), report);
  const gate = unattended ? unattendedGate(watched, (question) => (waited ??= question)) : watched;
  const limits = () => {
    const mine = deps.limits();
    return { ...mine, maxSteps: Math.min(step.maxSteps ?? mine.maxSteps, mine.maxSteps) };
  };
  await conversation.add({ role: 'user', content: stepPrompt(plan, step), status: 'done' });
  const index = plan.steps.indexOf(step) + 1;
  report(THINKING);
  let end: TaskEnd;
  let messages: readonly ChatMessage[];
  try {
    const options: TaskOptions = {
      runId,
      tabs: tab.tabs,
      requester: `workflow step ${index}`,
      // The approved plan is the step's scope: its site at its levels, and nothing else without a question.
      scope: fixedScope(stepScope(step, await deps.policy.load())),
      held,
    };
    const task = { ...deps, conversation, pages, gate, limits };
    end = step.trace
      ? await runReplay(task, stepTrace(stepPrompt(plan, step), step.trace), tab.id, signal, options)
      : await runTask(task, tab.id, signal, options);
    messages = conversation.all();
  } finally {
    await store.clear();
  }
  const outcome = stepOutcome(
    end,
    messages.findLast((m) => m.role === 'assistant'),
    [...read.values()],
  );
  const ran = step.trace ? replayedOutcome(outcome, messages) : plan.again ? unrecorded(outcome, messages) : outcome;
  if (waited) return { ...ran, waited: waitedInWords(waited) };
  return ran.status === 'completed' ? { ...ran, trace: traceOf(messages)?.steps ?? [] } : ran;
}

/** A step Run again with nothing recorded to replay (its last run did not complete): the model did it all. */
const unrecorded = (outcome: StepOutcome, messages: readonly ChatMessage[]): StepOutcome => ({
  ...outcome,
  replay: { recorded: false, asRecorded: 0, byModel: messages.filter((m) => m.role === 'tool').length },
});

/** A replayed step's outcome: its finding is the page as read at its end, and it says how it was done. */
function replayedOutcome(outcome: StepOutcome, messages: readonly ChatMessage[]): StepOutcome {
  const replay = replayCounts(messages);
  if (outcome.status !== 'completed') return { ...outcome, replay };
  const finding = replayFinding(messages);
  return finding === null
    ? { ...outcome, status: 'failed', result: '', error: 'Run again could not read the page at the end.', replay }
    : { ...outcome, result: finding, replay };
}

/** The page cache, noting each page the step reads whole as one of its sources. */
function recordingPages(pages: PageCache, read: Map<string, SourcePage>): PageCache {
  return {
    ...pages,
    add: async (page) => {
      read.set(page.url, { title: page.title, url: page.url, markdown: page.markdown });
      await pages.add(page);
    },
  };
}

/** The same gate, watched: a page read in part (text, a table) is cited like one read whole. */
function recordingGate(gate: Gate, read: Map<string, SourcePage>): Gate {
  return {
    ...gate,
    run: async (call, ctx) => {
      const output = await gate.run(call, ctx);
      if (output.outcome !== 'success' || !SOURCE_TOOLS.has(call.name)) return output;
      const tab = await browser.tabs.get(ctx.tabId).catch(() => undefined);
      if (tab?.url && !read.has(tab.url))
        read.set(tab.url, { title: tab.title ?? '', url: tab.url, markdown: untrustedContent(output.text) });
      return output;
    },
  };
}

const THINKING: StepAction = { tool: null, args: {} };
const argsOf = (args: unknown): Record<string, unknown> =>
  typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};

/**
 * The same gate, reporting each call as it starts, the element it is about once the page names it
 * (as the chat's status bar learns it), and the model's turn again once the call has returned.
 */
function reportingGate(gate: Gate, report: (now: StepAction) => void): Gate {
  return {
    ...gate,
    run: async (call, ctx) => {
      const now = { tool: call.name, args: argsOf(call.args) };
      report(now);
      try {
        return await gate.run(
          {
            ...call,
            described: (target, url) => {
              call.described?.(target, url);
              report({ ...now, target });
            },
          },
          ctx,
        );
      } finally {
        report(THINKING);
      }
    },
  };
}

/** What the step's task ended with, as the report shows it. */
function stepOutcome(end: TaskEnd, answer: ChatMessage | undefined, pagesRead: SourcePage[]): StepOutcome {
  if (end === 'answered') return { status: 'completed', result: answer?.content.trim() ?? '', pages: pagesRead };
  // The closing words of a limit ("tell me to continue") are for a chat, not a report: the reason is.
  if (end === 'limit')
    return {
      status: 'failed',
      result: '',
      error: `It reached its limit before it had an answer: ${answer?.content ?? ''}`.trim(),
      pages: pagesRead,
    };
  const failed = { status: 'failed' as const, result: answer?.content.trim() ?? '', pages: pagesRead };
  return end === 'stopped'
    ? { ...failed, error: 'Stopped.' }
    : { ...failed, error: answer?.error ?? 'The step ended without an answer.' };
}
