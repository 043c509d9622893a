import { grantWorkflowRun, planGrants, planScope, withoutRun, type ChatPlan, type TaskScope } from '../../policy';
import { TOOLS } from '../tools/registry';
import type { PolicyStore } from './policy-store';

/** A chat task's approved plan in the policy: its grants for the task's run, from approval to the task's end. */
export function planApproval(policy: Pick<PolicyStore, 'update'>) {
  return {
    /**
     * The person approved a chat task's plan: its (site, level) pairs are allowed for every tool in
     * this run only, and the plan is the scope the task's actions are checked against.
     */
    async approvePlan(runId: string, plan: ChatPlan): Promise<TaskScope> {
      const granted = await policy.update((p) => grantWorkflowRun(p, runId, planGrants(plan), [...TOOLS.keys()]));
      return planScope(plan, granted);
    },
    /** The task whose plan was approved is over: the plan's grants end with it. */
    async endPlan(runId: string): Promise<void> {
      await policy.update((p) => withoutRun(p, runId));
    },
  };
}
