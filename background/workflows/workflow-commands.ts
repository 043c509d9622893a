import { refuse, Refusal } from '../../src/messaging/refusal';
import { approvePlan, FINISHED, interruptPlan, type StepChange } from './plan-transitions';
import { planWorkflow } from './planner';
import { finishRun, launch } from './workflow-run';
import { newId } from '../storage/ids';
import { addRun, blocked, errorText, runNamed, type ResearchRuns, type WorkflowDeps } from './research-runs';
import { closeTabs } from './workflow-tabs';

/**
 * Plans the intent as a new run, beside any others; its plan takes the id the sidebar gave it (to
 * cancel the planning by). A plan that cannot be used is refused and changes nothing.
 */
export async function startWorkflow(
  deps: WorkflowDeps,
  runs: ResearchRuns,
  id: string,
  intent: string,
): Promise<Refusal | undefined> {
  if (runs.planning.has(id) || runs.runs.has(id)) return refuse('A research run with that id already exists.');
  const refusal = blocked(runs);
  if (refusal) return refusal;
  const controller = new AbortController();
  runs.planning.set(id, controller);
  try {
    const plan = await deps.holdAlive(planWorkflow(deps, intent, controller.signal));
    await addRun(deps, runs, { plan: { ...plan, id }, runId: newId('wfrun'), tabs: {} });
    return;
  } catch (error) {
    return refuse(controller.signal.aborted ? 'Planning was cancelled.' : errorText(error));
  } finally {
    runs.planning.delete(id);
  }
}

/** Runs the plan with the steps the person kept, in their order, as they changed them. */
export async function approveWorkflow(
  deps: WorkflowDeps,
  runs: ResearchRuns,
  id: string,
  stepIds: string[],
  edits: readonly StepChange[],
): Promise<Refusal | undefined> {
  const run = runNamed(runs, id);
  if (run instanceof Refusal) return run;
  const approved = approvePlan(run.record.plan, stepIds, Date.now(), edits);
  if (!approved.ok) return refuse(approved.error);
  run.record.plan = approved.plan;
  launch(deps, run);
  return;
}

/** Cancels the named run, or its planning; the other runs go on. */
export async function cancelWorkflow(deps: WorkflowDeps, runs: ResearchRuns, id: string): Promise<Refusal | undefined> {
  const planning = runs.planning.get(id);
  if (planning) {
    planning.abort();
    return;
  }
  const run = runNamed(runs, id);
  if (run instanceof Refusal) return run;
  if (run.running) {
    run.running.controller.abort(new DOMException('Cancelled by the person', 'AbortError'));
    await run.running.done;
    return;
  }
  const status = run.record.plan.status;
  if (status !== 'awaiting-approval' && status !== 'interrupted') return refuse('This research run has ended.');
  await finishRun(deps, run.record, 'cancelled');
  return;
}

/**
 * Deletes an ended run, its report with it, from memory and storage, at the person's asking; its
 * tabs are left alone (they are the person's once it ended). A run not ended is refused: it still
 * has tabs, grants or an approval to see to, and Cancel ends it first.
 */
export async function deleteWorkflow(deps: WorkflowDeps, runs: ResearchRuns, id: string): Promise<Refusal | undefined> {
  const run = runNamed(runs, id);
  if (run instanceof Refusal) return run;
  if (!FINISHED.includes(run.record.plan.status))
    return refuse('This research run has not ended: cancel it first, then delete it.');
  // Stored first: a store that refuses leaves the run where it was, in the view and in memory.
  await deps.store.remove(id);
  runs.runs.delete(id);
  deps.broadcast({ type: 'WORKFLOWS_DELETED', payload: { ids: [id] } });
  return;
}

/** After a restart: the steps that had not finished run again in new tabs; finished ones are kept. */
export async function resumeWorkflow(deps: WorkflowDeps, runs: ResearchRuns, id: string): Promise<Refusal | undefined> {
  const run = runNamed(runs, id);
  if (run instanceof Refusal) return run;
  const { record } = run;
  if (run.running || record.plan.status !== 'interrupted') return refuse('This workflow is not interrupted.');
  const unfinished = record.plan.steps.filter((s) => s.status === 'pending');
  await closeTabs(unfinished.flatMap((s) => record.tabs[s.id] ?? []));
  record.plan = { ...record.plan, status: 'running' };
  // The person resumed it: from here on they are there to be asked.
  delete record.unattended;
  launch(deps, run);
  return;
}

/** Loads the saved runs; each one that was running when the background stopped is shown interrupted. */
export async function restoreWorkflows(deps: WorkflowDeps, runs: ResearchRuns): Promise<void> {
  await deps.saved.load();
  const records = await deps.store.load();
  for (const record of records) {
    runs.runs.set(record.plan.id, { record, running: null, now: null });
    if (record.plan.status !== 'running') continue;
    record.plan = interruptPlan(record.plan);
    await deps.store.save(record);
  }
}
