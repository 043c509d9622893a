import * as v from 'valibot';
import { PermissionLevel } from '../../policy/vocabulary';
import { ParameterName } from './common';
import { nonEmptyText } from './envelope';
import { Trace } from './trace';

/** Minutes after local midnight: 0 is 00:00, 1439 is 23:59. */
const MinuteOfDay = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24 * 60 - 1));

/** When a schedule runs: once at a moment, every day at a local time, or every week on a day (0 = Sunday). */
export const ScheduleWhen = v.variant('kind', [
  v.strictObject({ kind: v.literal('once'), at: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  v.strictObject({ kind: v.literal('daily'), minute: MinuteOfDay }),
  v.strictObject({
    kind: v.literal('weekly'),
    day: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
    minute: MinuteOfDay,
  }),
]);
export type ScheduleWhen = v.InferOutput<typeof ScheduleWhen>;

/**
 * What the person asks for: run this saved workflow, with these values, then; or run the last task
 * of this conversation again (a saved chat task) then. `id` edits an existing schedule.
 */
export const ScheduleRequest = v.union([
  v.strictObject({
    id: v.optional(nonEmptyText(100)),
    savedId: nonEmptyText(100),
    values: v.record(ParameterName, nonEmptyText(500)),
    when: ScheduleWhen,
  }),
  v.strictObject({ id: v.optional(nonEmptyText(100)), conversationId: nonEmptyText(100), when: ScheduleWhen }),
]);
export type ScheduleRequest = v.InferOutput<typeof ScheduleRequest>;

/**
 * A finished chat task kept to run again on its schedule: its trace, the page it started on, and
 * what each run is approved to do (each site the task acted on, at the level it needed there).
 */
export const ChatTask = v.object({
  conversationId: v.string(),
  trace: Trace,
  startUrl: v.pipe(v.string(), v.url(), v.maxLength(4096)),
  access: v.pipe(
    v.array(v.object({ site: v.pipe(v.string(), v.maxLength(2048)), level: PermissionLevel })),
    v.minLength(1),
    v.maxLength(12),
  ),
});
export type ChatTask = v.InferOutput<typeof ChatTask>;

const ScheduleBase = {
  id: v.string(),
  /** The saved workflow's name (or the chat task's request) when the schedule was made, so a list still names one since deleted. */
  name: v.string(),
  when: ScheduleWhen,
  paused: v.boolean(),
  /** When it runs next; null once a one-time schedule has run. */
  nextRunAt: v.nullable(v.number()),
  /** The last run, in words: when, whether it was a missed run, and how it went. */
  lastRun: v.optional(v.object({ at: v.number(), note: v.string() })),
};

/** A saved workflow, or a saved chat task, set to run unattended, as stored (parsed again on every read) and listed. */
export const Schedule = v.union([
  v.object({ ...ScheduleBase, savedId: v.string(), values: v.record(ParameterName, v.string()) }),
  v.object({ ...ScheduleBase, chat: ChatTask }),
]);
export type Schedule = v.InferOutput<typeof Schedule>;
