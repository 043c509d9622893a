import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createConversation } from '../../background/conversation-messages';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { createConversationStore } from '../../src/storage/conversation-store';
import { openBosunDb } from '../../src/storage/db';
import { sidebarWithInbox } from './support/sidebar-inbox';

let counter = 0;

/**
 * A conversation over a real (in-memory) database, and a sidebar that receives copies of what it
 * announces, as over a port.
 */
function setup() {
  const sent: BackgroundToSidebar[] = [];
  const sidebar = sidebarWithInbox();
  const store = createConversationStore(openBosunDb(`answer-${++counter}`), 'c1');
  const conversation = createConversation(store, (message) => {
    sent.push(structuredClone(message));
    sidebar.apply(structuredClone(message));
  });
  return { sent, sidebar, conversation };
}

describe('a finished answer', () => {
  it("is announced once, by the spec's CHAT_RESPONSE, which carries its text, status and usage", async () => {
    const { sent, sidebar, conversation } = setup();
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
    const { sent, sidebar, conversation } = setup();
    const answer = await conversation.add({ role: 'assistant', content: '', status: 'streaming' });
    answer.status = 'error';
    answer.error = 'Invalid API key.';
    const before = sent.length;
    await conversation.finish(answer);

    expect(sent.slice(before).map((m) => m.type)).toEqual(['CHAT_RESPONSE']);
    expect(sidebar.messages.value).toEqual([answer]);
  });

  it('during a chat task is announced only once the task lets go, so the sidebar cannot send into a busy agent', async () => {
    const { sent, sidebar, conversation } = setup();
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
    const { sent, conversation } = setup();
    conversation.setBusy(true);
    const answer = await conversation.add({ role: 'assistant', content: 'Ten.', status: 'done' });
    await conversation.finish(answer);
    await conversation.clear();
    const before = sent.length;
    conversation.setBusy(false);

    expect(sent.slice(before)).toEqual([]);
  });
});
