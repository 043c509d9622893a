import { refuse, type Refusal } from '../../src/messaging/refusal';
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
import { approveWorkflow, cancelWorkflow, restoreWorkflow, resumeWorkflow, startWorkflow } from './workflow-commands';
import { NOT_CURRENT, type WorkflowDeps, type WorkflowSlot } from './workflow-slot';

/**
 * The research workflow: plan (model) → approval (the person) → steps, one at a time, each in its
 * own tab → report. One workflow at a time; its state is saved after every change and announced
 * with WORKFLOW_UPDATE, so sidebars and a restarted background always see where it is.
 */
export function createWorkflows(deps: WorkflowDeps) {
  const slot: WorkflowSlot = { record: null, planning: null, running: null, now: null };
  return {
    start: (intent: string) => startWorkflow(deps, slot, intent),
    approve: (id: string, stepIds: string[], edits: StepChange[]) => approveWorkflow(deps, slot, id, stepIds, edits),
    cancel: () => cancelWorkflow(deps, slot),
    resume: (id: string) => resumeWorkflow(deps, slot, id),
    runAgain: (id: string) => runWorkflowAgain(deps, slot, id),
    restore: () => restoreWorkflow(deps, slot),
    files: (id: string) => reportFiles(slot, id),
    save: (id: string, name: string, parameters: Parameter[]) => saveWorkflow(deps, slot, id, name, parameters),
    runSaved: (savedId: string, values: Record<string, string>) => runSavedWorkflow(deps, slot, savedId, values),
    removeSaved: (savedId: string) => removeSavedWorkflow(deps, savedId),
    runScheduled: (savedId: string, values: Record<string, string>, note: string) =>
      runScheduledWorkflow(deps, slot, savedId, values, note),
    current: (): WorkflowPlan | null => (slot.record ? structuredClone(slot.record.plan) : null),
    /** What the running step does now, for a sidebar that opens mid-run; null when no step runs. */
    action: (): BackgroundToSidebar | null =>
      slot.record && slot.now
        ? { type: 'WORKFLOW_STEP_ACTION', payload: { id: slot.record.plan.id, now: structuredClone(slot.now) } }
        : null,
    saved: () => deps.saved.list(),
  };
}
export type Workflows = ReturnType<typeof createWorkflows>;

/** The finished workflow's report and the pages its steps read, as files. */
function reportFiles(slot: WorkflowSlot, id: string): BackgroundToSidebar | Refusal {
  const { record } = slot;
  if (!record || record.plan.id !== id) return refuse(NOT_CURRENT);
  if (record.plan.report === undefined)
    return refuse('The report is not ready yet: it is written when the workflow ends.');
  return { type: 'WORKFLOW_EXPORT', payload: { id, files: exportFiles(record.plan, record.pages) } };
}
