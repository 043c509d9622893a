import { QuestionUnanswered } from './question-unanswered';
import type { Gate } from './gate';

/**
 * The gate of a run nobody watches (a scheduled workflow step or chat task): every call says nobody
 * can answer, so an action the approved plan does not cover is never asked about (nor approved in
 * the person's place) but ends the run there, logged as unanswered; `waited` hears which question it was.
 */
export function unattendedGate(gate: Gate, waited: (question: QuestionUnanswered) => void): Gate {
  return {
    ...gate,
    run: async (call, ctx) => {
      try {
        return await gate.run({ ...call, questionTimeoutMs: 0 }, ctx);
      } catch (error) {
        if (error instanceof QuestionUnanswered) waited(error);
        throw error;
      }
    },
  };
}
