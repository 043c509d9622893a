import { Schedule } from '../../src/protocol/schedules';
import type { Db } from '../storage/db';
import { createStoredList } from '../storage/stored-list';

/** More than a person keeps up with; past it, a new schedule is refused. */
export const MAX_SCHEDULES = 50;

/** The schedules, in the `state` store, so they outlive a restart of the browser; one that does not parse is never run. */
export function createScheduleStore(database: Promise<Db>) {
  const { current, write, ...read } = createStoredList<Schedule>(database, 'schedules', Schedule);
  return {
    ...read,
    /** Adds the schedule, or replaces the one with its id, in its place. */
    put: (schedule: Schedule) =>
      write(
        current().some((s) => s.id === schedule.id)
          ? current().map((s) => (s.id === schedule.id ? schedule : s))
          : [...current(), schedule],
      ),
    remove: (id: string) => write(current().filter((s) => s.id !== id)),
  };
}
export type ScheduleStore = ReturnType<typeof createScheduleStore>;
