import { withoutRun } from '../../policy';
import type { WorkflowPlan } from '../../src/protocol/common';
import { updateStep } from './plan-transitions';
import { publish, type WorkflowDeps } from './research-runs';
import type { WorkflowRecord } from './workflow-store';

/**
 * An unattended run stopped at a question nobody could answer: the step is to run again (it did
 * not finish), the run waits as an interrupted one does (Resume or Cancel), and its notes say what waited.
 */
export function waitedAt(plan: WorkflowPlan, stepId: string, question: string): WorkflowPlan {
  const index = plan.steps.findIndex((s) => s.id === stepId) + 1;
  const waiting = updateStep(plan, stepId, { status: 'pending' });
  return {
    ...waiting,
    status: 'interrupted',
    notes: [
      ...(plan.notes ?? []),
      `Waited for you at step ${index}: ${question} needed your answer, and nobody was there to ask; it did not run. Resume to be asked, or Cancel.`,
    ],
  };
}

/**
 * Pauses the run: its approval's grants end until the person resumes it (Resume grants them again),
 * and the person is told, since nobody is watching the sidebar.
 */
export async function pauseRun(deps: WorkflowDeps, current: WorkflowRecord): Promise<void> {
  await deps.policy.update((policy) => withoutRun(policy, current.runId));
  deps.gate.endRun(current.runId);
  await publish(deps, current);
  await deps.notify(
    `Bosun: “${current.plan.intent}” is waiting for you`,
    current.plan.notes?.at(-1) ?? 'A scheduled run needs your answer.',
  );
}
