import type { PayloadOf } from '../../src/protocol/background-to-sidebar';
import type { PermissionDecisionValue } from '../../policy';

export type PromptRequest = PayloadOf<'PERMISSION_REQUEST'>;

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

  function ask(request: PromptRequest, timeoutMs: number, signal: AbortSignal): Promise<PermissionDecisionValue> {
    return new Promise((resolve) => {
      const finish = (decision: PermissionDecisionValue) => {
        if (!pending.delete(request.id)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        announceAnswered(request.id);
        resolve(decision);
      };
      const onAbort = () => finish('deny');
      const timer = setTimeout(() => finish('deny'), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      pending.set(request.id, { request, resolve: finish });
      broadcast(request);
    });
  }

  /** The person's answer; false when the question is unknown or already answered. */
  function answer(id: string, decision: PermissionDecisionValue): boolean {
    const waiting = pending.get(id);
    if (!waiting) return false;
    waiting.resolve(decision);
    return true;
  }

  return { ask, answer, open: (): PromptRequest[] => [...pending.values()].map((p) => p.request) };
}
export type Prompts = ReturnType<typeof createPrompts>;
