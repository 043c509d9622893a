// A finished chat task's trace, as stored and sent (a schedule of a chat task holds one; a research
// step keeps its actions): its request and the actions that took effect, each naming its elements by
// role and label.
import * as v from 'valibot';

/** The most steps one trace keeps: a longer task replays its first ones and asks the model for none after. */
export const MAX_TRACE_STEPS = 100;
const Text = v.pipe(v.string(), v.maxLength(2000));
const Name = v.strictObject({
  role: Text,
  label: Text,
  hoverOf: Text,
  rest: Text,
  nth: v.pipe(v.number(), v.integer(), v.minValue(0)),
  of: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

export const TraceStep = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** The call's other arguments, as the model gave them. */
  args: v.record(v.string(), v.unknown()),
  index: v.optional(Name),
  to: v.optional(Name),
  /** An element argument the trace could not name (not in the reading before it): the model is asked. */
  unnamed: v.optional(v.boolean()),
});
export type TraceStep = v.InferOutput<typeof TraceStep>;

/** A trace's actions alone: a research step's (its request is the step's task), possibly none. */
export const TraceSteps = v.pipe(v.array(TraceStep), v.maxLength(MAX_TRACE_STEPS));

export const Trace = v.strictObject({
  request: v.pipe(v.string(), v.minLength(1), v.maxLength(100_000)),
  steps: v.pipe(v.array(TraceStep), v.minLength(1), v.maxLength(MAX_TRACE_STEPS)),
});
export type Trace = v.InferOutput<typeof Trace>;
