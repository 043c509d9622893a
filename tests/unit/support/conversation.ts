import { createConversation } from '../../../background/conversations/conversation-messages';
import type { BackgroundToSidebar } from '../../../src/protocol/background-to-sidebar';
import { createConversationStore } from '../../../background/storage/conversation-store';
import { openBosunDb } from '../../../background/storage/db';
import { sidebarWithInbox } from './sidebar-inbox';

let counter = 0;

/**
 * A conversation over a real (in-memory, fake-indexeddb) database, and a sidebar that receives
 * copies of what it announces, as over a port. The test file imports 'fake-indexeddb/auto' first.
 */
export function conversationWithSidebar() {
  const sent: BackgroundToSidebar[] = [];
  const sidebar = sidebarWithInbox();
  const store = createConversationStore(openBosunDb(`conversation-${++counter}`), 'c1');
  const conversation = createConversation(store, (message) => {
    sent.push(structuredClone(message));
    sidebar.apply(structuredClone(message));
  });
  return { sent, sidebar, store, conversation };
}
