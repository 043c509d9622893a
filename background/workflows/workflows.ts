import { refuse, Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import type { WorkflowPlan } from '../../src/protocol/common';
import type { StepChange } from './plan-transitions';
import { exportFiles } from './report';
import {
  removeSavedWorkflow,
  runSavedWorkflow,
  runScheduledWorkflow,
  runWorkflowAgain,
  saveWorkflow,
} from './saved-workflows';
import type { Parameter } from './saved-template';
import {
  approveWorkflow,
  cancelWorkflow,
  deleteWorkflow,
  restoreWorkflows,
  resumeWorkflow,
  startWorkflow,
} from './workflow-commands';
import { newId } from '../storage/ids';
import { runNamed, type ResearchRuns, type WorkflowDeps } from './research-runs';

/**
 * The research workflow: plan (model) → approval (the person) → steps, one at a time, each in its
 * own tab → report. Several runs go side by side, each with its own record, grants, tab group and
 * Stop; each is saved after every change and announced with WORKFLOW_UPDATE, so sidebars and a
 * restarted background always see where it is.
 */
export function createWorkflows(deps: WorkflowDeps) {
  const runs: ResearchRuns = { runs: new Map(), planning: new Map() };
  return {
    start: (intent: string, id = newId('wf')) => startWorkflow(deps, runs, id, intent),
    approve: (id: string, stepIds: string[], edits: StepChange[]) => approveWorkflow(deps, runs, id, stepIds, edits),
    cancel: (id: string) => cancelWorkflow(deps, runs, id),
    resume: (id: string) => resumeWorkflow(deps, runs, id),
    runAgain: (id: string) => runWorkflowAgain(deps, runs, id),
    remove: (id: string) => deleteWorkflow(deps, runs, id),
    restore: () => restoreWorkflows(deps, runs),
    files: (id: string) => reportFiles(deps, runs, id),
    save: (id: string, name: string, parameters: Parameter[]) => saveWorkflow(deps, runs, id, name, parameters),
    runSaved: (savedId: string, values: Record<string, string>) => runSavedWorkflow(deps, runs, savedId, values),
    removeSaved: (savedId: string) => removeSavedWorkflow(deps, savedId),
    runScheduled: (savedId: string, values: Record<string, string>, note: string) =>
      runScheduledWorkflow(deps, runs, savedId, values, note),
    /** Every kept run's plan, oldest first. */
    all: (): WorkflowPlan[] => [...runs.runs.values()].map((run) => structuredClone(run.record.plan)),
    /** What each running step does now, for a sidebar that opens mid-run. */
    actions: (): BackgroundToSidebar[] =>
      [...runs.runs.values()].flatMap((run) =>
        run.now
          ? [{ type: 'WORKFLOW_STEP_ACTION', payload: { id: run.record.plan.id, now: structuredClone(run.now) } }]
          : [],
      ),
    saved: () => deps.saved.list(),
  };
}
export type Workflows = ReturnType<typeof createWorkflows>;

/** The finished run's report and the pages its steps read, as files. */
async function reportFiles(deps: WorkflowDeps, runs: ResearchRuns, id: string): Promise<BackgroundToSidebar | Refusal> {
  const run = runNamed(runs, id);
  if (run instanceof Refusal) return run;
  const { plan } = run.record;
  if (plan.report === undefined) return refuse('The report is not ready yet: it is written when the workflow ends.');
  return { type: 'WORKFLOW_EXPORT', payload: { id, files: exportFiles(plan, await deps.store.pages(id)) } };
}
