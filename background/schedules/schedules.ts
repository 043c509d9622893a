import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { Schedule, ScheduleRequest } from '../../src/protocol/schedules';
import { newId } from '../storage/ids';
import { checkSchedule, dueRun, nextRunAfter, runNote } from './schedule-time';
import { MAX_SCHEDULES, type ScheduleStore } from './schedule-store';

/** Alarms are named for the schedule they wake; other alarms are not ours to act on. */
const ALARM_PREFIX = 'bosun-schedule:';
const GONE = 'That schedule no longer exists.';

export interface ScheduleDeps {
  store: ScheduleStore;
  saved(savedId: string): SavedWorkflow | undefined;
  /** Starts the saved workflow unattended, `note` leading its notes; a refusal says why it could not start. */
  run(savedId: string, values: Record<string, string>, note: string): Promise<Refusal | undefined>;
  /** Tells the person, with the browser's notification where they allowed it. */
  notify(title: string, message: string): Promise<void>;
  alarms: { create(name: string, info: { when: number }): void; clear(name: string): Promise<boolean> };
  broadcast(message: BackgroundToSidebar): void;
}

/**
 * The person's schedules: saved workflows that run by themselves at a time, every day or every
 * week, woken by the browser's alarms. Each run is saved as done before it starts, so a restart
 * or a second wake never runs it twice; a time missed while the browser was closed runs once at
 * the next start, and its note says so.
 */
export function createSchedules(deps: ScheduleDeps) {
  const { store } = deps;
  // One change at a time: an alarm and the start-up catch-up may wake for the same run.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const announce = () => deps.broadcast({ type: 'SCHEDULES', payload: { schedules: store.list() } });

  async function keep(schedule: Schedule): Promise<void> {
    await store.put(schedule);
    const name = ALARM_PREFIX + schedule.id;
    if (schedule.paused || schedule.nextRunAt === null) await deps.alarms.clear(name);
    else deps.alarms.create(name, { when: schedule.nextRunAt });
  }

  async function fire(schedule: Schedule): Promise<void> {
    const now = Date.now();
    const due = dueRun(schedule, now);
    if (!due) return keep(schedule);
    const note = runNote(due, now);
    const started = { ...schedule, nextRunAt: due.next, lastRun: { at: now, note } };
    await keep(started);
    const refusal = await deps.run(schedule.savedId, schedule.values, note);
    if (refusal) {
      await keep({ ...started, lastRun: { at: now, note: `${note} It did not run: ${refusal.reason}` } });
      await deps.notify(`Bosun: “${schedule.name}” did not run`, refusal.reason);
    }
    announce();
  }

  return {
    list: (): Schedule[] => store.list(),
    save: (request: ScheduleRequest): Promise<Refusal | undefined> =>
      serial(async () => {
        const previous = request.id === undefined ? undefined : store.get(request.id);
        if (request.id !== undefined && !previous) return refuse(GONE);
        if (!previous && store.list().length >= MAX_SCHEDULES)
          return refuse(`Bosun keeps at most ${MAX_SCHEDULES} schedules: delete one first.`);
        const id = previous?.id ?? newId('schedule');
        const checked = checkSchedule(request, deps.saved(request.savedId), id, Date.now(), previous);
        if (!checked.ok) return refuse(checked.error);
        await keep(checked.schedule);
        announce();
        return;
      }),
    /** Paused, it does not run; resumed, it runs at its next time from now, not at the times it skipped. */
    setPaused: (id: string, paused: boolean): Promise<Refusal | undefined> =>
      serial(async () => {
        const schedule = store.get(id);
        if (!schedule) return refuse(GONE);
        const nextRunAt = paused ? schedule.nextRunAt : nextRunAfter(schedule.when, Date.now());
        await keep({ ...schedule, paused, nextRunAt });
        announce();
        return;
      }),
    remove: (id: string): Promise<Refusal | undefined> =>
      serial(async () => {
        if (!store.get(id)) return refuse(GONE);
        await store.remove(id);
        await deps.alarms.clear(ALARM_PREFIX + id);
        announce();
        return;
      }),
    load: () => store.load(),
    /** At every start of the background: what came due meanwhile runs now (once), the rest is armed again. */
    catchUp: (): Promise<void> =>
      serial(async () => {
        for (const schedule of store.list()) await fire(schedule);
      }),
    onAlarm: (name: string): Promise<void> =>
      serial(async () => {
        if (!name.startsWith(ALARM_PREFIX)) return;
        const schedule = store.get(name.slice(ALARM_PREFIX.length));
        if (schedule) await fire(schedule);
      }),
  };
}
export type Schedules = ReturnType<typeof createSchedules>;
