import { grantWorkflowRun, withoutRun, type PlannedUse } from '../../policy';
import type { WorkflowStep } from '../../src/protocol/common';
import { QuestionUnanswered, type Gate } from '../permissions/gate';
import { OPERATIONS } from '../permissions/operations';
import { CANCELLED_ANSWER, writeAnswer } from './answer-writer';
import { closeSteps, finishPlan, planAccess, stepsEnd, updateStep, type RunEnd } from './plan-transitions';
import type { RunAnswer } from './report';
import { runStep, type StepOutcome } from './step-runner';
import { announceAction, errorText, publish, type ResearchRun, type WorkflowDeps } from './research-runs';
import type { WorkflowRecord } from './workflow-store';
import { closeTabs, openStepTab, researchTabs, watchOpenedTabs } from './workflow-tabs';
import type { TaskTabs } from '../tabs/task-tabs';
import { pauseRun, waitedAt } from './unattended-pause';
import { waitedInWords } from './waited-words';
import { againNote } from './step-replay';
import type { TaskHandle } from '../agent/task-board';

/**
 * Each step opens its site in a tab of its own (runStepInTab): approving the plan approves those
 * openings, at open_tab's level, and no other navigation the plan does not list.
 */
const stepTabs = (current: WorkflowRecord): PlannedUse[] =>
  current.plan.steps.map((step) => ({
    tool: OPERATIONS.openTab.name,
    site: step.site,
    level: OPERATIONS.openTab.level,
  }));

/** Grants the plan's access for this run, then runs its unfinished steps in the background. */
export function launch(deps: WorkflowDeps, run: ResearchRun): void {
  const current = run.record;
  const controller = new AbortController();
  // Listed among the running tasks with its own Stop, which cancels it as the Research view's Cancel does.
  const handle = deps.board.begin(`research:${current.plan.id}`, {
    kind: 'research',
    request: current.plan.intent,
    stop: () => controller.abort(new DOMException('Cancelled by the person', 'AbortError')),
  });
  const work = (async () => {
    await deps.policy.update((policy) =>
      grantWorkflowRun(policy, current.runId, planAccess(current.plan), deps.toolNames(), stepTabs(current)),
    );
    await publish(deps, current);
    const end = await runSteps(deps, { run, handle }, current, researchTabs(current), controller.signal);
    if (end === 'paused') await pauseRun(deps, current);
    else await finishRun(deps, current, end, controller.signal);
  })();
  // A failure to save or broadcast is not the person's to act on; it is logged and the run let go.
  const done = deps.holdAlive(work).catch((error: unknown) => console.warn('Bosun: the workflow stopped:', error));
  run.running = {
    controller,
    done: done.finally(() => {
      run.running = null;
      handle.end();
    }),
  };
}

/** Where a run's steps say what they do now: the Research view's run, and the list of running tasks. */
interface RunSpot {
  run: ResearchRun;
  handle: TaskHandle;
}

/** Runs the pending steps one at a time, saving each one's outcome; says how the run ended. */
async function runSteps(
  deps: WorkflowDeps,
  spot: RunSpot,
  current: WorkflowRecord,
  tabs: TaskTabs,
  signal: AbortSignal,
): Promise<RunEnd | 'paused'> {
  for (const step of current.plan.steps) {
    if (step.status !== 'pending') continue;
    if (signal.aborted) return 'cancelled';
    current.plan = updateStep(current.plan, step.id, { status: 'running', startedAt: Date.now() });
    await publish(deps, current);
    const outcome = await runStepInTab(deps, spot, current, { stepId: step.id, tabs }, signal);
    const sources = outcome.pages.map(({ title, url }) => ({ title, url }));
    await deps.store.addPages(current.plan.id, outcome.pages);
    if (signal.aborted) {
      // Kept as the cancelled step's partial result; finishPlan marks it.
      current.plan = updateStep(current.plan, step.id, { result: outcome.result, sources });
      return 'cancelled';
    }
    if (outcome.waited !== undefined) {
      current.plan = waitedAt(current.plan, step.id, outcome.waited);
      return 'paused';
    }
    const { status, result, error, trace, replay } = outcome;
    // The trace is this run's: a step that did not complete has none, and Run again asks the model for it.
    current.plan = updateStep(current.plan, step.id, {
      status,
      result,
      sources,
      finishedAt: Date.now(),
      ...(error ? { error } : {}),
      trace,
      replay,
    });
    await publish(deps, current);
    if (status === 'failed' && step.onFailure === 'stop') return 'failed';
  }
  // A run resumed after a restart during its answer has no step left to run: its steps say how it ended.
  return signal.aborted ? 'cancelled' : stepsEnd(current.plan);
}

/**
 * Opening a step's tab is itself a visit, through the gate like any other and at open_tab's level:
 * a site the person blocked is not even opened, "ask" asks, and the Action Log shows the decision.
 * Null when it may open; otherwise the refusal.
 */
export const stepTabRefusal = (
  gate: Pick<Gate, 'authorize'>,
  site: string,
  index: number,
  runId: string,
  signal: AbortSignal,
  unattended = false,
) =>
  gate.authorize(
    {
      // Nobody watches an unattended run: a question is not asked, and the refusal says it waited.
      ...(unattended ? { questionTimeoutMs: 0 } : {}),
      operation: OPERATIONS.openTab,
      url: site,
      args: { url: site },
      runId,
      requester: `workflow step ${index}`,
      summary: `open ${site}`,
      grantedAs: 'approved-plan',
    },
    signal,
  );

/**
 * Opens the step's site in a tab of its own, if the gate lets it, and runs the step's task there;
 * that tab and the ones its task opens are in the run's tab group.
 */
async function runStepInTab(
  deps: WorkflowDeps,
  { run, handle }: RunSpot,
  current: WorkflowRecord,
  { stepId, tabs: group }: { stepId: string; tabs: TaskTabs },
  signal: AbortSignal,
): Promise<StepOutcome> {
  const step = current.plan.steps.find((s) => s.id === stepId) as WorkflowStep;
  const tabs: number[] = (current.tabs[stepId] = []);
  const index = current.plan.steps.indexOf(step) + 1;
  try {
    const refused = await stepTabRefusal(deps.gate, step.site, index, current.runId, signal, current.unattended);
    if (refused) return { status: 'failed', result: '', error: `Not run: ${refused.text}`, pages: [] };
    const opened = await openStepTab(step.site, group, signal);
    tabs.push(opened);
    current.groupId = group.groupId;
    await deps.store.save(current);
    const unwatch = watchOpenedTabs(
      () => tabs,
      (id) => tabs.push(id),
    );
    try {
      return await runStep(
        deps,
        current.plan,
        step,
        { id: opened, tabs: group },
        current.runId,
        signal,
        {
          report: (now) => {
            announceAction(deps, run, { stepId, ...now });
            handle.now(now.target ?? now.tool);
          },
          held: handle,
        },
        current.unattended,
      );
    } finally {
      unwatch();
      announceAction(deps, run, null);
      handle.now(null);
    }
  } catch (error) {
    if (error instanceof QuestionUnanswered)
      return { status: 'failed', result: '', pages: [], waited: waitedInWords(error) };
    return { status: 'failed', result: '', error: `The step could not run: ${errorText(error)}`, pages: [] };
  }
}

/**
 * Ends the run: the approval's grants end with it, and so does what its steps read (the data-flow
 * rule's record); the answer is written if a step found something, and a cancel (before or while the
 * answer is written) closes every tab it opened.
 */
export async function finishRun(
  deps: WorkflowDeps,
  current: WorkflowRecord,
  end: RunEnd,
  signal?: AbortSignal,
): Promise<void> {
  await deps.policy.update((policy) => withoutRun(policy, current.runId));
  deps.gate.endRun(current.runId);
  const answer = await answerRun(deps, current, end, signal);
  const ended = signal?.aborted ? 'cancelled' : end;
  if (current.plan.again)
    current.plan = { ...current.plan, notes: [...(current.plan.notes ?? []), againNote(current.plan)] };
  if (ended === 'cancelled') await closeTabs(Object.values(current.tabs).flat());
  // A finished run's tabs stay for the person to look at, in its group marked as ended.
  else await researchTabs(current).end(ended === 'completed' ? 'done' : 'stopped');
  current.plan = finishPlan(current.plan, ended, Date.now(), answer);
  await publish(deps, current);
}

/**
 * The answer to the request, or why there is none; nothing when no step completed, nor in a Run
 * again (the model is not asked; its note says so). While it is
 * written the plan says so, saved with its steps closed: a restart then shows the run interrupted,
 * and resuming it writes the answer again instead of leaving the report missing.
 */
async function answerRun(
  deps: WorkflowDeps,
  current: WorkflowRecord,
  end: RunEnd,
  signal: AbortSignal | undefined,
): Promise<RunAnswer | undefined> {
  if (current.plan.again || !current.plan.steps.some((s) => s.status === 'completed')) return undefined;
  if (end === 'cancelled' || !signal) return { ok: false, reason: CANCELLED_ANSWER };
  current.plan = { ...closeSteps(current.plan, Date.now()), answering: true };
  await publish(deps, current);
  return writeAnswer(deps, current.plan, signal);
}
