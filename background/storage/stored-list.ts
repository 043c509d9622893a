import * as v from 'valibot';
import type { Db } from './db';

/**
 * A short list of records kept under one key of the `state` store, cached in memory between writes.
 * Stored records are parsed on every load: one that does not parse is dropped, never used.
 */
export function createStoredList<T extends { id: string }>(
  database: Promise<Db>,
  key: string,
  schema: v.GenericSchema<unknown, T>,
) {
  let cached: T[] = [];
  return {
    async load(): Promise<T[]> {
      const raw = await (await database).get('state', key);
      cached = Array.isArray(raw)
        ? raw.flatMap((item: unknown) => {
            const parsed = v.safeParse(schema, item);
            return parsed.success ? [parsed.output] : [];
          })
        : [];
      return cached;
    },
    list: (): T[] => structuredClone(cached),
    get: (id: string): T | undefined => cached.find((item) => item.id === id),
    /** The records now: the next write replaces them with the list it is given. */
    current: (): readonly T[] => cached,
    async write(list: T[]): Promise<void> {
      cached = list;
      await (await database).put('state', cached, key);
    },
  };
}
