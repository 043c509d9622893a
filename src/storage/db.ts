import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ChatMessage, Settings } from '../protocol/common';

/** A conversation message as stored: the canonical message plus its place in the conversation. */
export interface StoredMessage extends ChatMessage {
  conversationId: string;
  seq: number;
}

/**
 * Everything the background owns lives in the extension origin's IndexedDB: content scripts
 * run in the page's origin and cannot open it, so API keys stay out of their reach (unlike
 * `storage.local`, which content scripts can read).
 */
export interface BosunDb extends DBSchema {
  settings: { key: string; value: Settings };
  messages: { key: string; value: StoredMessage; indexes: { byConversation: [string, number] } };
}

export type Db = IDBPDatabase<BosunDb>;

export function openBosunDb(name = 'bosun'): Promise<Db> {
  return openDB<BosunDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore('settings');
      const messages = db.createObjectStore('messages', { keyPath: 'id' });
      messages.createIndex('byConversation', ['conversationId', 'seq']);
    },
  });
}
