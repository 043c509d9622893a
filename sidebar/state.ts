import { batch, signal } from '@preact/signals';
import type { TestResult } from '../src/llm/test-connection';
import type { ChatMessage, Settings } from '../src/protocol/common';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'lost';

/** Everything the sidebar shows, as signals. Only `apply` changes it from background messages. */
export function createSidebarState() {
  const state = {
    messages: signal<ChatMessage[]>([]),
    busy: signal(false),
    /** `undefined` until the background has said; `null` when nothing is saved yet. */
    settings: signal<Settings | null | undefined>(undefined),
    testResult: signal<TestResult | 'testing' | null>(null),
    notice: signal<string | null>(null),
    connection: signal<ConnectionStatus>('connecting'),
  };

  const updateMessage = (id: string, change: (message: ChatMessage) => ChatMessage | null) => {
    const list = state.messages.value;
    const index = list.findIndex((m) => m.id === id);
    const current = list[index];
    if (!current) return;
    const next = change(current);
    if (next) state.messages.value = [...list.slice(0, index), next, ...list.slice(index + 1)];
  };

  function apply(message: BackgroundToSidebar): void {
    batch(() => {
      switch (message.type) {
        case 'CONVERSATION_STATE':
          state.messages.value = message.payload.messages;
          state.busy.value = message.payload.busy;
          break;
        case 'MESSAGE_ADDED':
          if (!state.messages.value.some((m) => m.id === message.payload.message.id)) {
            state.messages.value = [...state.messages.value, message.payload.message];
          }
          if (message.payload.message.status === 'streaming') state.busy.value = true;
          break;
        case 'CHAT_DELTA': {
          const { messageId, offset, delta } = message.payload;
          updateMessage(messageId, (m) => {
            // Deltas carry their offset: text this sidebar already has (from a replay) is skipped.
            const known = m.content.length;
            if (offset > known || offset + delta.length <= known) return null;
            return { ...m, content: m.content + delta.slice(known - offset) };
          });
          break;
        }
        case 'CHAT_RESPONSE': {
          const { messageId, content, isError, status } = message.payload;
          updateMessage(messageId, (m) => (isError ? { ...m, status, error: content } : { ...m, status, content }));
          state.busy.value = false;
          break;
        }
        case 'SETTINGS':
          state.settings.value = message.payload;
          break;
        case 'TEST_RESULT':
          state.testResult.value = message.payload.success
            ? { success: true }
            : { success: false, error: message.payload.error ?? 'The connection test failed.' };
          break;
        case 'ERROR':
          if (message.payload.inReplyTo === 'TEST_CONNECTION') state.testResult.value = null;
          state.notice.value = message.payload.error;
          break;
        default:
          // Voice, permission, action-log and workflow messages belong to views this sidebar does not have yet.
          break;
      }
    });
  }

  return { ...state, apply };
}
export type SidebarState = ReturnType<typeof createSidebarState>;
