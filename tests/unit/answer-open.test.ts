import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createConversation } from '../../background/conversations/conversation-messages';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { createConversationStore } from '../../background/storage/conversation-store';
import { openBosunDb } from '../../background/storage/db';
import { conversationWithSidebar } from './support/conversation';

describe('an answer opened while the model is asked', () => {
  it('is announced once saved, with the text that came meanwhile, and its later text as deltas', async () => {
    const { sent, sidebar, store, conversation } = conversationWithSidebar();
    const { message, saved } = conversation.open({ role: 'assistant', content: '', status: 'streaming' });
    // The model answers before the save is done: nothing is announced yet.
    conversation.appendText(message, 'Ahoy');
    conversation.updated(message);
    expect(sent).toEqual([]);
    await saved;
    expect(sent.map((m) => m.type)).toEqual(['MESSAGE_ADDED']);
    expect(sent[0]).toMatchObject({ payload: { message: { id: message.id, content: 'Ahoy' } } });
    conversation.appendText(message, ' there');
    expect(sent[1]).toEqual({ type: 'CHAT_DELTA', payload: { messageId: message.id, offset: 4, delta: ' there' } });
    expect(sidebar.messages.value.map((m) => m.content)).toEqual(['Ahoy there']);
    // It was stored in its place, and later saves keep its text.
    await conversation.save(message);
    expect((await store.load()).map((m) => m.content)).toEqual(['Ahoy there']);
  });

  it('takes its place at once, so what is added after it keeps its order', async () => {
    const { conversation, store } = conversationWithSidebar();
    const { message, saved } = conversation.open({ role: 'assistant', content: '', status: 'streaming' });
    await conversation.add({ role: 'tool', content: 'read', status: 'done', toolCallId: 't1', name: 'read_page' });
    await saved;
    expect((await store.load()).map((m) => m.id)[0]).toBe(message.id);
    expect(conversation.all()[0]).toBe(message);
  });

  it('is not kept, and says why, when the browser refuses to store it', async () => {
    const sent: BackgroundToSidebar[] = [];
    const refusing = {
      ...createConversationStore(openBosunDb(`open-refused`), 'c1'),
      put: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')),
    };
    const conversation = createConversation(refusing, (message) => sent.push(message));
    const { saved } = conversation.open({ role: 'assistant', content: '', status: 'streaming' });
    await expect(saved).rejects.toThrow(/Quota exceeded/);
    expect(conversation.all()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('of a conversation cleared meanwhile is not announced into the next one', async () => {
    const { sent, conversation } = conversationWithSidebar();
    const { saved } = conversation.open({ role: 'assistant', content: '', status: 'streaming' });
    const cleared = conversation.clear();
    await Promise.all([saved.catch(() => undefined), cleared]);
    expect(sent.map((m) => m.type)).toEqual(['CONVERSATION_STATE']);
  });
});
