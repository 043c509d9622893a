// A restart finds the conversations whose chat task a stop cut short from their run records alone,
// reading no other record of the state store. On a real (in-memory) IndexedDB.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { chatRunRecords, createRunRecords, interruptedChats } from '../../background/agent/run-record';
import { openBosunDb } from '../../background/storage/db';

describe('the run records a restart looks for', () => {
  it("are each conversation's chat task record, and no other record of the state", async () => {
    const database = openBosunDb('run-records-restart');
    const run = { runId: 'r', tabId: 1, startedAt: 1 };
    await chatRunRecords(database, 'conv-b').save(run);
    await chatRunRecords(database, 'conv-a').save(run);
    await createRunRecords(database, 'abpAgent').save(run);
    await (await database).put('state', { plan: {} }, 'workflow:wf_1');
    await (await database).put('state', 'conv-z', 'activeRu');
    expect(await interruptedChats(database)).toEqual(['conv-a', 'conv-b']);
    await chatRunRecords(database, 'conv-a').end();
    expect(await interruptedChats(database)).toEqual(['conv-b']);
  });
});
