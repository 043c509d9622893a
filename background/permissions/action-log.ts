import type { ActionLogEntry, Db } from '../storage/db';
import { batchedWrite } from '../storage/write-batch';

const KEEP = 2000;

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
    // In the batch order: an entry issued before the clear does not outlive it.
    clear: (): Promise<void> => batchedWrite(database, ['actionLog'], (tx) => tx.objectStore('actionLog').clear()),
  };
}
export type ActionLog = ReturnType<typeof createActionLog>;
