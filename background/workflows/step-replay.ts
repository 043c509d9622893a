// A research step run again from its trace: the chat's replay (background/replay) plays its actions,
// and the step's finding is the page as read at the end, since no model writes one.
import type { ChatMessage, StepReplay, WorkflowPlan } from '../../src/protocol/common';
import type { Trace, TraceStep } from '../../src/protocol/trace';
import { untrustedContent } from '../tools/untrusted';

/** Tools that read a page without read_page: what they read is a step's source, and a replay's finding. */
export const SOURCE_TOOLS = new Set(['get_page_content', 'extract_table']);
/** Readings the replay makes itself to find elements: not actions of the step. */
const FINDING_READS = new Set(['read_page', 'read_listing']);
/** About a page of text: a finding is a step's result in the report, not the page whole (the export keeps that). */
const MAX_FINDING = 4000;

/**
 * The trace a step replays: its recorded actions, then a reading of the page's text unless it ended
 * with one, for the finding.
 */
export function stepTrace(request: string, steps: readonly TraceStep[]): Trace {
  const last = steps.at(-1);
  const reading = last && SOURCE_TOOLS.has(last.name) ? [] : [{ name: 'get_page_content', args: { type: 'text' } }];
  return { request, steps: [...steps, ...reading] };
}

/** How many of the step's actions were replayed as recorded and how many the model did, as its results are marked. */
export function replayCounts(messages: readonly ChatMessage[]): StepReplay {
  const actions = messages.filter((m) => m.role === 'tool' && m.name && !FINDING_READS.has(m.name));
  return {
    recorded: true,
    asRecorded: actions.filter((m) => m.replay === 'replayed' && m.outcome === 'success').length,
    byModel: actions.filter((m) => m.replay === 'model').length,
  };
}

/** The page as the replay last read it (its text or a table), without the untrusted-content marks; null when none was read. */
export function replayFinding(messages: readonly ChatMessage[]): string | null {
  const read = messages.findLast(
    (m) => m.role === 'tool' && m.outcome === 'success' && m.name !== undefined && SOURCE_TOOLS.has(m.name),
  );
  if (!read) return null;
  const text = untrustedContent(read.content).trim();
  return text.length > MAX_FINDING ? `${text.slice(0, MAX_FINDING)}…` : text;
}

/** What a Run again says of itself once it ended: how its steps were done, and why there is no answer. */
export function againNote(plan: WorkflowPlan): string {
  const replayed = plan.steps.filter(
    (s) => s.status === 'completed' && s.replay?.recorded && s.replay.byModel === 0,
  ).length;
  const model = plan.steps.filter((s) => s.replay && (s.replay.byModel > 0 || !s.replay.recorded)).length;
  return `Run again: ${replayed} of ${plan.steps.length} steps replayed without the model, ${model} needed the model. No answer was written, as that would ask the model: each step's finding is its page as read now.`;
}
