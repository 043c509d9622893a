// A finished chat task's trace: the actions that took effect, each naming its elements by role and
// label as the reading before it listed them (the index they had is dropped: it is stale on any
// later reading). Built from the conversation's stored messages, and validated before use.
import * as v from 'valibot';
import type { ChatMessage } from '../../src/protocol/common';
import { MAX_TRACE_STEPS, Trace, type TraceStep } from '../../src/protocol/trace';
import { nameAt, parseListing, type ElementName } from './replay-match';

/** Readings are not replayed as recorded: the replay reads the page itself where a step needs its elements. */
const READINGS = new Set(['read_page', 'read_listing']);
/** Arguments that name an element by its index in a reading. */
const INDEX_ARGS = ['index', 'to'] as const;

/**
 * The trace of the conversation's last task: its request, and each action that succeeded. An
 * element argument is named from the latest reading before the call that lists its index (a
 * read_page, or a read_listing part of it), as that is where the model found it. Null when the
 * last task took no action, or its messages do not make a valid trace.
 */
export function traceOf(messages: readonly ChatMessage[]): Trace | null {
  const start = messages.findLastIndex((m) => m.role === 'user');
  const request = messages[start]?.content;
  if (start < 0 || !request) return null;
  const calls = new Map(messages.flatMap((m) => m.toolCalls ?? []).map((call) => [call.id, call]));
  const readings: string[] = [];
  const steps: TraceStep[] = [];
  for (const message of messages.slice(start + 1)) {
    if (message.role !== 'tool' || message.outcome !== 'success' || !message.name) continue;
    if (message.name === 'read_page') readings.length = 0;
    if (READINGS.has(message.name)) {
      readings.push(message.content);
      continue;
    }
    const call = message.toolCallId ? calls.get(message.toolCallId) : undefined;
    if (!call) continue;
    steps.push(stepOf(call.name, call.args, readings));
  }
  // The stored messages are read back as they were written: what does not make a valid trace replays nothing.
  const trace = v.safeParse(Trace, { request, steps: steps.slice(0, MAX_TRACE_STEPS) });
  return trace.success ? trace.output : null;
}

function stepOf(name: string, args: Record<string, unknown>, readings: readonly string[]): TraceStep {
  const step: TraceStep = { name, args: { ...args } };
  for (const key of INDEX_ARGS) {
    const index = args[key];
    if (typeof index !== 'number') continue;
    delete step.args[key];
    const named = readings.reduceRight<ElementName | null>(
      (found, text) => found ?? nameAt(parseListing(text), index),
      null,
    );
    if (named) step[key] = named;
    else step.unnamed = true;
  }
  // Elements named inside other arguments (fill_form's fields) have no name to find them by.
  if (JSON.stringify(step.args).includes('"index"')) step.unnamed = true;
  return step;
}
