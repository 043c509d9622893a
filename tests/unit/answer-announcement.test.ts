import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { conversationWithSidebar } from './support/conversation';

describe('a finished answer', () => {
  it("is announced once, by the spec's CHAT_RESPONSE, which carries its text, status and usage", async () => {
    const { sent, sidebar, conversation } = conversationWithSidebar();
    const answer = await conversation.add({ role: 'assistant', content: '', status: 'streaming' });
    conversation.appendText(answer, 'Ahoy');
    answer.content = 'Ahoy.';
    answer.status = 'done';
    answer.usage = { inputTokens: 10, outputTokens: 2, totalTokens: 12 };
    const before = sent.length;
    await conversation.finish(answer);

    expect(sent.slice(before)).toEqual([
      {
        type: 'CHAT_RESPONSE',
        payload: { content: 'Ahoy.', isError: false, messageId: answer.id, status: 'done', usage: answer.usage },
      },
    ]);
    expect(sidebar.messages.value).toEqual([answer]);
    expect(sidebar.busy.value).toBe(false);
  });

  it('an answer that failed is announced once, with why, and the sidebar shows the failure', async () => {
    const { sent, sidebar, conversation } = conversationWithSidebar();
    const answer = await conversation.add({ role: 'assistant', content: '', status: 'streaming' });
    answer.status = 'error';
    answer.error = 'Invalid API key.';
    const before = sent.length;
    await conversation.finish(answer);

    expect(sent.slice(before).map((m) => m.type)).toEqual(['CHAT_RESPONSE']);
    expect(sidebar.messages.value).toEqual([answer]);
  });

  it('during a chat task is announced only once the task lets go, so the sidebar cannot send into a busy agent', async () => {
    const { sent, sidebar, conversation } = conversationWithSidebar();
    conversation.setBusy(true);
    await conversation.add({ role: 'user', content: 'What does it cost?', status: 'done' });
    const answer = await conversation.add({ role: 'assistant', content: 'Ten.', status: 'done' });
    const before = sent.length;
    await conversation.finish(answer);

    expect(sent.slice(before)).toEqual([]);
    expect(sidebar.busy.value).toBe(true);
    conversation.setBusy(false);
    expect(sent.slice(before).map((m) => m.type)).toEqual(['CHAT_RESPONSE']);
    expect(sidebar.busy.value).toBe(false);
    expect(conversation.snapshot().messages.at(-1)?.status).toBe('done');
  });

  it('held for a task that a clear ended is never announced into the new conversation', async () => {
    const { sent, conversation } = conversationWithSidebar();
    conversation.setBusy(true);
    const answer = await conversation.add({ role: 'assistant', content: 'Ten.', status: 'done' });
    await conversation.finish(answer);
    await conversation.clear();
    const before = sent.length;
    conversation.setBusy(false);

    expect(sent.slice(before)).toEqual([]);
  });
});
