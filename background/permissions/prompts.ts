import type { PayloadOf } from '../../src/protocol/background-to-sidebar';
import type { PermissionDecisionValue } from '../../policy';

export type PromptRequest = PayloadOf<'PERMISSION_REQUEST'>;

export interface Posed {
  decision: PermissionDecisionValue;
  answered: boolean;
}

interface Pending {
  request: PromptRequest;
  resolve(decision: PermissionDecisionValue): void;
}

/**
 * Questions waiting for the person. A question is shown in every open sidebar and in any that
 * opens later; it is answered once; unanswered, it becomes a deny when its time runs out, or
 * when the run it belongs to stops. It is never approved by default.
 */
export function createPrompts(broadcast: (request: PromptRequest) => void, announceAnswered: (id: string) => void) {
  const pending = new Map<string, Pending>();

  /**
   * The question and how it ended: `answered` is false when its time ran out or its caller went
   * away, so a caller can tell "nobody answered" from "the person said no".
   */
  function pose(request: PromptRequest, timeoutMs: number, signal: AbortSignal): Promise<Posed> {
    return new Promise((resolve) => {
      const finish = (decision: PermissionDecisionValue, answered: boolean) => {
        if (!pending.delete(request.id)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        announceAnswered(request.id);
        resolve({ decision, answered });
      };
      const onAbort = () => finish('deny', false);
      const timer = setTimeout(() => finish('deny', false), timeoutMs);
      // A caller that is already gone never shows its question.
      if (signal.aborted) return resolve({ decision: 'deny', answered: false });
      signal.addEventListener('abort', onAbort, { once: true });
      pending.set(request.id, { request, resolve: (decision) => finish(decision, true) });
      broadcast(request);
    });
  }

  /** The answer; unanswered, a deny. */
  const ask = (request: PromptRequest, timeoutMs: number, signal: AbortSignal): Promise<PermissionDecisionValue> =>
    pose(request, timeoutMs, signal).then((posed) => posed.decision);

  /** The person's answer; false when the question is unknown or already answered. */
  function answer(id: string, decision: PermissionDecisionValue): boolean {
    const waiting = pending.get(id);
    if (!waiting) return false;
    waiting.resolve(decision);
    return true;
  }

  return { ask, pose, answer, open: (): PromptRequest[] => [...pending.values()].map((p) => p.request) };
}
export type Prompts = ReturnType<typeof createPrompts>;
