import * as v from 'valibot';
import { ChatPlan, type TaskScope } from '../../policy';
import { toolSpec } from '../llm/tool-spec';
import type { ToolCall, ToolSpec } from '../llm/types';
import { describeIssues } from '../../src/messaging/router';
import type { PlanAnswer } from '../../src/protocol/sidebar-to-background';
import type { GateResult } from '../permissions/gate';

export const PROPOSE_PLAN = 'propose_plan';

/** The tool through which the model states its plan; offered only to chat tasks in plan-first mode. */
export const PLAN_SPEC: ToolSpec = toolSpec(
  PROPOSE_PLAN,
  'Before any action beyond reading, state your whole plan for the person to approve: each step in plain words, the page or site it acts on, its level, every value it will type or choose, and what it commits the person to. Wait for the answer before acting; act only within the approved plan.',
  ChatPlan,
);

/** The system prompt's rule in plan-first mode. */
export const PLAN_RULE =
  'Before you click, type, choose, submit or go to another page, call propose_plan once with your whole plan (reading the page first is fine). The person approves it, edits it, or chooses to be asked at each step; then act within the plan as approved. Anything outside it asks the person again.';

/** What a chat task's plan-first mode needs: the person's answer to a plan, and the plan's grants. */
export interface TaskPlanning {
  /** The person's answer; null when nobody answered in time or the task stopped. */
  pose(plan: ChatPlan, signal: AbortSignal): Promise<PlanAnswer | null>;
  /** Grants the approved plan to the run and gives the scope it makes. */
  approve(runId: string, plan: ChatPlan): Promise<TaskScope>;
  /** Told of the plan's scope and each widening of it, for the status bar. */
  announce(scope: TaskScope): void;
}

/** How the plan ended for the task: a scope to act within, or none (ask as it goes, or not approved). */
export interface PlanOutcome {
  result: GateResult;
  scope: TaskScope | null;
}

const outcome = (text: string, decision: string, success = true, scope: TaskScope | null = null): PlanOutcome => ({
  result: { success, outcome: success ? 'success' : 'failed', decision, site: '', text },
  scope,
});

/** What the approved plan says, for the model: it acts on exactly this. */
const approvedInWords = (plan: ChatPlan): string =>
  `The person approved this plan (Go); act within it, and only it: ${JSON.stringify(plan)}`;

/**
 * The model's propose_plan call: its plan checked like any other model output, shown to the
 * person, and their answer. A plan that does not parse changes nothing and says why.
 */
export async function proposePlan(
  planning: TaskPlanning,
  runId: string,
  call: ToolCall,
  signal: AbortSignal,
): Promise<PlanOutcome> {
  const parsed = v.safeParse(ChatPlan, call.args);
  if (!parsed.success)
    return outcome(`Invalid arguments for ${PROPOSE_PLAN}: ${describeIssues(parsed.issues)}`, 'invalid', false);
  const answer = await planning.pose(parsed.output, signal);
  if (answer === null)
    return outcome(
      'The person did not approve the plan. Do not act on it; answer the person instead.',
      'unanswered',
      false,
    );
  if (answer.kind === 'each-step')
    return outcome(
      'The person chose to be asked before each action instead of approving a plan. Go ahead step by step; each action asks them.',
      'ask-each-step',
    );
  const scope = await planning.approve(runId, answer.plan);
  return outcome(approvedInWords(answer.plan), 'approved-plan', true, scope);
}
