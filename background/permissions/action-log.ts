import type { ActionLogEntry, Db } from '../../src/storage/db';

const KEEP = 2000;

/** Every tool call, with its decision and result; kept across restarts, bounded, and clearable. */
export function createActionLog(database: Promise<Db>, broadcast: (entry: ActionLogEntry) => void) {
  return {
    async add(entry: ActionLogEntry): Promise<void> {
      const db = await database;
      await db.put('actionLog', entry);
      broadcast(entry);
      const total = await db.count('actionLog');
      if (total <= KEEP) return;
      let excess = total - KEEP;
      const tx = db.transaction('actionLog', 'readwrite');
      for await (const cursor of tx.store.index('byTime').iterate()) {
        if (excess-- <= 0) break;
        await cursor.delete();
      }
      await tx.done;
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
    async clear(): Promise<void> {
      await (await database).clear('actionLog');
    },
  };
}
export type ActionLog = ReturnType<typeof createActionLog>;
