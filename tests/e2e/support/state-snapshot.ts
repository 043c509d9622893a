import type { PageDriver } from '../harness';

/**
 * Everything Bosun keeps, read from one of its pages as text: every IndexedDB store of the
 * `bosun` database (settings, policy, conversations, Action Log, error log, library, ...),
 * with keys, and `storage.session`. Two equal snapshots mean nothing was changed.
 */
export function stateSnapshot(page: PageDriver): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('bosun');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const names = [...db.objectStoreNames].sort();
      const tx = db.transaction(names, 'readonly');
      const read = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const stores: Record<string, unknown> = {};
      for (const name of names) {
        const store = tx.objectStore(name);
        stores[name] = { keys: await read(store.getAllKeys()), values: await read(store.getAll()) };
      }
      return JSON.stringify({ version: db.version, stores, session: await browser.storage.session.get() });
    } finally {
      db.close();
    }
  });
}
