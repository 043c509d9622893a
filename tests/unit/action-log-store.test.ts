import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createActionLog } from '../../background/permissions/action-log';
import { openBosunDb, type ActionLogEntry } from '../../background/storage/db';

const entry = (n: number): ActionLogEntry => ({
  id: `log-${n}`,
  timestamp: 1_000_000 + n,
  toolName: 'click_element',
  parameters: { index: n },
  site: 'example.com',
  permissionLevel: 'interact',
  decision: 'auto-approved',
  result: 'success',
  details: `chat: Clicked ${n}`,
});

describe('the Action Log store', () => {
  // Each add waits for its batch's commit (write-batch.ts): 2003 commits one after another take seconds.
  it(
    'keeps the newest 2000 entries, oldest first, and announces each entry once it is stored',
    { timeout: 30_000 },
    async () => {
      const announced: string[] = [];
      const log = createActionLog(openBosunDb('action-log-keep'), (e) => announced.push(e.id));
      for (let n = 1; n <= 2003; n++) await log.add(entry(n));

      const kept = await log.list(5000);
      expect(kept).toHaveLength(2000);
      expect(kept[0]?.id).toBe('log-4');
      expect(kept.at(-1)?.id).toBe('log-2003');
      expect(announced).toHaveLength(2003);
      expect(announced.at(-1)).toBe('log-2003');
    },
  );

  it('announces nothing for an entry the store refuses, and reports why', async () => {
    const announced: string[] = [];
    const log = createActionLog(openBosunDb('action-log-refused'), (e) => announced.push(e.id));
    await log.add(entry(1));
    // A key the store cannot hold is refused by the put, as a full disk refuses a write.
    await expect(log.add({ ...entry(2), id: undefined as unknown as string })).rejects.toThrow();

    expect(announced).toEqual(['log-1']);
    expect((await log.list()).map((e) => e.id)).toEqual(['log-1']);
  });

  it('a restart marks the entries of calls still running as interrupted, says so once, and leaves finished ones', async () => {
    const announced: string[] = [];
    const log = createActionLog(openBosunDb('action-log-restart'), (e) => announced.push(`${e.id} ${e.result}`));
    await log.add(entry(1));
    await log.add({ ...entry(2), result: 'running', details: 'chat: running' });
    announced.length = 0;

    await log.markInterrupted();
    const [done, cut] = await log.list();
    expect(done).toEqual(entry(1));
    expect(cut).toMatchObject({ id: 'log-2', result: 'interrupted' });
    expect(cut?.details).toMatch(/^chat: Bosun restarted while this ran: it may or may not have taken effect/);
    expect(announced).toEqual(['log-2 interrupted']);
    // A second start finds nothing left running.
    await log.markInterrupted();
    expect(announced).toHaveLength(1);
  });

  it('a restart reads only the entries still running, however long the log', async () => {
    const database = openBosunDb('action-log-restart-full');
    const tx = (await database).transaction('actionLog', 'readwrite');
    for (let n = 1; n <= 2000; n++)
      void tx.store.put(n % 700 === 0 ? { ...entry(n), result: 'running', details: 'chat: running' } : entry(n));
    await tx.done;
    const log = createActionLog(database, () => undefined);
    // Neither the store nor an index is walked, nor the whole log read: the running entries are asked for by their result.
    const walks = [vi.spyOn(IDBObjectStore.prototype, 'openCursor'), vi.spyOn(IDBIndex.prototype, 'openCursor')];
    const reads = vi.spyOn(IDBIndex.prototype, 'getAll');
    const storeReads = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    await log.markInterrupted();
    expect(walks.map((walk) => walk.mock.calls.length)).toEqual([0, 0]);
    expect(storeReads).not.toHaveBeenCalled();
    expect(reads.mock.calls).toEqual([['running']]);
    vi.restoreAllMocks();
    const all = await log.list(5000);
    expect(all.filter((e) => e.result === 'interrupted').map((e) => e.id)).toEqual(['log-700', 'log-1400']);
    expect(all.filter((e) => e.result === 'success')).toHaveLength(1998);
  });
});
