import type { PermissionDecisionValue, PermissionLevel, ScopeExcess } from '../../policy';
import { newId } from '../storage/ids';
import type { Target } from '../tools/types';
import { record, labelOf, summarize } from './gate-record';
import type { DataFlow } from './data-flow-check';
import type { GateCall, GateDeps } from './gate-types';
import { outlineLabel } from './outline-label';
import { QuestionUnanswered } from './question-unanswered';

/** One action the policy could not decide alone, as the person is asked about it. */
export interface Asking {
  call: GateCall;
  site: string;
  level: PermissionLevel;
  target: Target;
  reason: string;
  critical: string | null;
  beyond: ScopeExcess | null;
  /** Text the action would carry from another site's readings to this one: shown exactly, whole. */
  dataFlow: readonly DataFlow[];
}

/**
 * Asks the person and returns their answer. A caller with its own time limit (an MCP client, a
 * headless bridge) gets QuestionUnanswered instead of a deny when nobody answers, logged as such.
 */
export async function askPerson(deps: GateDeps, asking: Asking, signal: AbortSignal): Promise<PermissionDecisionValue> {
  // What the caller holds is stored before the wait, which may be long.
  asking.call.settle?.();
  const ownTime = asking.call.questionTimeoutMs;
  const timeoutMs = ownTime ?? deps.promptTimeoutMs();
  if (ownTime === 0) throw await unanswered(deps, asking, 'nobody-can-answer');
  // The target is outlined on the page while the question is open; an outline that fails costs
  // nothing, and a page slow to take it off never holds up the answer.
  const outlined = asking.target.outline?.(outlineLabel(asking.call.name)).catch(() => undefined);
  const posed = await deps.prompts
    .pose(promptOf(asking, timeoutMs), timeoutMs, signal)
    .finally(() => void outlined?.then((hide) => hide?.()));
  if (ownTime !== undefined && !posed.answered)
    throw await unanswered(deps, asking, signal.aborted ? 'cancelled' : 'no-answer-in-time');
  return posed.decision;
}

/** As much of the task's request as a question shows (the protocol's limit). */
const MAX_REQUEST = 2000;

const promptOf = ({ call, site, level, target, reason, critical, beyond, dataFlow }: Asking, timeoutMs: number) => ({
  id: newId('perm'),
  toolName: call.name,
  parameters: summarize(call.args),
  site,
  permissionLevel: level,
  reason,
  timestamp: Date.now(),
  requester: call.requester,
  ...(call.request ? { request: call.request.slice(0, MAX_REQUEST) } : {}),
  ...(target.summary ? { summary: target.summary } : {}),
  ...(critical ? { critical } : {}),
  ...(beyond ? { beyondScope: beyond } : {}),
  ...(dataFlow.length > 0 ? { dataFlow: [...dataFlow] } : {}),
  expiresAt: Date.now() + timeoutMs,
});

/** The error a caller that could not wait gets, after its Action Log entry is written. */
async function unanswered(
  deps: GateDeps,
  { call, site, level, target }: Asking,
  why: QuestionUnanswered['why'],
): Promise<QuestionUnanswered> {
  const question = { tool: call.name, site, level, ...(target.summary ? { summary: target.summary } : {}) };
  const decision = why === 'cancelled' ? 'cancelled' : 'unanswered';
  const error = new QuestionUnanswered(question, why);
  await record(deps.log, call, site, level, decision, {
    success: false,
    outcome: 'denied',
    decision,
    site,
    text: error.message,
    ...labelOf(target),
  });
  return error;
}
