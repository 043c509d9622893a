import { describe, expect, it } from 'vitest';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { Schedule } from '../../src/protocol/schedules';
import {
  checkSchedule,
  dueRun,
  FURTHEST_AHEAD_MS,
  MISSED_AFTER_MS,
  nextRunAfter,
  runNote,
} from '../../background/schedules/schedule-time';

// Local times, so the tests hold in any time zone: Wednesday 4 March 2026, 10:30.
const local = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();
const WEDNESDAY = local(4, 10, 30);
const HOUR = 60 * 60 * 1000;

const saved: SavedWorkflow = {
  id: 'saved_1',
  name: 'Lamp prices',
  intent: 'Compare {{product}} prices',
  parameters: ['product'],
  steps: [
    {
      agent: 'browser',
      task: 'Read the price of {{product}}',
      site: 'https://shop.example/',
      permissions: ['read-only'],
    },
  ],
  savedAt: 0,
};

describe('the next run of a schedule', () => {
  it('once: the time while it is ahead, then never again', () => {
    const when = { kind: 'once' as const, at: WEDNESDAY + HOUR };
    expect(nextRunAfter(when, WEDNESDAY)).toBe(WEDNESDAY + HOUR);
    expect(nextRunAfter(when, WEDNESDAY + HOUR)).toBeNull();
  });

  it('daily: later today if the time is still ahead, else tomorrow', () => {
    expect(nextRunAfter({ kind: 'daily', minute: 11 * 60 }, WEDNESDAY)).toBe(local(4, 11));
    expect(nextRunAfter({ kind: 'daily', minute: 8 * 60 }, WEDNESDAY)).toBe(local(5, 8));
    // Exactly at its time it has just run: the next is tomorrow's.
    expect(nextRunAfter({ kind: 'daily', minute: 10 * 60 + 30 }, WEDNESDAY)).toBe(local(5, 10, 30));
  });

  it('weekly: the next such weekday at the time, a week on when today’s time has passed', () => {
    expect(nextRunAfter({ kind: 'weekly', day: 5, minute: 9 * 60 }, WEDNESDAY)).toBe(local(6, 9));
    expect(nextRunAfter({ kind: 'weekly', day: 3, minute: 12 * 60 }, WEDNESDAY)).toBe(local(4, 12));
    expect(nextRunAfter({ kind: 'weekly', day: 3, minute: 9 * 60 }, WEDNESDAY)).toBe(local(11, 9));
    expect(nextRunAfter({ kind: 'weekly', day: 1, minute: 0 }, WEDNESDAY)).toBe(local(9, 0));
  });
});

describe('a run that is due', () => {
  const daily: Pick<Schedule, 'when' | 'paused' | 'nextRunAt'> = {
    when: { kind: 'daily', minute: 8 * 60 },
    paused: false,
    nextRunAt: local(4, 8),
  };
  /** The browser session began the day before: it was open at every time these runs were due. */
  const OPEN = local(3, 8);

  it('is not due before its time, nor while paused, nor once a one-time run has run', () => {
    expect(dueRun(daily, local(4, 7, 59), OPEN)).toBeNull();
    expect(dueRun({ ...daily, paused: true }, WEDNESDAY, OPEN)).toBeNull();
    expect(dueRun({ when: { kind: 'once', at: 1 }, paused: false, nextRunAt: null }, WEDNESDAY, OPEN)).toBeNull();
  });

  it('on time, runs and is not called missed', () => {
    const run = dueRun(daily, local(4, 8) + 30_000, OPEN);
    expect(run).toEqual({ dueAt: local(4, 8), missed: false, next: local(5, 8) });
    expect(runNote(run!, local(4, 8) + 30_000)).not.toContain('missed');
  });

  it('missed while the browser was closed for three days, runs once, says so, and next runs after now', () => {
    const now = local(7, 12);
    const run = dueRun(daily, now, now - 1000);
    expect(run).toEqual({ dueAt: local(4, 8), missed: true, next: local(8, 8) });
    // Once: the next run after it is not due at the same moment.
    expect(dueRun({ ...daily, nextRunAt: run!.next }, now, now - 1000)).toBeNull();
    const note = runNote(run!, now);
    expect(note).toContain("at the browser's next start");
    expect(note).toContain(new Date(local(4, 8)).toLocaleString());
  });

  it('due while the browser was closed, however briefly, is missed; due while it was open, late by less than the margin is only late', () => {
    // Closed at 7:59, started again at 8:00:30: the run comes 40 seconds late, and was missed.
    expect(dueRun(daily, local(4, 8) + 40_000, local(4, 8) + 30_000)?.missed).toBe(true);
    expect(dueRun(daily, local(4, 8) + MISSED_AFTER_MS, OPEN)?.missed).toBe(false);
    expect(dueRun(daily, local(4, 8) + MISSED_AFTER_MS + 1, OPEN)?.missed).toBe(true);
  });
});

describe('checking a schedule the person asks for', () => {
  const request = {
    savedId: 'saved_1',
    values: { product: 'desk lamp' },
    when: { kind: 'daily' as const, minute: 480 },
  };

  it('a valid one gets its next run, unpaused, named for the workflow', () => {
    const checked = checkSchedule(request, saved, 'schedule_1', WEDNESDAY);
    expect(checked).toEqual({
      ok: true,
      schedule: {
        id: 'schedule_1',
        savedId: 'saved_1',
        name: 'Lamp prices',
        values: { product: 'desk lamp' },
        when: request.when,
        paused: false,
        nextRunAt: local(5, 8),
      },
    });
  });

  it('an edit keeps its pause and its last run, and its next run follows the new time', () => {
    const previous = {
      ...(checkSchedule(request, saved, 's', 0) as { schedule: Schedule }).schedule,
      paused: true,
      lastRun: { at: 1, note: 'Ran.' },
    };
    const edited = checkSchedule(
      { ...request, when: { kind: 'daily', minute: 11 * 60 } },
      saved,
      's',
      WEDNESDAY,
      previous,
    );
    expect(edited.ok && edited.schedule).toMatchObject({
      paused: true,
      lastRun: { at: 1, note: 'Ran.' },
      nextRunAt: local(4, 11),
    });
  });

  it('refuses a missing workflow, a missing or unknown parameter, a past or far time', () => {
    const error = (r: ReturnType<typeof checkSchedule>) => (r.ok ? null : r.error);
    expect(error(checkSchedule(request, undefined, 's', WEDNESDAY))).toBe('That saved workflow no longer exists.');
    expect(error(checkSchedule({ ...request, values: {} }, saved, 's', WEDNESDAY))).toBe('Give a value for product.');
    expect(error(checkSchedule({ ...request, values: { product: 'x', colour: 'red' } }, saved, 's', WEDNESDAY))).toBe(
      'The workflow has no parameter colour.',
    );
    expect(error(checkSchedule({ ...request, when: { kind: 'once', at: WEDNESDAY } }, saved, 's', WEDNESDAY))).toBe(
      'That time has passed: choose a later one.',
    );
    expect(
      error(
        checkSchedule(
          { ...request, when: { kind: 'once', at: WEDNESDAY + FURTHEST_AHEAD_MS + 1 } },
          saved,
          's',
          WEDNESDAY,
        ),
      ),
    ).toBe('Choose a time within a year.');
    expect(checkSchedule({ ...request, when: { kind: 'once', at: WEDNESDAY + 5000 } }, saved, 's', WEDNESDAY).ok).toBe(
      true,
    );
  });
});
