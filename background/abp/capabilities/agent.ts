import * as v from 'valibot';
import { AbpError } from '../../../src/abp/response';
import { newId } from '../../storage/ids';
import { browser } from '../../../src/platform/browser';
import { createConversationStore } from '../../storage/conversation-store';
import type { Db } from '../../storage/db';
import { READ_ONLY_SCOPE } from '../../../policy';
import { runTask, type TaskDeps, type TaskEnd } from '../../agent/run-task';
import { createTaskScope } from '../../agent/task-scope';
import { createConversation, type Conversation } from '../../conversations/conversation-messages';
import { defineCapability, ACTS_ON_SITES, CHANGES_BOSUN, READS_BOSUN, type Capability } from '../capability';
import { TabId } from '../params';
import { ABP_REQUESTER } from '../caller';
import type { TaskBoard } from '../../agent/task-board';
import { createTaskTabs, shortTaskName } from '../../tabs/task-tabs';

export interface AgentRunDeps extends Omit<TaskDeps, 'conversation'> {
  database: Promise<Db>;
  /** Every running task: an agent run is listed there with its own Stop, and holds its tabs. */
  board: TaskBoard;
}

type Status = 'running' | TaskEnd;
interface Run {
  task: string;
  tabId: number;
  status: Status;
  startedAt: number;
  finishedAt?: number;
  conversation: Conversation;
  stop: AbortController;
}

/** Finished runs kept for polling; the oldest go first. */
const KEPT = 20;
const RunId = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(100));

type Runs = Map<string, Run>;

function findRun(runs: Runs, runId: string): Run {
  const run = runs.get(runId);
  if (!run)
    throw new AbpError(
      'INVALID_PARAMS',
      `runId: there is no agent run ${runId} (runs are forgotten when Bosun restarts).`,
    );
  return run;
}

/** What agent.status answers: the run's state, the actions taken so far, and its answer once it has one. */
function report(runId: string, run: Run) {
  const messages = run.conversation.all();
  const answer = messages.findLast((m) => m.role === 'assistant' && m.content !== '');
  return {
    runId,
    status: run.status,
    task: run.task,
    tabId: run.tabId,
    startedAt: run.startedAt,
    ...(run.finishedAt ? { finishedAt: run.finishedAt } : {}),
    actions: messages
      .filter((m) => m.role === 'tool')
      .map((m) => ({ tool: m.name ?? '', outcome: m.outcome ?? 'success', site: m.site ?? '' })),
    ...(run.status === 'running' ? {} : { answer: answer?.content ?? '' }),
    ...(messages.at(-1)?.error ? { error: messages.at(-1)?.error } : {}),
  };
}

function forgetOld(runs: Runs): void {
  const finished = [...runs].filter(([, run]) => run.status !== 'running');
  for (const [id] of finished.slice(0, Math.max(0, finished.length - KEPT))) runs.delete(id);
}

/** Starts the task in a conversation of its own and returns at once; the run's status follows the task loop. */
async function startRun(deps: AgentRunDeps, runs: Runs, task: string, tabId: number) {
  if ([...runs.values()].some((run) => run.status === 'running')) {
    throw new AbpError(
      'OPERATION_FAILED',
      'An agent run is already going: poll it with agent.status, or stop it with agent.cancel.',
    );
  }
  if (!(await browser.tabs.get(tabId).catch(() => null)))
    throw new AbpError('INVALID_PARAMS', `tabId: there is no tab ${tabId}.`);
  const runId = newId('abprun');
  const store = createConversationStore(deps.database, `abp-run:${runId}`);
  const conversation = createConversation(store, () => {});
  const run: Run = { task, tabId, status: 'running', startedAt: Date.now(), conversation, stop: new AbortController() };
  runs.set(runId, run);
  await conversation.add({ role: 'user', content: task, status: 'done' });
  // The person sees it among the running tasks, and may stop it there.
  const stop = () => run.stop.abort(new DOMException('Stopped by the person', 'AbortError'));
  const handle = deps.board.begin(`agent:${runId}`, { kind: 'agent', request: task, stop });
  // Like a chat task's, the scope comes from the task's words alone; read-only when that answer fails.
  const scope = createTaskScope({ ...deps, announce: () => undefined, fallback: () => READ_ONLY_SCOPE }, task);
  // The tabs it opens are kept together, apart from the person's and other tasks', as a chat task's are.
  const tabs = createTaskTabs(shortTaskName(task));
  void runTask({ ...deps, conversation }, tabId, run.stop.signal, {
    runId,
    requester: ABP_REQUESTER,
    scope,
    announceStep: (step) => handle.now(step?.target ?? null),
    held: handle,
    tabs,
  })
    .catch((): TaskEnd => 'error')
    .then(async (end) => {
      handle.end();
      await tabs.end(end === 'answered' ? 'done' : 'stopped');
      run.status = end;
      run.finishedAt = Date.now();
      // The conversation was only the run's working memory: its report keeps what matters.
      await store.clear();
      forgetOld(runs);
    });
  return { runId, status: 'running' };
}

/**
 * agent.run, agent.status, agent.cancel: a task for Bosun's agent, started and then polled. It runs
 * through the same task loop and the same permission gate as the chat (the prompt names the ABP
 * client), in a conversation of its own that no sidebar shows. One runs at a time; runs live as
 * long as the background: after a restart their ids are unknown.
 */
export function agentCapabilities(deps: AgentRunDeps): Capability[] {
  const runs: Runs = new Map();
  return [
    defineCapability({
      name: 'agent.run',
      annotations: ACTS_ON_SITES,
      description:
        "Give Bosun's agent a task in an open tab; returns a runId at once. Poll agent.status until the status is no longer 'running'. Its actions go through Bosun's permission policy; the person may be asked.",
      params: v.strictObject({
        task: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(10_000)),
        tabId: TabId,
      }),
      handle: ({ task, tabId }) => startRun(deps, runs, task, tabId),
    }),
    defineCapability({
      name: 'agent.status',
      annotations: READS_BOSUN,
      description:
        "How an agent run is going: its status ('running', 'answered', 'limit', 'stopped', 'error'), the actions taken so far, and the answer once it has one.",
      params: v.strictObject({ runId: RunId }),
      handle: async ({ runId }) => report(runId, findRun(runs, runId)),
    }),
    defineCapability({
      name: 'agent.cancel',
      annotations: CHANGES_BOSUN,
      description: 'Stop an agent run: the request and the action under way are aborted; what was done stays done.',
      params: v.strictObject({ runId: RunId }),
      handle: async ({ runId }) => {
        const run = findRun(runs, runId);
        run.stop.abort(new DOMException('Cancelled by the ABP client', 'AbortError'));
        return { runId, cancelled: run.status === 'running' };
      },
    }),
  ];
}
