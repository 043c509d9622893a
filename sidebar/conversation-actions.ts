import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { SidebarState } from './state';

/** The History view's requests; opening or starting a conversation shows the chat. */
export interface ConversationActions {
  newConversation(): void;
  openConversation(id: string): void;
  renameConversation(id: string, title: string): void;
  deleteConversation(id: string): void;
  exportConversation(id: string, format: 'markdown' | 'json'): void;
  importConversation(data: string): void;
}

export function createConversationActions(
  send: (message: SidebarToBackground) => void,
  state: SidebarState,
): ConversationActions {
  return {
    newConversation: () => {
      send({ type: 'NEW_CONVERSATION' });
      state.view.value = 'chat';
    },
    openConversation: (id) => {
      send({ type: 'OPEN_CONVERSATION', payload: { id } });
      state.view.value = 'chat';
    },
    renameConversation: (id, title) => send({ type: 'RENAME_CONVERSATION', payload: { id, title } }),
    deleteConversation: (id) => send({ type: 'DELETE_CONVERSATION', payload: { id } }),
    exportConversation: (id, format) => send({ type: 'EXPORT_CONVERSATION', payload: { id, format } }),
    importConversation: (data) => send({ type: 'IMPORT_CONVERSATION', payload: { data } }),
  };
}
