import type { ChatMessage } from '../../src/protocol/common';
import type { Db, StoredMessage } from './db';
import { batchedWrite } from './write-batch';

/**
 * Messages are stored one record each, so saving a streaming answer rewrites one record,
 * not the whole conversation. Writes join the batch of their task (write-batch.ts), in the order
 * they were issued, so a clear is never overtaken by a save issued before it.
 */
export function createConversationStore(database: Promise<Db>, conversationId: string) {
  const range = IDBKeyRange.bound([conversationId, 0], [conversationId, Number.MAX_SAFE_INTEGER]);
  const strip = ({ conversationId: _c, seq: _s, ...message }: StoredMessage): ChatMessage => message;

  return {
    async load(): Promise<ChatMessage[]> {
      const db = await database;
      return (await db.getAllFromIndex('messages', 'byConversation', range)).map(strip);
    },
    put: (message: ChatMessage, seq: number): Promise<void> =>
      batchedWrite(database, ['messages'], async (tx) => {
        await tx.objectStore('messages').put({ ...message, conversationId, seq });
      }),
    /** Saves a whole conversation in one transaction: all of it, or (storage full) none of it. */
    putAll: (all: readonly ChatMessage[]): Promise<void> =>
      batchedWrite(database, ['messages'], async (tx) => {
        const store = tx.objectStore('messages');
        await Promise.all(all.map((message, seq) => store.put({ ...message, conversationId, seq })));
      }),
    clear: (): Promise<void> =>
      batchedWrite(database, ['messages'], async (tx) => {
        const byConversation = tx.objectStore('messages').index('byConversation');
        for await (const cursor of byConversation.iterate(range)) await cursor.delete();
      }),
  };
}
export type ConversationStore = ReturnType<typeof createConversationStore>;
