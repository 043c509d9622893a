import { newId } from '../storage/ids';
import type { HandOverAnswer, HandOverRequest } from '../../src/protocol/hand-over';

export type HandOverAsk = Omit<HandOverRequest, 'id'>;

/**
 * Tasks waiting for the person (ask_person). Like a plan, a hand-over is shown in every open
 * sidebar and any that opens later, and answered once. It has no time limit: the person may take a
 * while to log in or find their phone. It ends with the person's answer, or null when its task stops.
 */
export function createHandOvers(broadcast: (request: HandOverRequest) => void, announceAnswered: (id: string) => void) {
  const pending = new Map<string, { request: HandOverRequest; resolve(answer: HandOverAnswer | null): void }>();

  function pose(ask: HandOverAsk, signal: AbortSignal): Promise<HandOverAnswer | null> {
    const request: HandOverRequest = { id: newId('handover'), ...ask };
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(null);
      const finish = (answer: HandOverAnswer | null) => {
        if (!pending.delete(request.id)) return;
        signal.removeEventListener('abort', onAbort);
        announceAnswered(request.id);
        resolve(answer);
      };
      const onAbort = () => finish(null);
      signal.addEventListener('abort', onAbort, { once: true });
      pending.set(request.id, { request, resolve: finish });
      broadcast(request);
    });
  }

  /**
   * The person's answer; false when the hand-over is unknown, already answered, or the choice was
   * not offered. A typed reply is always theirs to give, with or without choices.
   */
  function answer(id: string, given: HandOverAnswer): boolean {
    const waiting = pending.get(id);
    if (!waiting) return false;
    if (given.kind === 'choose' && !waiting.request.choices?.includes(given.choice)) return false;
    if (given.kind === 'continue' && waiting.request.choices) return false;
    waiting.resolve(given);
    return true;
  }

  return { pose, answer, open: (): HandOverRequest[] => [...pending.values()].map((p) => p.request) };
}
export type HandOvers = ReturnType<typeof createHandOvers>;
