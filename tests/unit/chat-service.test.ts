import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUSY_ERROR, createChatService, toWire } from '../../background/chat-service';
import { streamChatCompletion } from '../../src/llm/openai-chat';
import type { Settings } from '../../src/protocol/common';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { createConversationStore } from '../../src/storage/conversation-store';
import { openBosunDb } from '../../src/storage/db';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';

let llm: LlmServer;
let settings: Settings | null;
beforeAll(async () => {
  llm = await startLlmServer();
  settings = { provider: 'custom', model: 'test-model', apiKey: '', baseUrl: llm.baseUrl };
});
afterAll(() => llm.close());

let dbCount = 0;
let database: ReturnType<typeof openBosunDb>;
beforeEach(() => {
  llm.reset();
  database = openBosunDb(`chat-test-${++dbCount}`);
});

function service() {
  const sent: BackgroundToSidebar[] = [];
  const chat = createChatService({
    store: createConversationStore(database, 'current'),
    getSettings: async () => settings,
    stream: streamChatCompletion,
    broadcast: (message) => sent.push(message),
    holdAlive: (work) => work,
    saveEveryMs: 0,
  });
  const finished = () =>
    new Promise<Extract<BackgroundToSidebar, { type: 'CHAT_RESPONSE' }>>((resolve) => {
      const poll = () => {
        const response = sent.find((m) => m.type === 'CHAT_RESPONSE');
        if (response?.type === 'CHAT_RESPONSE') resolve(response);
        else setTimeout(poll, 10);
      };
      poll();
    });
  return { chat, sent, finished };
}

describe('chat service', () => {
  it('streams an answer to the sidebars and saves both turns', async () => {
    llm.script({ kind: 'text', chunks: ['Ahoy', ', ', 'sailor'] });
    const { chat, sent, finished } = service();
    await chat.restore();
    expect(await chat.send('Hello')).toBeNull();
    const response = await finished();
    expect(response.payload).toMatchObject({ content: 'Ahoy, sailor', isError: false, status: 'done' });
    const deltas = sent.filter((m) => m.type === 'CHAT_DELTA').map((m) => m.payload);
    expect(deltas.map((d) => [d.offset, d.delta])).toEqual([[0, 'Ahoy'], [4, ', '], [6, 'sailor']]);
    expect(sent.filter((m) => m.type === 'MESSAGE_ADDED').map((m) => m.payload.message.role)).toEqual(['user', 'assistant']);

    const reopened = service();
    await reopened.chat.restore();
    const { messages, busy } = reopened.chat.snapshot();
    expect(busy).toBe(false);
    expect(messages.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'Hello', 'done'],
      ['assistant', 'Ahoy, sailor', 'done'],
    ]);
    expect(messages[1]?.usage?.outputTokens).toBeGreaterThan(0);
  });

  it('sends the earlier turns to the model', async () => {
    llm.script({ kind: 'text', chunks: ['First answer'] }, { kind: 'text', chunks: ['Second answer'] });
    const { chat, sent, finished } = service();
    await chat.restore();
    await chat.send('One');
    await finished();
    sent.length = 0;
    await chat.send('Two');
    await finished();
    const body = llm.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
    expect(body.messages.slice(1)).toEqual([
      { role: 'user', content: 'One' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'Two' },
    ]);
    expect(body.messages[0]?.role).toBe('system');
  });

  it('refuses a second message while answering', async () => {
    llm.script({ kind: 'text', chunks: ['slow', ' answer'], delayMs: 200 });
    const { chat, finished } = service();
    await chat.restore();
    const first = chat.send('One');
    expect(await chat.send('Two')).toBe(BUSY_ERROR);
    await first;
    await finished();
    expect(chat.snapshot().messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('stop keeps what arrived and marks the answer stopped', async () => {
    llm.script({ kind: 'text', chunks: ['Part one.', ' Part two.', ' Part three.'], delayMs: 250 });
    const { chat, sent, finished } = service();
    await chat.restore();
    await chat.send('Go');
    await new Promise<void>((resolve) => {
      const poll = () => (sent.some((m) => m.type === 'CHAT_DELTA') ? resolve() : setTimeout(poll, 10));
      poll();
    });
    chat.stop();
    const response = await finished();
    expect(response.payload).toMatchObject({ status: 'stopped', isError: false, content: expect.stringMatching(/^Part one\./) });
    expect(chat.snapshot().busy).toBe(false);
  });

  it('a provider error becomes an error answer with an actionable message', async () => {
    llm.script({ kind: 'error', status: 503 });
    const { chat, finished } = service();
    await chat.restore();
    await chat.send('Hello');
    const response = await finished();
    expect(response.payload).toMatchObject({ isError: true, status: 'error', content: expect.stringMatching(/server error \(503\)/) });
    expect(chat.snapshot().messages[1]).toMatchObject({ status: 'error', error: expect.stringMatching(/503/) });
  });

  it('without settings, the answer says to configure a provider', async () => {
    const saved = settings;
    settings = null;
    try {
      const { chat, finished } = service();
      await chat.restore();
      await chat.send('Hello');
      expect((await finished()).payload.content).toMatch(/Choose a provider and model in Settings/);
      expect(llm.requests).toHaveLength(0);
    } finally {
      settings = saved;
    }
  });

  it('an answer that was streaming when the background stopped is restored as interrupted, with its text', async () => {
    const store = createConversationStore(database, 'current');
    await store.put({ id: 'u1', createdAt: '2026-01-01T00:00:00Z', role: 'user', content: 'Hi', status: 'done' }, 0);
    await store.put({ id: 'a1', createdAt: '2026-01-01T00:00:01Z', role: 'assistant', content: 'Half an ans', status: 'streaming' }, 1);
    const { chat } = service();
    await chat.restore();
    expect(chat.snapshot().messages[1]).toMatchObject({ status: 'interrupted', content: 'Half an ans', error: expect.stringMatching(/interrupted/) });
    expect((await store.load())[1]?.status).toBe('interrupted');
  });

  it('clear empties the conversation, even mid-answer, and nothing is written back after', async () => {
    llm.script({ kind: 'text', chunks: ['a', 'b', 'c'], delayMs: 150 });
    const { chat, sent } = service();
    await chat.restore();
    await chat.send('Hello');
    await chat.clear();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(chat.snapshot()).toEqual({ messages: [], busy: false });
    expect(await createConversationStore(database, 'current').load()).toEqual([]);
    expect(sent.at(-1)).toEqual({ type: 'CONVERSATION_STATE', payload: { messages: [], busy: false } });
  });
});

describe('toWire', () => {
  it('leaves out the answer being written and empty failed answers', () => {
    const at = '2026-01-01T00:00:00Z';
    const wire = toWire([
      { id: '1', createdAt: at, role: 'user', content: 'a', status: 'done' },
      { id: '2', createdAt: at, role: 'assistant', content: '', status: 'error', error: 'x' },
      { id: '3', createdAt: at, role: 'user', content: 'b', status: 'done' },
      { id: '4', createdAt: at, role: 'assistant', content: 'partial', status: 'stopped' },
      { id: '5', createdAt: at, role: 'user', content: 'c', status: 'done' },
      { id: '6', createdAt: at, role: 'assistant', content: 'so far', status: 'streaming' },
    ]);
    expect(wire.slice(1).map((m) => m.content)).toEqual(['a', 'b', 'partial', 'c']);
  });
});
