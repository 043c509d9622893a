import type { ChatPlan } from '../../policy';
import { newId } from '../storage/ids';
import type { PayloadOf } from '../../src/protocol/background-to-sidebar';
import type { PlanAnswer } from '../../src/protocol/sidebar-to-background';

export type PlanRequest = PayloadOf<'PLAN_REQUEST'>;

/**
 * Plans waiting for the person's approval, one per chat task at most. Like a permission question,
 * a plan is shown in every open sidebar and any that opens later, answered once, and never
 * approved by default: unanswered in time, or its task stopped, it is null and nothing is granted.
 */
export function createPlanQuestions(
  broadcast: (request: PlanRequest) => void,
  announceAnswered: (id: string) => void,
  timeoutMs: () => number,
) {
  const pending = new Map<string, { request: PlanRequest; resolve(answer: PlanAnswer | null): void }>();

  function pose(plan: ChatPlan, signal: AbortSignal): Promise<PlanAnswer | null> {
    const wait = timeoutMs();
    const request: PlanRequest = { id: newId('plan'), plan, expiresAt: Date.now() + wait };
    return new Promise((resolve) => {
      const finish = (answer: PlanAnswer | null) => {
        if (!pending.delete(request.id)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        announceAnswered(request.id);
        resolve(answer);
      };
      const onAbort = () => finish(null);
      const timer = setTimeout(onAbort, wait);
      if (signal.aborted) return resolve(null);
      signal.addEventListener('abort', onAbort, { once: true });
      pending.set(request.id, { request, resolve: finish });
      broadcast(request);
    });
  }

  /** The person's answer; false when the plan is unknown or already answered. */
  function answer(id: string, given: PlanAnswer): boolean {
    const waiting = pending.get(id);
    if (!waiting) return false;
    waiting.resolve(given);
    return true;
  }

  return { pose, answer, open: (): PlanRequest[] => [...pending.values()].map((p) => p.request) };
}
export type PlanQuestions = ReturnType<typeof createPlanQuestions>;
