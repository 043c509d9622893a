import { grantWorkflowRun, withoutRun } from '../../policy';
import { newId } from '../../src/ids';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import type { WorkflowPlan, WorkflowStep } from '../../src/protocol/common';
import type { ActionLog } from '../permissions/action-log';
import type { PolicyStore } from '../permissions/policy-store';
import { approvePlan, finishPlan, interruptPlan, planAccess, updateStep, type RunEnd } from './plan-transitions';
import { planWorkflow, type PlannerDeps } from './planner';
import { exportFiles } from './report';
import type { SavedStore } from './saved-store';
import { planFromSaved, toSavedWorkflow, type Parameter } from './saved-template';
import { runStep, type StepDeps, type StepOutcome } from './step-runner';
import type { WorkflowRecord, WorkflowStore } from './workflow-store';
import { closeTabs, openStepTab, watchOpenedTabs } from './workflow-tabs';

export interface WorkflowDeps extends StepDeps, PlannerDeps {
  policy: PolicyStore;
  log: ActionLog;
  store: WorkflowStore;
  saved: SavedStore;
  broadcast(message: BackgroundToSidebar): void;
  holdAlive<T>(work: Promise<T>): Promise<T>;
  /** Every tool's name: an approval grants the listed levels for each of them. */
  toolNames(): string[];
}

const BUSY = 'A workflow is already being planned or run. Wait for it, or cancel it first.';
const INTERRUPTED = 'A workflow was interrupted by a restart. Resume it or cancel it first.';
const NOT_CURRENT = 'That workflow is no longer the current one.';
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The research workflow: plan (model) → approval (the person) → steps, one at a time, each in its
 * own tab → report. One workflow at a time; its state is saved after every change and announced
 * with WORKFLOW_UPDATE, so sidebars and a restarted background always see where it is.
 */
export function createWorkflows(deps: WorkflowDeps) {
  let record: WorkflowRecord | null = null;
  let planning: AbortController | null = null;
  let running: { controller: AbortController; done: Promise<void> } | null = null;

  async function publish(current: WorkflowRecord): Promise<void> {
    await deps.store.save(current);
    deps.broadcast({ type: 'WORKFLOW_UPDATE', payload: structuredClone(current.plan) });
  }

  /** Why a new plan cannot replace the current workflow now, if it cannot. */
  const blocked = (): Refusal | undefined =>
    planning || running ? refuse(BUSY) : record?.plan.status === 'interrupted' ? refuse(INTERRUPTED) : undefined;

  /** A new plan becomes the current workflow, waiting for approval. */
  async function adopt(plan: WorkflowPlan): Promise<void> {
    record = { plan, runId: newId('wfrun'), tabs: {}, pages: {} };
    await publish(record);
  }

  /** Plans the intent; a plan that cannot be used is refused and changes nothing. */
  async function start(intent: string): Promise<Refusal | undefined> {
    const refusal = blocked();
    if (refusal) return refusal;
    const controller = new AbortController();
    planning = controller;
    try {
      await adopt(await deps.holdAlive(planWorkflow(deps, intent, controller.signal)));
      return;
    } catch (error) {
      return refuse(controller.signal.aborted ? 'Planning was cancelled.' : errorText(error));
    } finally {
      planning = null;
    }
  }

  async function approve(id: string, stepIds: string[]): Promise<Refusal | undefined> {
    if (!record || record.plan.id !== id) return refuse(NOT_CURRENT);
    const approved = approvePlan(record.plan, stepIds, Date.now());
    if (!approved.ok) return refuse(approved.error);
    record.plan = approved.plan;
    launch(record);
    return;
  }

  /** Grants the plan's access for this run, then runs its unfinished steps in the background. */
  function launch(current: WorkflowRecord): void {
    const controller = new AbortController();
    const work = (async () => {
      await deps.policy.update((policy) =>
        grantWorkflowRun(policy, current.runId, planAccess(current.plan), deps.toolNames()),
      );
      await publish(current);
      await finish(current, await runSteps(current, controller.signal));
    })();
    // A failure to save or broadcast is not the person's to act on; it is logged and the run slot freed.
    const done = deps.holdAlive(work).catch((error: unknown) => console.warn('Bosun: the workflow stopped:', error));
    running = { controller, done: done.finally(() => (running = null)) };
  }

  async function runSteps(current: WorkflowRecord, signal: AbortSignal): Promise<RunEnd> {
    for (const step of current.plan.steps) {
      if (step.status !== 'pending') continue;
      if (signal.aborted) return 'cancelled';
      current.plan = updateStep(current.plan, step.id, { status: 'running', startedAt: Date.now() });
      await publish(current);
      const outcome = await runOne(current, step.id, signal);
      const sources = outcome.pages.map(({ title, url }) => ({ title, url }));
      for (const page of outcome.pages) current.pages[page.url] = page;
      if (signal.aborted) {
        // Kept as the cancelled step's partial result; finishPlan marks it.
        current.plan = updateStep(current.plan, step.id, { result: outcome.result, sources });
        return 'cancelled';
      }
      const { status, result, error } = outcome;
      current.plan = updateStep(current.plan, step.id, {
        status,
        result,
        sources,
        finishedAt: Date.now(),
        ...(error ? { error } : {}),
      });
      await publish(current);
      if (status === 'failed' && step.onFailure === 'stop') return 'failed';
    }
    return signal.aborted ? 'cancelled' : 'completed';
  }

  async function runOne(current: WorkflowRecord, stepId: string, signal: AbortSignal): Promise<StepOutcome> {
    const step = current.plan.steps.find((s) => s.id === stepId) as WorkflowStep;
    const tabs: number[] = (current.tabs[stepId] = []);
    // Opening the step's tab is itself a visit, through the gate like any other: a site the person
    // blocked is not even opened, "ask" asks, and the Action Log shows the decision.
    const index = current.plan.steps.indexOf(step) + 1;
    const refused = await deps.gate.authorize(
      {
        name: 'open_tab',
        level: 'read-only',
        url: step.site,
        args: { url: step.site },
        runId: current.runId,
        requester: `workflow step ${index}`,
        summary: `open ${step.site}`,
        grantedAs: 'approved-plan',
      },
      signal,
    );
    if (refused) return { status: 'failed', result: '', error: `Not run: ${refused.text}`, pages: [] };
    try {
      const opened = await openStepTab(step.site, current.groupId, signal);
      tabs.push(opened.tabId);
      if (opened.groupId !== undefined) current.groupId = opened.groupId;
      await deps.store.save(current);
      const unwatch = watchOpenedTabs(
        () => tabs,
        (id) => tabs.push(id),
      );
      try {
        return await runStep(deps, current.plan, step, opened.tabId, current.runId, signal);
      } finally {
        unwatch();
      }
    } catch (error) {
      return { status: 'failed', result: '', error: `The step could not run: ${errorText(error)}`, pages: [] };
    }
  }

  /** Ends the run: the approval's grants end with it, and a cancel closes every tab it opened. */
  async function finish(current: WorkflowRecord, end: RunEnd): Promise<void> {
    await deps.policy.update((policy) => withoutRun(policy, current.runId));
    await deps.runs.end();
    if (end === 'cancelled') await closeTabs(Object.values(current.tabs).flat());
    current.plan = finishPlan(current.plan, end, Date.now());
    await publish(current);
  }

  async function cancel(): Promise<Refusal | undefined> {
    if (planning) {
      planning.abort();
      return;
    }
    if (running) {
      running.controller.abort(new DOMException('Cancelled by the person', 'AbortError'));
      await running.done;
      return;
    }
    const status = record?.plan.status;
    if (!record || (status !== 'awaiting-approval' && status !== 'interrupted'))
      return refuse('There is no workflow to cancel.');
    await finish(record, 'cancelled');
    return;
  }

  /** After a restart: the steps that had not finished run again in new tabs; finished ones are kept. */
  async function resume(id: string): Promise<Refusal | undefined> {
    if (!record || record.plan.id !== id) return refuse(NOT_CURRENT);
    if (running || record.plan.status !== 'interrupted') return refuse('This workflow is not interrupted.');
    const unfinished = record.plan.steps.filter((s) => s.status === 'pending');
    await closeTabs(unfinished.flatMap((s) => record?.tabs[s.id] ?? []));
    record.plan = { ...record.plan, status: 'running' };
    launch(record);
    return;
  }

  /** Loads the saved workflow; one that was running when the background stopped is shown interrupted. */
  async function restore(): Promise<void> {
    await deps.saved.load();
    record = await deps.store.load();
    if (record?.plan.status !== 'running') return;
    record.plan = interruptPlan(record.plan);
    await deps.runs.end();
    await deps.store.save(record);
  }

  const announceSaved = () => deps.broadcast({ type: 'SAVED_WORKFLOWS', payload: { workflows: deps.saved.list() } });

  /** Keeps a finished workflow's plan, with the given values turned into parameters. */
  async function save(id: string, name: string, parameters: Parameter[]): Promise<Refusal | undefined> {
    if (!record || record.plan.id !== id) return refuse(NOT_CURRENT);
    if (!['completed', 'failed', 'cancelled'].includes(record.plan.status) || record.plan.startedAt === undefined) {
      return refuse('Only a workflow that has run can be saved.');
    }
    const saved = toSavedWorkflow(record.plan, name, parameters, Date.now());
    if (!saved.ok) return refuse(saved.error);
    await deps.saved.add(saved.value);
    announceSaved();
    return;
  }

  /** A saved workflow with its parameters filled in becomes the current plan; it still needs approval. */
  async function runSaved(savedId: string, values: Record<string, string>): Promise<Refusal | undefined> {
    const refusal = blocked();
    if (refusal) return refusal;
    const saved = deps.saved.get(savedId);
    if (!saved) return refuse('That saved workflow no longer exists.');
    const plan = planFromSaved(saved, values, Date.now());
    if (!plan.ok) return refuse(plan.error);
    await adopt(plan.value);
    return;
  }

  async function removeSaved(savedId: string): Promise<Refusal | undefined> {
    if (!deps.saved.get(savedId)) return refuse('That saved workflow no longer exists.');
    await deps.saved.remove(savedId);
    announceSaved();
    return;
  }

  function files(id: string): BackgroundToSidebar | Refusal {
    if (!record || record.plan.id !== id) return refuse(NOT_CURRENT);
    if (record.plan.report === undefined)
      return refuse('The report is not ready yet: it is written when the workflow ends.');
    return { type: 'WORKFLOW_EXPORT', payload: { id, files: exportFiles(record.plan, record.pages) } };
  }

  return {
    start,
    approve,
    cancel,
    resume,
    restore,
    files,
    save,
    runSaved,
    removeSaved,
    current: (): WorkflowPlan | null => (record ? structuredClone(record.plan) : null),
    saved: () => deps.saved.list(),
  };
}
export type Workflows = ReturnType<typeof createWorkflows>;
