import { newId } from '../storage/ids';
import type { Db, ErrorLogEntry } from '../storage/db';

/** Enough history to diagnose a bad session, small enough that a loop of failures cannot fill the disk. */
export const ERROR_LOG_KEEP = 500;

/** The background's error log: kept across restarts, bounded (oldest dropped first), clearable. */
export function createErrorLog(database: Promise<Db>, now: () => number = Date.now) {
  return {
    /**
     * Best effort: when the error cannot be recorded (the storage is full), it is dropped rather
     * than raised, since a failure to record would itself be an uncaught error to record, again and again.
     */
    async add(source: string, message: string): Promise<void> {
      try {
        const db = await database;
        await db.put('errorLog', { id: newId('err'), timestamp: now(), source, message: message.slice(0, 2000) });
        let excess = (await db.count('errorLog')) - ERROR_LOG_KEEP;
        if (excess <= 0) return;
        const tx = db.transaction('errorLog', 'readwrite');
        for await (const cursor of tx.store.index('byTime').iterate()) {
          if (excess-- <= 0) break;
          await cursor.delete();
        }
        await tx.done;
      } catch {
        // Dropped, as said above.
      }
    },
    /** Oldest first. */
    async list(): Promise<ErrorLogEntry[]> {
      return (await database).getAllFromIndex('errorLog', 'byTime');
    },
    async count(): Promise<number> {
      return (await database).count('errorLog');
    },
    async clear(): Promise<void> {
      await (await database).clear('errorLog');
    },
  };
}
export type ErrorLog = ReturnType<typeof createErrorLog>;
