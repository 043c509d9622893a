import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createErrorLog, ERROR_LOG_KEEP } from '../../background/diagnostics/error-log';
import { openBosunDb } from '../../background/storage/db';

let counter = 0;
const freshName = () => `bosun-test-${++counter}`;

describe('the Bosun database', () => {
  it('upgrades a version 2 database in place, keeping what it holds and indexing it', async () => {
    const name = freshName();
    // Version 2 exactly as it shipped: its stores, one record in each that matters.
    const v2 = await openDB(name, 2, {
      upgrade(db) {
        db.createObjectStore('settings');
        db.createObjectStore('messages', { keyPath: 'id' }).createIndex('byConversation', ['conversationId', 'seq']);
        db.createObjectStore('pages', { keyPath: 'url' }).createIndex('byTime', 'timestamp');
        db.createObjectStore('state');
        db.createObjectStore('actionLog', { keyPath: 'id' }).createIndex('byTime', 'timestamp');
      },
    });
    await v2.put(
      'settings',
      { provider: 'openai', model: 'm', apiKey: 'k', baseUrl: 'https://api.openai.com/v1' },
      'current',
    );
    await v2.put('pages', { url: 'https://a.test/', title: 'A', markdown: '# A', product: null, timestamp: 1 });
    await v2.put('actionLog', {
      id: 'log_1',
      timestamp: 1,
      toolName: 'read_page',
      parameters: {},
      site: 'a.test',
      permissionLevel: 'read-only',
      decision: 'auto-approved',
      result: 'success',
    });
    v2.close();

    const db = await openBosunDb(name);
    expect(db.version).toBe(5);
    expect([...db.objectStoreNames].sort()).toEqual([
      'actionLog',
      'crawlFrontiers',
      'crawlJobs',
      'crawlPages',
      'errorLog',
      'messages',
      'pages',
      'settings',
      'state',
    ]);
    expect(await db.get('settings', 'current')).toMatchObject({ provider: 'openai', apiKey: 'k' });
    expect(await db.get('pages', 'https://a.test/')).toMatchObject({ title: 'A' });
    expect(await db.count('actionLog')).toBe(1);
    expect(await db.getAllKeysFromIndex('actionLog', 'byResult', 'success')).toEqual(['log_1']);
    expect(await db.count('errorLog')).toBe(0);
    expect(await db.count('crawlPages')).toBe(0);
    db.close();
  });
});

describe('the error log', () => {
  it('keeps errors oldest first, counts and clears them', async () => {
    let clock = 1000;
    const log = createErrorLog(openBosunDb(freshName()), () => clock++);
    await log.add('storage.jobs.get', 'disk full');
    await log.add('background', 'Unhandled rejection: boom');
    expect((await log.list()).map((e) => [e.timestamp, e.source, e.message])).toEqual([
      [1000, 'storage.jobs.get', 'disk full'],
      [1001, 'background', 'Unhandled rejection: boom'],
    ]);
    expect(await log.count()).toBe(2);
    await log.clear();
    expect(await log.list()).toEqual([]);
  });

  it('is bounded: the oldest entries go first, and long messages are cut', async () => {
    let clock = 0;
    const log = createErrorLog(openBosunDb(freshName()), () => clock++);
    for (let i = 0; i < ERROR_LOG_KEEP + 3; i++) await log.add('background', `error ${i}`);
    await log.add('background', 'x'.repeat(5000));
    const entries = await log.list();
    expect(entries).toHaveLength(ERROR_LOG_KEEP);
    expect(entries[0]?.message).toBe('error 4');
    expect(entries.at(-1)?.message).toHaveLength(2000);
  });
});
