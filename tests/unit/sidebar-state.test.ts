import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/protocol/common';
import { sidebarWithInbox } from './support/sidebar-inbox';

const at = '2026-01-01T00:00:00Z';
const answer = (content: string): ChatMessage => ({
  id: 'a1',
  createdAt: at,
  role: 'assistant',
  content,
  status: 'streaming',
});

describe('sidebar state', () => {
  it('appends streamed text at its offset, once', () => {
    const state = sidebarWithInbox();
    state.apply({ type: 'MESSAGE_ADDED', payload: { message: answer('') } });
    expect(state.busy.value).toBe(true);
    state.apply({ type: 'CHAT_DELTA', payload: { messageId: 'a1', offset: 0, delta: 'Hel' } });
    state.apply({ type: 'CHAT_DELTA', payload: { messageId: 'a1', offset: 3, delta: 'lo' } });
    state.apply({ type: 'CHAT_DELTA', payload: { messageId: 'a1', offset: 3, delta: 'lo' } });
    expect(state.messages.value[0]?.content).toBe('Hello');
  });

  it('skips text a replay already delivered, keeps the new part of an overlapping delta', () => {
    const state = sidebarWithInbox();
    state.apply({ type: 'CONVERSATION_STATE', payload: { messages: [answer('Hello wo')], busy: true } });
    state.apply({ type: 'CHAT_DELTA', payload: { messageId: 'a1', offset: 5, delta: ' wor' } });
    state.apply({ type: 'CHAT_DELTA', payload: { messageId: 'a1', offset: 9, delta: 'ld' } });
    expect(state.messages.value[0]?.content).toBe('Hello world');
  });

  it('ignores a delta past a gap and a delta for an unknown message', () => {
    const state = sidebarWithInbox();
    state.apply({ type: 'MESSAGE_ADDED', payload: { message: answer('Hi') } });
    state.apply({ type: 'CHAT_DELTA', payload: { messageId: 'a1', offset: 7, delta: 'late' } });
    state.apply({ type: 'CHAT_DELTA', payload: { messageId: 'zz', offset: 0, delta: 'other' } });
    expect(state.messages.value.map((m) => m.content)).toEqual(['Hi']);
  });

  it('finishes an answer with its final text, or its error', () => {
    const state = sidebarWithInbox();
    state.apply({ type: 'MESSAGE_ADDED', payload: { message: answer('Hal') } });
    state.apply({
      type: 'CHAT_RESPONSE',
      payload: { messageId: 'a1', content: 'Half', isError: false, status: 'stopped' },
    });
    expect(state.messages.value[0]).toMatchObject({ content: 'Half', status: 'stopped' });
    expect(state.busy.value).toBe(false);
    state.apply({ type: 'MESSAGE_ADDED', payload: { message: { ...answer(''), id: 'a2' } } });
    state.apply({
      type: 'CHAT_RESPONSE',
      payload: { messageId: 'a2', content: 'Invalid API key.', isError: true, status: 'error' },
    });
    expect(state.messages.value[1]).toMatchObject({ content: '', status: 'error', error: 'Invalid API key.' });
  });

  it('keeps open questions until answered, and drops them on a replay from a (re)started background', () => {
    const state = sidebarWithInbox();
    const question = {
      id: 'p1',
      toolName: 'click_element',
      parameters: {},
      site: 'a.example',
      permissionLevel: 'interact' as const,
      reason: 'r',
      timestamp: 1,
    };
    state.apply({ type: 'PERMISSION_REQUEST', payload: question });
    state.apply({ type: 'PERMISSION_REQUEST', payload: question });
    expect(state.prompts.value).toHaveLength(1);
    state.apply({ type: 'CONVERSATION_STATE', payload: { messages: [], busy: false } });
    expect(state.prompts.value).toEqual([]);
    state.apply({ type: 'PERMISSION_REQUEST', payload: question });
    state.apply({ type: 'PERMISSION_RESOLVED', payload: { id: 'p1' } });
    expect(state.prompts.value).toEqual([]);
  });

  it('does not add a message twice', () => {
    const state = sidebarWithInbox();
    state.apply({ type: 'CONVERSATION_STATE', payload: { messages: [answer('x')], busy: true } });
    state.apply({ type: 'MESSAGE_ADDED', payload: { message: answer('x') } });
    expect(state.messages.value).toHaveLength(1);
  });

  it('keeps settings, test results and errors', () => {
    const state = sidebarWithInbox();
    expect(state.settings.value).toBeUndefined();
    state.apply({ type: 'SETTINGS', payload: null });
    expect(state.settings.value).toBeNull();
    state.testResult.value = 'testing';
    state.apply({ type: 'TEST_RESULT', payload: { success: false } });
    expect(state.testResult.value).toEqual({ success: false, error: 'The connection test failed.' });
    state.testResult.value = 'testing';
    state.apply({
      type: 'ERROR',
      payload: { error: 'Invalid TEST_CONNECTION: payload.model', inReplyTo: 'TEST_CONNECTION' },
    });
    expect(state.testResult.value).toBeNull();
    expect(state.notice.value).toMatch(/Invalid TEST_CONNECTION/);
  });
});
