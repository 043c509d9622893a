import type { SavedWorkflow } from '../../src/protocol/common';
import type { ChatTask, Schedule, ScheduleRequest, ScheduleWhen } from '../../src/protocol/schedules';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A run later than this after its time was missed (the machine was asleep), not just late, even in a
 * browser session that was open at its time: Chrome delays alarms by up to a minute, and a waking
 * machine takes a while.
 */
export const MISSED_AFTER_MS = 5 * 60 * 1000;
/** How far ahead a one-time run may be set: past it, a date is more likely a typo than a plan. */
export const FURTHEST_AHEAD_MS = 366 * DAY_MS;

/** The local time `minute` minutes after the midnight that starts `day`'s date. */
const atMinute = (day: Date, minute: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minute / 60), minute % 60).getTime();

/**
 * The first time strictly after `after` when the schedule runs, in local time (so "every day at
 * 08:00" stays 08:00 across a daylight-saving change); null when a one-time run is past.
 */
export function nextRunAfter(when: ScheduleWhen, after: number): number | null {
  if (when.kind === 'once') return when.at > after ? when.at : null;
  const start = new Date(after);
  // Eight days cover every weekday once, whatever the time of day.
  for (let offset = 0; offset <= 8; offset += 1) {
    const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + offset);
    if (when.kind === 'weekly' && day.getDay() !== when.day) continue;
    const time = atMinute(day, when.minute);
    if (time > after) return time;
  }
  return null;
}

/** A run that is due: when it was due, whether it was missed, and when the schedule runs next. */
export interface DueRun {
  dueAt: number;
  missed: boolean;
  next: number | null;
}

/**
 * Whether the schedule runs now. However many of its times passed while the browser was closed,
 * it runs once, and the next time is the first one after now: a week away runs once, not seven times.
 * It was missed when it was due before the browser session began (`sessionStart`), however briefly the
 * browser was closed, or when it is long overdue.
 */
export function dueRun(
  schedule: Pick<Schedule, 'when' | 'paused' | 'nextRunAt'>,
  now: number,
  sessionStart: number,
): DueRun | null {
  const { nextRunAt } = schedule;
  if (schedule.paused || nextRunAt === null || nextRunAt > now) return null;
  const missed = nextRunAt < sessionStart || now - nextRunAt > MISSED_AFTER_MS;
  return { dueAt: nextRunAt, missed, next: nextRunAfter(schedule.when, now) };
}

/** The note a run starts with: when it ran, and, for a missed run, that it was missed and when it was due. */
export function runNote(run: DueRun, now: number): string {
  const at = new Date(now).toLocaleString();
  return run.missed
    ? `Ran on schedule at ${at}, at the browser's next start: it was due at ${new Date(run.dueAt).toLocaleString()}, while the browser was closed.`
    : `Ran on schedule at ${at}.`;
}

type Checked = { ok: true; schedule: Schedule } | { ok: false; error: string };
type WorkflowRequest = Extract<ScheduleRequest, { savedId: string }>;

/** Why the time cannot be used (a one-time run must be ahead, within a year), or null. */
function wrongTime(when: ScheduleWhen, now: number): string | null {
  if (when.kind === 'once' && when.at <= now) return 'That time has passed: choose a later one.';
  if (when.kind === 'once' && when.at - now > FURTHEST_AHEAD_MS) return 'Choose a time within a year.';
  return null;
}

/** What every schedule keeps: its name, time and next run; an edit keeps its pause and last run. */
const timed = (id: string, name: string, when: ScheduleWhen, now: number, previous?: Schedule) => ({
  id,
  name,
  when,
  paused: previous?.paused ?? false,
  nextRunAt: nextRunAfter(when, now),
  ...(previous?.lastRun ? { lastRun: previous.lastRun } : {}),
});

/**
 * The schedule the person asked for, or why it cannot be used: the saved workflow must exist and
 * get a value for each of its parameters (and no other), and a one-time run must be ahead, within a year.
 */
export function checkSchedule(
  request: WorkflowRequest,
  saved: SavedWorkflow | undefined,
  id: string,
  now: number,
  previous?: Schedule,
): Checked {
  if (!saved) return { ok: false, error: 'That saved workflow no longer exists.' };
  const missing = saved.parameters.filter((name) => !request.values[name]);
  if (missing.length > 0) return { ok: false, error: `Give a value for ${missing.join(', ')}.` };
  const extra = Object.keys(request.values).filter((name) => !saved.parameters.includes(name));
  if (extra.length > 0) return { ok: false, error: `The workflow has no parameter ${extra.join(', ')}.` };
  const error = wrongTime(request.when, now);
  if (error) return { ok: false, error };
  return {
    ok: true,
    schedule: { ...timed(id, saved.name, request.when, now, previous), savedId: saved.id, values: request.values },
  };
}

/** A saved chat task's schedule, or why it cannot be used: the task (or why it cannot run by itself), and the time. */
export function checkChatSchedule(
  when: ScheduleWhen,
  task: ChatTask | string,
  id: string,
  now: number,
  previous?: Schedule,
): Checked {
  if (typeof task === 'string') return { ok: false, error: task };
  const error = wrongTime(when, now);
  if (error) return { ok: false, error };
  return { ok: true, schedule: { ...timed(id, task.trace.request.slice(0, 200), when, now, previous), chat: task } };
}
