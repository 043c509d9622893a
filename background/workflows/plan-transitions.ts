import * as v from 'valibot';
import { PERMISSION_LEVELS, resolveSite, type PlannedAccess, type SiteOptions, type TaskScope } from '../../policy';
import { describeIssues } from '../../src/messaging/router';
import type { WorkflowPlan, WorkflowStep } from '../../src/protocol/common';
import { StepEdit } from './plan-parse';
import { buildReport, type RunAnswer } from './report';
import { newId } from '../storage/ids';

/** How a run ended: every step done or skipped, a step that had to stop it failed, or the person cancelled. */
export type RunEnd = 'completed' | 'failed' | 'cancelled';

const CANCELLED = 'Cancelled by you while it was running; what it had found so far is kept.';

/** A change the person made to a step before approving: its new task and site, not yet checked. */
export interface StepChange {
  stepId: string;
  task: string;
  site: string;
}

type Approval = { ok: true; plan: WorkflowPlan } | { ok: false; error: string };

/**
 * The kept steps with the person's changes, each held to the rules the model's steps are; the
 * first change that breaks one refuses them all, saying which step and why. A changed step loses
 * its recorded actions.
 */
function editSteps(steps: WorkflowStep[], changes: readonly StepChange[]): Approval | WorkflowStep[] {
  const byId = new Map(changes.map((c) => [c.stepId, c]));
  if (changes.some((c) => !steps.some((s) => s.id === c.stepId)))
    return {
      ok: false,
      error: 'A changed step is not one of the steps kept. Reopen the Research view and approve again.',
    };
  const edited: WorkflowStep[] = [];
  for (const [index, step] of steps.entries()) {
    const change = byId.get(step.id);
    if (!change) {
      edited.push(step);
      continue;
    }
    const parsed = v.safeParse(StepEdit, { task: change.task, site: change.site });
    if (!parsed.success)
      return {
        ok: false,
        error: `Step ${index + 1} as changed cannot be used: ${describeIssues(parsed.issues)}. Nothing was approved; correct it and approve again.`,
      };
    const { task, site } = parsed.output;
    // A step changed before it runs again is not the one recorded: the model does it.
    const { trace: _recorded, ...unrecorded } = step;
    edited.push({ ...(task === step.task && site === step.site ? step : unrecorded), task, site });
  }
  return edited;
}

/**
 * The plan the person approved: the steps they kept, in their order, with their changes. Refused
 * (with the reason) unless the plan is waiting for approval, every id is one of its steps and
 * every change is one the planner would have accepted from the model.
 */
export function approvePlan(
  plan: WorkflowPlan,
  stepIds: readonly string[],
  now: number,
  changes: readonly StepChange[] = [],
): Approval {
  if (plan.status !== 'awaiting-approval')
    return { ok: false, error: 'This plan is not waiting for approval any more.' };
  const byId = new Map(plan.steps.map((s) => [s.id, s]));
  const steps = stepIds.map((id) => byId.get(id));
  if (steps.some((s) => s === undefined))
    return {
      ok: false,
      error: 'The approval names a step that is not in the plan. Reopen the Research view and approve again.',
    };
  const edited = editSteps(steps as WorkflowStep[], changes);
  if (!Array.isArray(edited)) return edited;
  return { ok: true, plan: { ...plan, steps: edited, status: 'running', startedAt: now } };
}

/**
 * What one step may do: act on its planned site, at the highest level the plan lists for it, with
 * no commitment. Anything else (another site, a higher level, a purchase) asks, whatever the
 * person's standing grants say.
 */
export function stepScope(step: WorkflowStep, options: SiteOptions): TaskScope {
  const ranks = step.permissions.map((level) => PERMISSION_LEVELS.indexOf(level));
  const site = resolveSite(step.site, options);
  // A site that cannot be resolved matches nothing: every action of the step then asks.
  const sites = site.kind === 'site' ? [site.site] : [];
  return { level: PERMISSION_LEVELS[Math.max(0, ...ranks)] ?? 'read-only', commitments: [], sites };
}

/** Every (site, level) pair the plan lists: what its approval grants. */
export const planAccess = (plan: WorkflowPlan): PlannedAccess[] =>
  plan.steps.flatMap((step) => step.permissions.map((level) => ({ site: step.site, level })));

/** The statuses of a run that has ended. */
export const FINISHED: readonly WorkflowPlan['status'][] = ['completed', 'failed', 'cancelled'];

/**
 * A finished run's plan to run again, approved as it was: the same steps in new ids, each keeping
 * the trace its last completed run recorded.
 */
export const againPlan = (plan: WorkflowPlan, now: number): WorkflowPlan => ({
  id: newId('wf'),
  intent: plan.intent,
  steps: plan.steps.map(({ agent, task, site, permissions, onFailure, maxSteps, trace }) => ({
    id: newId('step'),
    agent,
    task,
    site,
    permissions,
    status: 'pending',
    ...(onFailure ? { onFailure } : {}),
    ...(maxSteps === undefined ? {} : { maxSteps }),
    ...(trace ? { trace } : {}),
  })),
  status: 'running',
  createdAt: now,
  startedAt: now,
  again: true,
});

export const updateStep = (plan: WorkflowPlan, id: string, change: Partial<WorkflowStep>): WorkflowPlan => ({
  ...plan,
  steps: plan.steps.map((s) => (s.id === id ? { ...s, ...change } : s)),
});

/**
 * After a restart: the run is shown interrupted, and the step that was running is to be run again;
 * an answer that was being written is written again on resume.
 */
export function interruptPlan(plan: WorkflowPlan): WorkflowPlan {
  if (plan.status !== 'running') return plan;
  const steps = plan.steps.map(({ startedAt, ...step }) =>
    step.status === 'running'
      ? { ...step, status: 'pending' as const }
      : { ...step, ...(startedAt === undefined ? {} : { startedAt }) },
  );
  const { answering: _answering, ...rest } = plan;
  return { ...rest, status: 'interrupted', steps };
}

/** How steps that have run end: a step that had to stop the run failed, or every step is done. */
export const stepsEnd = (plan: WorkflowPlan): Exclude<RunEnd, 'cancelled'> =>
  plan.steps.some((s) => s.status === 'failed' && s.onFailure === 'stop') ? 'failed' : 'completed';

/** What did not run is skipped, and a step cut by a cancel says so. */
export const closeSteps = (plan: WorkflowPlan, now: number): WorkflowPlan => ({
  ...plan,
  steps: plan.steps.map((step): WorkflowStep => {
    if (step.status === 'pending') return { ...step, status: 'skipped' };
    if (step.status === 'running') return { ...step, status: 'failed', error: CANCELLED, finishedAt: now };
    return step;
  }),
});

/** The end of a run: its steps are closed and the report is written, with the answer if there is one. */
export function finishPlan(plan: WorkflowPlan, end: RunEnd, now: number, answer?: RunAnswer): WorkflowPlan {
  const { answering: _answering, ...rest } = closeSteps(plan, now);
  const finished: WorkflowPlan = { ...rest, status: end, finishedAt: now };
  // A plan cancelled before it ran has nothing to report.
  return plan.startedAt === undefined ? finished : { ...finished, report: buildReport(finished, answer) };
}
