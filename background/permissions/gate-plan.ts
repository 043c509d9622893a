import {
  grantWorkflowRun,
  PERMISSION_LEVELS,
  planGrants,
  planScope,
  withoutRun,
  type ChatPlan,
  type TaskScope,
} from '../../policy';
import { newId } from '../storage/ids';
import { TOOLS } from '../tools/registry';
import type { ActionLog } from './action-log';
import type { PolicyStore } from './policy-store';

/** The name the Action Log gives the person's approval of a chat plan (the sidebar says it in words). */
export const APPROVE_PLAN = 'approve_plan';

const hostOf = (site: string) => (URL.canParse(site) ? new URL(site).host : site);

/** The plan's own Action Log entry: what was approved, step by step with its site and level. */
function approvalEntry(plan: ChatPlan) {
  const sites = [...new Set(plan.steps.map((step) => hostOf(step.site)))];
  const level = PERMISSION_LEVELS[Math.max(...plan.steps.map((step) => PERMISSION_LEVELS.indexOf(step.level)))];
  const steps = plan.steps.map((step, i) => `${i + 1}. ${step.does} (${hostOf(step.site)}, ${step.level})`);
  return {
    id: newId('log'),
    timestamp: Date.now(),
    toolName: APPROVE_PLAN,
    parameters: { summary: plan.summary, sites, steps: plan.steps },
    site: sites.join(', '),
    permissionLevel: level ?? 'read-only',
    decision: 'approved-plan',
    result: 'success',
    details: `chat: ${plan.summary}\n${steps.join('\n')}`,
  };
}

/** A chat task's approved plan in the policy: its grants for the task's run, from approval to the task's end. */
export function planApproval(policy: Pick<PolicyStore, 'update'>, log: ActionLog) {
  return {
    /**
     * The person approved a chat task's plan: its (site, level) pairs are allowed for every tool in
     * this run only, and the plan is the scope the task's actions are checked against. The approval
     * is logged once, as its own entry, before any action it allows.
     */
    async approvePlan(runId: string, plan: ChatPlan): Promise<TaskScope> {
      const granted = await policy.update((p) => grantWorkflowRun(p, runId, planGrants(plan), [...TOOLS.keys()]));
      await log.add(approvalEntry(plan));
      return planScope(plan, granted);
    },
    /** The task whose plan was approved is over: the plan's grants end with it. */
    async endPlan(runId: string): Promise<void> {
      await policy.update((p) => withoutRun(p, runId));
    },
  };
}
