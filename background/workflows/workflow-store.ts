import type { IDBPTransaction } from 'idb';
import * as v from 'valibot';
import { WorkflowPlan } from '../../src/protocol/common';
import { keysStartingWith, type BosunDb, type Db } from '../storage/db';
import type { SourcePage } from './report';

/** Before runs went side by side, the one workflow was saved under this key. */
const SINGLE_KEY = 'workflow';
/** Each research run's record is saved under this prefix and its plan's id. */
const PREFIX = 'workflow:';

/** A research run, saved after every change so a restart finds each step where it was. */
export const WorkflowRecord = v.object({
  plan: WorkflowPlan,
  /** The run its approval grants belong to. */
  runId: v.string(),
  /** Step id → the tabs it opened (its own tab, and tabs its agent opened from there). */
  tabs: v.record(v.string(), v.array(v.number())),
  /**
   * A scheduled run, with nobody there: a question is never asked (nor answered in the person's
   * place), the run pauses at it instead. A run the person resumes is theirs again.
   */
  unattended: v.optional(v.boolean()),
  /** The tab group the steps' tabs are in. */
  groupId: v.optional(v.number()),
});
export type WorkflowRecord = v.InferOutput<typeof WorkflowRecord>;

/** A page a step read, kept for the ZIP export under its run's id and its address. */
const StoredPage = v.object({ title: v.string(), url: v.string(), markdown: v.string() });

/** How an earlier version saved a run: its pages inside the record, rewritten with every change. */
const RecordWithPages = v.object({
  ...WorkflowRecord.entries,
  pages: v.optional(v.record(v.string(), StoredPage)),
});

/** A record that does not parse is dropped with a warning, never trusted. */
function parsed(raw: unknown): v.InferOutput<typeof RecordWithPages> | null {
  const result = v.safeParse(RecordWithPages, raw);
  if (result.success) return result.output;
  console.warn('Bosun: a saved research run was unreadable and was dropped.');
  return null;
}

/**
 * The pages of a run are kept apart from its record, each under its own key: a step adds only the
 * pages it read, the record saved after each change stays small, and a restart loads no page.
 */
const PAGE_PREFIX = 'workflowPage:';
const pageKeys = (id: string) => keysStartingWith(`${PAGE_PREFIX}${id}\n`);
const pageKey = (id: string, url: string) => `${PAGE_PREFIX}${id}\n${url}`;

/** Puts a run's pages in a transaction that may write more: all of it is one commit. */
function putPages(tx: IDBPTransaction<BosunDb, ['state'], 'readwrite'>, id: string, pages: Iterable<SourcePage>) {
  for (const page of pages) void tx.store.put(page, pageKey(id, page.url));
}

export function createWorkflowStore(database: Promise<Db>) {
  return {
    /**
     * Every saved run, oldest first. The one record an earlier version kept under its single key is
     * moved under its own key first, so nothing it held is lost.
     */
    async load(): Promise<WorkflowRecord[]> {
      const db = await database;
      const single = await db.get('state', SINGLE_KEY);
      if (single !== undefined) {
        const record = parsed(single);
        if (record) await db.put('state', record, PREFIX + record.plan.id);
        await db.delete('state', SINGLE_KEY);
      }
      // Keys and values read in one transaction, so they pair up.
      const { store } = db.transaction('state');
      const runs = keysStartingWith(PREFIX);
      const [keys, values] = await Promise.all([store.getAllKeys(runs), store.getAll(runs)]);
      const records: WorkflowRecord[] = [];
      for (const [i, key] of keys.entries()) {
        const stored = parsed(values[i]);
        if (stored === null) continue;
        const { pages, ...record } = stored;
        // A record of an earlier version: its pages move under their own keys, with the record, in one commit.
        if (pages !== undefined) {
          const tx = db.transaction('state', 'readwrite');
          putPages(tx, record.plan.id, Object.values(pages));
          void tx.store.put(record, key);
          await tx.done;
        }
        records.push(record);
      }
      return records.sort((a, b) => a.plan.createdAt - b.plan.createdAt);
    },
    async save(record: WorkflowRecord): Promise<void> {
      await (await database).put('state', record, PREFIX + record.plan.id);
    },
    /** Keeps the pages a step read (a page read again replaces its earlier text). */
    async addPages(id: string, pages: readonly SourcePage[]): Promise<void> {
      if (pages.length === 0) return;
      const tx = (await database).transaction('state', 'readwrite');
      putPages(tx, id, pages);
      await tx.done;
    },
    /** The pages the run's steps read, by address; one that does not parse is left out. */
    async pages(id: string): Promise<Record<string, SourcePage>> {
      const stored = await (await database).getAll('state', pageKeys(id));
      const pages = stored.flatMap((raw) => {
        const page = v.safeParse(StoredPage, raw);
        return page.success ? [page.output] : [];
      });
      return Object.fromEntries(pages.map((page) => [page.url, page]));
    },
    async remove(id: string): Promise<void> {
      const tx = (await database).transaction('state', 'readwrite');
      void tx.store.delete(PREFIX + id);
      void tx.store.delete(pageKeys(id));
      await tx.done;
    },
  };
}
export type WorkflowStore = ReturnType<typeof createWorkflowStore>;
