import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ChatMessage, Settings } from '../../src/protocol/common';
import type { Product } from '../../src/protocol/background-to-content';
import type { PayloadOf } from '../../src/protocol/background-to-sidebar';

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

export const CRAWL_JOB_STATUSES = [
  'pending',
  'in_progress',
  'completed',
  'failed',
  'cancelled',
  'interrupted',
] as const;

/** A crawl job as the ABP `storage.jobs.*` capabilities return it (the Webscribe job shape, plus notes). */
export interface CrawlJob {
  id: string;
  baseUrl: string;
  baseUrls: string[];
  status: (typeof CRAWL_JOB_STATUSES)[number];
  pagesFound: number;
  pagesProcessed: number;
  pagesFailed: number;
  createdAt: number;
  updatedAt: number;
  errors: { url: string; message: string; at: number }[];
  /** What a person or an agent may change with storage.jobs.update. */
  title?: string;
  notes?: string;
  tags?: string[];
}

/** A page a crawl stored: one per canonical URL and per content within a job. */
export interface CrawlPage {
  id: string;
  jobId: string;
  url: string;
  canonicalUrl: string;
  /** Other addresses that served the same content (same SHA-256), stored once. */
  alternateUrls: string[];
  title: string;
  /** The page's text. */
  content: string;
  html: string;
  markdown: string;
  /** How sure the reader is that the markdown holds the page's main content (0–1). */
  markdownMeta: { confidence: number } | null;
  metadata: Record<string, string>;
  contentHash: string;
  status: 'completed' | 'failed';
  extractedAt: number;
}

/** Where a crawl stands, saved after every page so that an interrupted crawl resumes from there. */
export interface CrawlFrontier {
  jobId: string;
  /** Pages still to fetch, with how many links outside the scope each is. */
  queue: { url: string; hops: number }[];
  /** Canonical URLs already queued or fetched: none is fetched twice. */
  seen: string[];
  /** The crawl's settings, which a resume keeps unless it is given others. */
  settings: CrawlSettings;
}

export interface CrawlSettings {
  maxWorkers: number;
  pageLimit: number;
  strictPathMatching: boolean;
  followExternalLinks: boolean;
  maxExternalHops: number;
  waitForSelectors: string[];
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
  /** byResult finds the entries still running at a start without reading the whole log. */
  actionLog: { key: string; value: ActionLogEntry; indexes: { byTime: number; byResult: string } };
  errorLog: { key: string; value: ErrorLogEntry; indexes: { byTime: number } };
  /** The knowledge library (crawls); distinct from `pages`, the agent's short-lived page cache. */
  crawlJobs: { key: string; value: CrawlJob; indexes: { byCreated: number } };
  crawlPages: {
    key: string;
    value: CrawlPage;
    indexes: { byJob: string; byJobUrl: [string, string]; byJobHash: [string, string] };
  };
  crawlFrontiers: { key: string; value: CrawlFrontier };
}

export type Db = IDBPDatabase<BosunDb>;

/** The keys of the `state` records kept under a prefix (a name and its id), read without the others. */
export const keysStartingWith = (prefix: string): IDBKeyRange => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

export function openBosunDb(name = 'bosun'): Promise<Db> {
  return openDB<BosunDb>(name, 5, {
    upgrade(db, oldVersion, _newVersion, transaction) {
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
      if (oldVersion < 4) {
        db.createObjectStore('crawlJobs', { keyPath: 'id' }).createIndex('byCreated', 'createdAt');
        const pages = db.createObjectStore('crawlPages', { keyPath: 'id' });
        pages.createIndex('byJob', 'jobId');
        // One page per canonical URL in a job; the hash index finds the same content under another URL.
        pages.createIndex('byJobUrl', ['jobId', 'canonicalUrl'], { unique: true });
        pages.createIndex('byJobHash', ['jobId', 'contentHash']);
        db.createObjectStore('crawlFrontiers', { keyPath: 'jobId' });
      }
      if (oldVersion < 5) {
        transaction.objectStore('actionLog').createIndex('byResult', 'result');
      }
    },
  });
}
