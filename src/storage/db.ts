import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ChatMessage, Settings } from '../protocol/common';
import type { Product } from '../protocol/background-to-content';
import type { PayloadOf } from '../protocol/background-to-sidebar';

export type ActionLogEntry = PayloadOf<'ACTION_LOG_UPDATE'>;

/** Something that went wrong in the background, kept for diagnostics (the ABP `diagnostics.*` capabilities). */
export interface ErrorLogEntry {
  id: string;
  timestamp: number;
  /** Where it happened: an ABP capability's name, or `background` for an uncaught error. */
  source: string;
  message: string;
}

/** A conversation message as stored: the canonical message plus its place in the conversation. */
export interface StoredMessage extends ChatMessage {
  conversationId: string;
  seq: number;
}

/** A page the agent read, kept for "find me a cheaper one" and for the get_cached_snapshot tool. */
export interface CachedPage {
  url: string;
  title: string;
  markdown: string;
  product: Product | null;
  timestamp: number;
}

/**
 * Everything the background owns lives in the extension origin's IndexedDB: content scripts
 * run in the page's origin and cannot open it, so API keys stay out of their reach (unlike
 * `storage.local`, which content scripts can read).
 */
export interface BosunDb extends DBSchema {
  settings: { key: string; value: Settings };
  messages: { key: string; value: StoredMessage; indexes: { byConversation: [string, number] } };
  pages: { key: string; value: CachedPage; indexes: { byTime: number } };
  /** Small records the background keeps across restarts, by name. */
  state: { key: string; value: unknown };
  actionLog: { key: string; value: ActionLogEntry; indexes: { byTime: number } };
  errorLog: { key: string; value: ErrorLogEntry; indexes: { byTime: number } };
}

export type Db = IDBPDatabase<BosunDb>;

export function openBosunDb(name = 'bosun'): Promise<Db> {
  return openDB<BosunDb>(name, 3, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('settings');
        const messages = db.createObjectStore('messages', { keyPath: 'id' });
        messages.createIndex('byConversation', ['conversationId', 'seq']);
      }
      if (oldVersion < 2) {
        db.createObjectStore('pages', { keyPath: 'url' }).createIndex('byTime', 'timestamp');
        db.createObjectStore('state');
        db.createObjectStore('actionLog', { keyPath: 'id' }).createIndex('byTime', 'timestamp');
      }
      if (oldVersion < 3) {
        db.createObjectStore('errorLog', { keyPath: 'id' }).createIndex('byTime', 'timestamp');
      }
    },
  });
}
