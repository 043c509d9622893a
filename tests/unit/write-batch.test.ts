import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createActionLog } from '../../background/permissions/action-log';
import { createConversationStore } from '../../background/storage/conversation-store';
import { openBosunDb, type ActionLogEntry, type Db } from '../../background/storage/db';
import { createPageCache } from '../../background/storage/page-cache';
import type { ChatMessage } from '../../src/protocol/common';

const entry = (id: string): ActionLogEntry => ({
  id,
  timestamp: Date.now(),
  toolName: 'read_page',
  parameters: {},
  site: 'shop.example',
  permissionLevel: 'read-only',
  decision: 'auto-approved',
  result: 'success',
});
const message = (id: string, content: string): ChatMessage => ({
  id,
  createdAt: '2026-11-29T18:00:00.000Z',
  role: 'tool',
  content,
  status: 'done',
  toolCallId: `call-${id}`,
  name: 'read_page',
});

/** The database, with every transaction it opens counted (readwrite ones by their stores and durability). */
async function counted(name: string) {
  const database = openBosunDb(name);
  const db = await database;
  const writes: string[][] = [];
  const durability: (string | undefined)[] = [];
  const open = db.transaction.bind(db) as Db['transaction'];
  vi.spyOn(db, 'transaction').mockImplementation(((
    stores: string | string[],
    mode?: IDBTransactionMode,
    options?: IDBTransactionOptions,
  ) => {
    if (mode === 'readwrite') {
      writes.push([stores].flat().sort());
      durability.push(options?.durability);
    }
    return open(stores as never, mode, options);
  }) as Db['transaction']);
  return { database, writes, durability };
}

/** One agent step's records, as the task issues them: nothing but promise callbacks between them. */
function stepRecords(database: Promise<Db>, page: string) {
  const log = createActionLog(database, () => undefined);
  const store = createConversationStore(database, 'conv-1');
  const pages = createPageCache(database);
  return [
    pages.add({ url: 'https://shop.example/', title: 'Shop', markdown: page, product: null }),
    log.add(entry('log-read')),
    store.put(message('msg-read', page), 3),
    store.put({ ...message('msg-next', ''), role: 'assistant', status: 'streaming' }, 4),
  ];
}

describe('writes batched per task', () => {
  it("commits one step's records (result, Action Log entry, page read, next answer) in one transaction", async () => {
    const { database, writes, durability } = await counted('batch-one-step');
    await Promise.all(stepRecords(database, '# Shop'));

    expect(writes).toEqual([['actionLog', 'messages', 'pages', 'state']]);
    // Not a disk flush per step: a browser crash loses nothing committed, a power cut at most whole batches.
    expect(durability).toEqual(['relaxed']);
    const db = await database;
    expect((await db.get('messages', 'msg-read'))?.content).toBe('# Shop');
    expect(await db.get('messages', 'msg-next')).toBeDefined();
    expect(await db.get('actionLog', 'log-read')).toBeDefined();
    expect((await db.get('pages', 'https://shop.example/'))?.markdown).toBe('# Shop');
  });

  it('stores none of a step when one of its records is refused, and each write reports the refusal', async () => {
    const database = openBosunDb('batch-refused');
    const log = createActionLog(database, () => undefined);
    const store = createConversationStore(database, 'conv-1');
    // A value the store cannot hold is refused by its put, as a full disk refuses a write.
    const refused = { ...message('msg-bad', 'x'), toolCalls: [{ id: 'c', name: 'n', args: { f: () => 0 } }] };
    const results = await Promise.allSettled([
      log.add(entry('log-click')),
      store.put(refused as unknown as ChatMessage, 2),
      store.put(message('msg-click', 'Clicked'), 1),
    ]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const db = await database;
    expect(await db.get('actionLog', 'log-click')).toBeUndefined();
    expect(await db.get('messages', 'msg-click')).toBeUndefined();
    // The next task's writes are a batch of their own, unharmed.
    await store.put(message('msg-later', 'later'), 5);
    expect(await db.get('messages', 'msg-later')).toBeDefined();
  });

  it('keeps the order writes were issued in: a clear after a save is not overtaken by it', async () => {
    const { database, writes } = await counted('batch-order');
    const store = createConversationStore(database, 'conv-1');
    await store.put(message('msg-0', 'before'), 0);
    const saved = store.put(message('msg-1', 'during'), 1);
    const cleared = store.clear();
    await Promise.all([saved, cleared]);

    expect(await store.load()).toEqual([]);
    // The first save, awaited, was a task of its own; the save and the clear issued together, one.
    expect(writes).toHaveLength(2);
  });
});
