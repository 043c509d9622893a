import * as v from 'valibot';
import { Schedule } from '../../src/protocol/schedules';
import type { Db } from '../storage/db';

const KEY = 'schedules';
/** More than a person keeps up with; past it, a new schedule is refused. */
export const MAX_SCHEDULES = 50;

/**
 * The schedules, in the `state` store, so they outlive a restart of the browser. Stored records are
 * parsed on every load: one that does not parse is dropped, never run.
 */
export function createScheduleStore(database: Promise<Db>) {
  let cached: Schedule[] = [];
  return {
    async load(): Promise<Schedule[]> {
      const raw = await (await database).get('state', KEY);
      cached = Array.isArray(raw)
        ? raw.flatMap((item: unknown) => {
            const parsed = v.safeParse(Schedule, item);
            return parsed.success ? [parsed.output] : [];
          })
        : [];
      return cached;
    },
    list: (): Schedule[] => structuredClone(cached),
    get: (id: string): Schedule | undefined => cached.find((s) => s.id === id),
    /** Adds the schedule, or replaces the one with its id. */
    async put(schedule: Schedule): Promise<void> {
      const others = cached.filter((s) => s.id !== schedule.id);
      cached =
        others.length === cached.length
          ? [...cached, schedule]
          : cached.map((s) => (s.id === schedule.id ? schedule : s));
      await (await database).put('state', cached, KEY);
    },
    async remove(id: string): Promise<void> {
      cached = cached.filter((s) => s.id !== id);
      await (await database).put('state', cached, KEY);
    },
  };
}
export type ScheduleStore = ReturnType<typeof createScheduleStore>;
