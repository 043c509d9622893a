// How many IndexedDB commits one agent step costs: a real task (runTask) with the real gate, Action
// Log, conversation and page cache on a real IndexedDB (fake-indexeddb), the real model client
// asking the scripted model server, and every readwrite transaction the database opens counted.
// Each commit is one the browser makes durable in turn, so a step pays for each. What a step must
// store before its action runs (the answer that asks for it, and its running Action Log entry) is
// one commit, and what it leaves (the result, its entry, the next answer begun) is the next one.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runTask, type TaskDeps } from '../../background/agent/run-task';
import { chatRunRecords } from '../../background/agent/run-record';
import { fixedScope } from '../../background/agent/task-scope';
import { createConversation } from '../../background/conversations/conversation-messages';
import { complete } from '../../background/llm/complete';
import { createActionLog } from '../../background/permissions/action-log';
import { createGate } from '../../background/permissions/gate';
import { createPolicyStore } from '../../background/permissions/policy-store';
import { createPrompts } from '../../background/permissions/prompts';
import { createConversationStore } from '../../background/storage/conversation-store';
import { openBosunDb, type Db } from '../../background/storage/db';
import { createPageCache } from '../../background/storage/page-cache';
import { toolSpecs } from '../../background/tools/registry';
import { keywordScope } from '../../policy';
import { DEFAULT_LIMITS } from '../../src/protocol/limits';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { startLlmServer, type LlmServer, type Step } from '../fixtures/llm-server';

const TAB = { id: 7, windowId: 1, url: 'https://shop.example/cart', title: 'Cart', active: true };

/**
 * Node has no extension APIs: the one tab the task works in, as `browser.tabs` reports it, and the
 * session storage the policy keeps its session grants in. The task only reads them. As in a
 * browser, where the answer comes from another process, a tab read answers in a later task.
 */
function browserTab(): () => void {
  const browser = (globalThis as unknown as { browser: Record<string, unknown> }).browser;
  const event = { addListener: () => undefined, removeListener: () => undefined };
  const session: Record<string, unknown> = {};
  const added = {
    tabs: {
      get: async (id: number) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (id !== TAB.id) throw new Error(`No tab with id: ${id}`);
        return TAB;
      },
      query: async () => [TAB],
      onCreated: event,
      onRemoved: event,
      onUpdated: event,
    },
    storage: {
      session: {
        get: async (key: string) => ({ [key]: session[key] }),
        set: async (items: Record<string, unknown>) => void Object.assign(session, items),
      },
    },
  };
  Object.assign(browser, added);
  return () => {
    for (const key of Object.keys(added)) delete browser[key];
  };
}

/** The database with each readwrite transaction it opens counted, by the stores it spans. */
async function countedDb(name: string) {
  const database = openBosunDb(name);
  const db = await database;
  const commits: string[][] = [];
  const open = db.transaction.bind(db) as Db['transaction'];
  vi.spyOn(db, 'transaction').mockImplementation(((
    stores: string | string[],
    mode?: IDBTransactionMode,
    options?: IDBTransactionOptions,
  ) => {
    if (mode === 'readwrite') commits.push([stores].flat().sort());
    return open(stores as never, mode, options);
  }) as Db['transaction']);
  return { database, commits };
}

let llm: LlmServer;
let restore: () => void;
beforeAll(async () => {
  llm = await startLlmServer({ apiKey: 'sk-good' });
  restore = browserTab();
});
afterAll(async () => {
  restore();
  await llm.close();
});
beforeEach(() => llm.reset());

/** Recalls of pages never read (each its own, so none counts as the same call repeated). */
const recall = (...ids: string[]): Step => ({
  kind: 'tool_calls',
  calls: ids.map((id) => ({ id, name: 'get_cached_snapshot', arguments: { url: `https://shop.example/${id}` } })),
});

/** A chat task whose model asks for `steps`, then answers; gives the commits it made and what it stored. */
async function task(name: string, steps: Step[]) {
  const { database, commits } = await countedDb(name);
  const log = createActionLog(database, () => undefined);
  const told: BackgroundToSidebar[] = [];
  const conversation = createConversation(createConversationStore(database, 'conv-1'), (m) => told.push(m));
  const gate = createGate({
    policy: createPolicyStore(database),
    prompts: createPrompts(
      () => undefined,
      () => undefined,
    ),
    log,
    promptTimeoutMs: () => 60_000,
  });
  const deps: TaskDeps = {
    conversation,
    complete,
    gate,
    settings: () => ({ provider: 'openai', model: 'test-model', apiKey: 'sk-good', baseUrl: llm.baseUrl }),
    limits: () => DEFAULT_LIMITS,
    runs: chatRunRecords(database, 'conv-1'),
    pages: createPageCache(database),
    crawl: undefined as never,
    tools: toolSpecs,
    // Reading puts nothing on the page: these tasks never show the mask.
    mask: { show: async () => undefined, hide: async () => undefined },
    forgetReadings: async () => undefined,
  };
  llm.script(...steps, { kind: 'text', chunks: ['Done.'] });
  await conversation.add({ role: 'user', content: 'What did I read?', status: 'done' });
  commits.length = 0;
  told.length = 0;
  const scope = fixedScope(keywordScope('What did I read?'));
  const end = await runTask(deps, TAB.id, new AbortController().signal, { scope, requester: 'chat' });
  return { end, commits, told, log: await log.list(), messages: conversation.all() };
}

describe('an agent step costs one commit before its action and one after it', () => {
  it('a step of one action: two commits (the answer with the running entry, the result with the next answer)', async () => {
    const one = await task('steps-1', [recall('r1')]);
    const three = await task('steps-3', [recall('r1'), recall('r2'), recall('r3')]);
    expect([one.end, three.end]).toEqual(['answered', 'answered']);
    // Everything was stored: each call's entry with its outcome, each answer and result.
    expect(three.log.map((e) => [e.toolName, e.result])).toEqual(
      Array.from({ length: 3 }, () => ['get_cached_snapshot', 'failed']),
    );
    expect(three.messages.map((m) => m.role)).toEqual([
      'user',
      ...Array.from({ length: 3 }, () => ['assistant', 'tool']).flat(),
      'assistant',
    ]);
    // The task's own commits (its run record, the first answer begun, the last answer, the run's end) and two per step.
    expect(one.commits).toEqual([
      ['state'],
      ['messages'],
      ['actionLog', 'messages'],
      ['actionLog', 'messages'],
      ['messages'],
      ['state'],
    ]);
    expect(three.commits.length - one.commits.length).toBe(2 * 2);
  });

  it('a step of two actions: three commits, the first result stored with the second action entry', async () => {
    const one = await task('pairs-1', [recall('a1', 'b1')]);
    const two = await task('pairs-2', [recall('a1', 'b1'), recall('a2', 'b2')]);
    expect(two.log).toHaveLength(4);
    expect(two.commits.length - one.commits.length).toBe(3);
  });
});

describe('what the sidebar is told of a step', () => {
  it('each message added or changed, one at a time, never the conversation again', async () => {
    const three = await task('told-3', [recall('r1'), recall('r2'), recall('r3')]);
    expect(three.end).toBe('answered');
    // Each of these carries one message, or a piece of one; the conversation whole is CONVERSATION_STATE.
    const oneAtATime = ['MESSAGE_ADDED', 'MESSAGE_UPDATED', 'CHAT_DELTA', 'CHAT_RESPONSE'];
    expect(three.told.filter((m) => !oneAtATime.includes(m.type)).map((m) => m.type)).toEqual([]);
    // Three answers that asked for a call, their three results, and the last answer: each added once.
    const added = three.told.flatMap((m) => (m.type === 'MESSAGE_ADDED' ? [m.payload.message.role] : []));
    expect(added).toEqual([...Array.from({ length: 3 }, () => ['assistant', 'tool']).flat(), 'assistant']);
  });
});
