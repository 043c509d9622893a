import type { IDBPTransaction, StoreNames } from 'idb';
import type { BosunDb, Db } from './db';

type Store = StoreNames<BosunDb>;
export type BatchTransaction = IDBPTransaction<BosunDb, Store[], 'readwrite'>;
/** One write's part of a batch: its requests, made on the batch's transaction. */
export type BatchWrite = (tx: BatchTransaction) => Promise<void>;

interface Pending {
  stores: readonly Store[];
  write: BatchWrite;
  resolve(): void;
  reject(error: unknown): void;
}

/** The writes waiting for their commit, per database. */
const waiting = new WeakMap<Promise<Db>, Pending[]>();

/**
 * Writes issued in the same task of the event loop commit in one transaction: an agent step's Action
 * Log entry, its result message, the page it read and the next answer's first save are issued one
 * after another with nothing but promise callbacks between them, and land together or not at all.
 * Each transaction is a commit the browser makes durable (Firefox's is tens of milliseconds on a
 * busy disk), and a step used to pay several in a row. Resolves once the batch has committed;
 * rejects, with the first failing write's own error, when any write of the batch fails, and then
 * none of the batch is stored.
 */
export function batchedWrite(database: Promise<Db>, stores: readonly Store[], write: BatchWrite): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let queue = waiting.get(database);
    if (!queue) {
      queue = [];
      waiting.set(database, queue);
      // A macrotask: every promise callback of the task that issued the first write runs before it.
      setTimeout(() => void commit(database), 0);
    }
    queue.push({ stores, write, resolve, reject });
  });
}

async function commit(database: Promise<Db>): Promise<void> {
  const queue = waiting.get(database) ?? [];
  waiting.delete(database);
  let tx: BatchTransaction | undefined;
  try {
    const db = await database;
    // Relaxed: the commit is reported once the browser has handed it to the system, without waiting
    // for the disk's flush (Chrome's default already; Firefox otherwise flushes on every commit).
    // A crash of the browser loses nothing committed; a power cut may lose the last batches, each
    // whole, never a part of one.
    tx = db.transaction([...new Set(queue.flatMap((p) => p.stores))], 'readwrite', { durability: 'relaxed' });
    // A refused write (storage full) aborts the transaction: the write's own error is the one reported.
    tx.done.catch(() => undefined);
    // One after another, in the order issued: a write that counts what it keeps (the Action Log's
    // trim) sees the writes before it, and a clear is not overtaken by a save issued before it.
    for (const p of queue) await p.write(tx);
    await tx.done;
    for (const p of queue) p.resolve();
  } catch (error) {
    try {
      tx?.abort();
    } catch {
      // Already aborted by the failed request, or never started.
    }
    for (const p of queue) p.reject(error);
  }
}
