import { refuse, Refusal } from '../../src/messaging/refusal';
import { planFromSaved, toSavedWorkflow, type Parameter } from './saved-template';
import { newId } from '../storage/ids';
import { againPlan, approvePlan, FINISHED } from './plan-transitions';
import { addRun, blocked, runNamed, type ResearchRuns, type WorkflowDeps } from './research-runs';
import { launch } from './workflow-run';

const announceSaved = (deps: WorkflowDeps) =>
  deps.broadcast({ type: 'SAVED_WORKFLOWS', payload: { workflows: deps.saved.list() } });

/** Keeps a finished workflow's plan, with the given values turned into parameters. */
export async function saveWorkflow(
  deps: WorkflowDeps,
  runs: ResearchRuns,
  id: string,
  name: string,
  parameters: Parameter[],
): Promise<Refusal | undefined> {
  const run = runNamed(runs, id);
  if (run instanceof Refusal) return run;
  const { record } = run;
  if (!FINISHED.includes(record.plan.status) || record.plan.startedAt === undefined) {
    return refuse('Only a workflow that has run can be saved.');
  }
  const saved = toSavedWorkflow(record.plan, name, parameters, Date.now());
  if (!saved.ok) return refuse(saved.error);
  await deps.saved.add(saved.value);
  announceSaved(deps);
  return;
}

/**
 * Run again: the finished run's steps, approved as the person approved them before, each replaying
 * what it recorded (the model only where that no longer matches); a step that did not complete is
 * run by the model. It is a new run; the finished one stays as it was.
 */
export async function runWorkflowAgain(
  deps: WorkflowDeps,
  runs: ResearchRuns,
  id: string,
): Promise<Refusal | undefined> {
  const run = runNamed(runs, id);
  if (run instanceof Refusal) return run;
  const { record } = run;
  if (!FINISHED.includes(record.plan.status) || record.plan.startedAt === undefined)
    return refuse('Only a workflow that has run can be run again.');
  const refusal = blocked(runs);
  if (refusal) return refusal;
  const plan = againPlan(record.plan, Date.now());
  launch(deps, await addRun(deps, runs, { plan, runId: newId('wfrun'), tabs: {} }));
  return;
}

/** A saved workflow with its parameters filled in becomes the current plan; it still needs approval. */
export async function runSavedWorkflow(
  deps: WorkflowDeps,
  runs: ResearchRuns,
  savedId: string,
  values: Record<string, string>,
): Promise<Refusal | undefined> {
  const refusal = blocked(runs);
  if (refusal) return refusal;
  const saved = deps.saved.get(savedId);
  if (!saved) return refuse('That saved workflow no longer exists.');
  const plan = planFromSaved(saved, values, Date.now());
  if (!plan.ok) return refuse(plan.error);
  await addRun(deps, runs, { plan: plan.value, runId: newId('wfrun'), tabs: {} });
  return;
}

/**
 * A schedule's run: the saved workflow, approved as it stands when the person made the schedule
 * (every step, its sites and levels), runs unattended. Its notes start with `note` (when it ran).
 */
export async function runScheduledWorkflow(
  deps: WorkflowDeps,
  runs: ResearchRuns,
  savedId: string,
  values: Record<string, string>,
  note: string,
): Promise<Refusal | undefined> {
  const refusal = blocked(runs);
  if (refusal) return refusal;
  const saved = deps.saved.get(savedId);
  if (!saved) return refuse('That saved workflow no longer exists.');
  const now = Date.now();
  // Its steps replay the saved run's actions, and it writes its answer: where the pages still match,
  // the answer is the one model call of the run.
  const plan = planFromSaved(saved, values, now, true);
  if (!plan.ok) return refuse(plan.error);
  const approved = approvePlan(
    plan.value,
    plan.value.steps.map((s) => s.id),
    now,
  );
  if (!approved.ok) return refuse(approved.error);
  const record = {
    plan: { ...approved.plan, notes: [note] },
    runId: newId('wfrun'),
    tabs: {},
    unattended: true,
  };
  launch(deps, await addRun(deps, runs, record));
  return;
}

export async function removeSavedWorkflow(deps: WorkflowDeps, savedId: string): Promise<Refusal | undefined> {
  if (!deps.saved.get(savedId)) return refuse('That saved workflow no longer exists.');
  await deps.saved.remove(savedId);
  announceSaved(deps);
  return;
}
