import type { ChatMessage } from '../../src/protocol/common';
import type { Db, StoredMessage } from './db';

/**
 * Messages are stored one record each, so saving a streaming answer rewrites one record,
 * not the whole conversation.
 */
export function createConversationStore(database: Promise<Db>, conversationId: string) {
  const range = IDBKeyRange.bound([conversationId, 0], [conversationId, Number.MAX_SAFE_INTEGER]);
  const strip = ({ conversationId: _c, seq: _s, ...message }: StoredMessage): ChatMessage => message;

  return {
    async load(): Promise<ChatMessage[]> {
      const db = await database;
      return (await db.getAllFromIndex('messages', 'byConversation', range)).map(strip);
    },
    async put(message: ChatMessage, seq: number): Promise<void> {
      const db = await database;
      await db.put('messages', { ...message, conversationId, seq });
    },
    /** Saves a whole conversation in one transaction: all of it, or (storage full) none of it. */
    async putAll(all: readonly ChatMessage[]): Promise<void> {
      const db = await database;
      const tx = db.transaction('messages', 'readwrite');
      await Promise.all([...all.map((message, seq) => tx.store.put({ ...message, conversationId, seq })), tx.done]);
    },
    async clear(): Promise<void> {
      const db = await database;
      const tx = db.transaction('messages', 'readwrite');
      for await (const cursor of tx.store.index('byConversation').iterate(range)) await cursor.delete();
      await tx.done;
    },
  };
}
export type ConversationStore = ReturnType<typeof createConversationStore>;
