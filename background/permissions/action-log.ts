import type { ActionLogEntry, Db } from '../storage/db';
import { batchedWrite } from '../storage/write-batch';

const KEEP = 2000;
/** The result of an entry whose call is still running (see recordStart). */
export const RUNNING = 'running';
/** What a restart writes on an entry it finds still running. */
const CUT = 'Bosun restarted while this ran: it may or may not have taken effect, and it was not repeated.';

/** Every tool call, with its decision and result; kept across restarts, bounded, and clearable. */
export function createActionLog(database: Promise<Db>, broadcast: (entry: ActionLogEntry) => void) {
  return {
    /**
     * The entry and the trim of the oldest past KEEP are one write, in the batch of the call's other
     * records (its result message): they land together.
     */
    async add(entry: ActionLogEntry): Promise<void> {
      await batchedWrite(database, ['actionLog'], async (tx) => {
        const store = tx.objectStore('actionLog');
        await store.put(entry);
        let excess = (await store.count()) - KEEP;
        if (excess > 0)
          for await (const cursor of store.index('byTime').iterate()) {
            if (excess-- <= 0) break;
            await cursor.delete();
          }
      });
      broadcast(entry);
    },
    async list(limit = 500): Promise<ActionLogEntry[]> {
      const entries: ActionLogEntry[] = [];
      for await (const cursor of (await database)
        .transaction('actionLog')
        .store.index('byTime')
        .iterate(null, 'prev')) {
        if (entries.length >= limit) break;
        entries.push(cursor.value);
      }
      return entries.reverse();
    },
    /** At background start nothing runs yet: an entry still running is of a call a stop cut short. */
    async markInterrupted(): Promise<void> {
      const tx = (await database).transaction('actionLog', 'readwrite');
      const cut = (await tx.store.index('byResult').getAll(RUNNING)).map((entry): ActionLogEntry => {
        const details = entry.details?.replace(/: running$/, `: ${CUT}`);
        return { ...entry, result: 'interrupted', ...(details ? { details } : {}) };
      });
      await Promise.all([...cut.map((entry) => tx.store.put(entry)), tx.done]);
      for (const entry of cut) broadcast(entry);
    },
    // In the batch order: an entry issued before the clear does not outlive it.
    clear: (): Promise<void> => batchedWrite(database, ['actionLog'], (tx) => tx.objectStore('actionLog').clear()),
  };
}
export type ActionLog = ReturnType<typeof createActionLog>;
