import type { WorkflowPlan } from '../../src/protocol/common';
import { answerMarkdown } from './answer-citations';
import { ANSWER_SYSTEM, answerPrompt } from './answer-prompt';
import type { PlannerDeps } from './planner';
import { numberedSources, type RunAnswer } from './report';
import { errorText } from './research-runs';

/** Enough for the few hundred words asked for, with room for the citations. */
const ANSWER_MAX_TOKENS = 1500;

export const CANCELLED_ANSWER = 'you cancelled the workflow before it was written.';

/**
 * Asks the person's model, once and with no tools, to answer the request from the steps' findings.
 * Never throws: a missing setting, a provider error or a cancel becomes the reason the report gives.
 */
export async function writeAnswer(deps: PlannerDeps, plan: WorkflowPlan, signal: AbortSignal): Promise<RunAnswer> {
  const settings = deps.settings();
  if (!settings) return { ok: false, reason: 'no provider and model are chosen in Settings.' };
  const sources = numberedSources(plan);
  try {
    const result = await deps.complete({
      settings,
      system: ANSWER_SYSTEM,
      turns: [{ role: 'user', content: answerPrompt(plan, sources) }],
      tools: [],
      signal,
      onText: () => {},
      maxTokens: ANSWER_MAX_TOKENS,
    });
    return answerMarkdown(result.text, sources);
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: CANCELLED_ANSWER };
    // The reason is followed by more of the note's sentence: it must end as a sentence does.
    const message = errorText(error).trim();
    return { ok: false, reason: /[.!?]$/.test(message) ? message : `${message}.` };
  }
}
