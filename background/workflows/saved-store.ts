import * as v from 'valibot';
import { SavedWorkflow } from '../../src/protocol/common';
import type { Db } from '../storage/db';

const KEY = 'savedWorkflows';
/** Enough for a person's routines; the oldest go first past it. */
const MAX_SAVED = 50;

/** Saved workflows, newest first, in the `state` store. Stored records are parsed: one that does not parse is dropped. */
export function createSavedStore(database: Promise<Db>) {
  let cached: SavedWorkflow[] = [];
  const write = async (list: SavedWorkflow[]) => {
    cached = list.slice(0, MAX_SAVED);
    await (await database).put('state', cached, KEY);
  };
  return {
    async load(): Promise<SavedWorkflow[]> {
      const raw = await (await database).get('state', KEY);
      cached = Array.isArray(raw)
        ? raw.flatMap((item: unknown) => {
            const parsed = v.safeParse(SavedWorkflow, item);
            return parsed.success ? [parsed.output] : [];
          })
        : [];
      return cached;
    },
    list: (): SavedWorkflow[] => structuredClone(cached),
    get: (id: string): SavedWorkflow | undefined => cached.find((s) => s.id === id),
    add: (saved: SavedWorkflow) => write([saved, ...cached]),
    remove: (id: string) => write(cached.filter((s) => s.id !== id)),
  };
}
export type SavedStore = ReturnType<typeof createSavedStore>;
