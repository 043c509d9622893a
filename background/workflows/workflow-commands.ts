import { refuse, type Refusal } from '../../src/messaging/refusal';
import { approvePlan, interruptPlan, type StepChange } from './plan-transitions';
import { planWorkflow } from './planner';
import { finishRun, launch } from './workflow-run';
import { adopt, blocked, errorText, NOT_CURRENT, type WorkflowDeps, type WorkflowSlot } from './workflow-slot';
import { closeTabs } from './workflow-tabs';

/** Plans the intent; a plan that cannot be used is refused and changes nothing. */
export async function startWorkflow(
  deps: WorkflowDeps,
  slot: WorkflowSlot,
  intent: string,
): Promise<Refusal | undefined> {
  const refusal = blocked(slot);
  if (refusal) return refusal;
  const controller = new AbortController();
  slot.planning = controller;
  try {
    await adopt(deps, slot, await deps.holdAlive(planWorkflow(deps, intent, controller.signal)));
    return;
  } catch (error) {
    return refuse(controller.signal.aborted ? 'Planning was cancelled.' : errorText(error));
  } finally {
    slot.planning = null;
  }
}

/** Runs the plan with the steps the person kept, in their order, as they changed them. */
export async function approveWorkflow(
  deps: WorkflowDeps,
  slot: WorkflowSlot,
  id: string,
  stepIds: string[],
  edits: readonly StepChange[],
): Promise<Refusal | undefined> {
  if (!slot.record || slot.record.plan.id !== id) return refuse(NOT_CURRENT);
  const approved = approvePlan(slot.record.plan, stepIds, Date.now(), edits);
  if (!approved.ok) return refuse(approved.error);
  slot.record.plan = approved.plan;
  launch(deps, slot, slot.record);
  return;
}

export async function cancelWorkflow(deps: WorkflowDeps, slot: WorkflowSlot): Promise<Refusal | undefined> {
  if (slot.planning) {
    slot.planning.abort();
    return;
  }
  if (slot.running) {
    slot.running.controller.abort(new DOMException('Cancelled by the person', 'AbortError'));
    await slot.running.done;
    return;
  }
  const status = slot.record?.plan.status;
  if (!slot.record || (status !== 'awaiting-approval' && status !== 'interrupted'))
    return refuse('There is no workflow to cancel.');
  await finishRun(deps, slot.record, 'cancelled');
  return;
}

/** After a restart: the steps that had not finished run again in new tabs; finished ones are kept. */
export async function resumeWorkflow(deps: WorkflowDeps, slot: WorkflowSlot, id: string): Promise<Refusal | undefined> {
  if (!slot.record || slot.record.plan.id !== id) return refuse(NOT_CURRENT);
  if (slot.running || slot.record.plan.status !== 'interrupted') return refuse('This workflow is not interrupted.');
  const unfinished = slot.record.plan.steps.filter((s) => s.status === 'pending');
  await closeTabs(unfinished.flatMap((s) => slot.record?.tabs[s.id] ?? []));
  slot.record.plan = { ...slot.record.plan, status: 'running' };
  // The person resumed it: from here on they are there to be asked.
  delete slot.record.unattended;
  launch(deps, slot, slot.record);
  return;
}

/** Loads the saved workflow; one that was running when the background stopped is shown interrupted. */
export async function restoreWorkflow(deps: WorkflowDeps, slot: WorkflowSlot): Promise<void> {
  await deps.saved.load();
  slot.record = await deps.store.load();
  if (slot.record?.plan.status !== 'running') return;
  slot.record.plan = interruptPlan(slot.record.plan);
  await deps.runs.end();
  await deps.store.save(slot.record);
}
