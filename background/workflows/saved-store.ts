import { SavedWorkflow } from '../../src/protocol/common';
import type { Db } from '../storage/db';
import { createStoredList } from '../storage/stored-list';

/** Enough for a person's routines; the oldest go first past it. */
const MAX_SAVED = 50;

/** Saved workflows, newest first, in the `state` store; one that does not parse is dropped. */
export function createSavedStore(database: Promise<Db>) {
  const { current, write, ...read } = createStoredList<SavedWorkflow>(database, 'savedWorkflows', SavedWorkflow);
  return {
    ...read,
    add: (saved: SavedWorkflow) => write([saved, ...current()].slice(0, MAX_SAVED)),
    remove: (id: string) => write(current().filter((s) => s.id !== id)),
  };
}
export type SavedStore = ReturnType<typeof createSavedStore>;
