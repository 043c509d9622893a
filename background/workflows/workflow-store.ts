import * as v from 'valibot';
import { WorkflowPlan } from '../../src/protocol/common';
import type { Db } from '../storage/db';

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
  /** URL → the page as a step read it, for the ZIP export. */
  pages: v.record(v.string(), v.object({ title: v.string(), url: v.string(), markdown: v.string() })),
});
export type WorkflowRecord = v.InferOutput<typeof WorkflowRecord>;

/** A record that does not parse is dropped with a warning, never trusted. */
function parsed(raw: unknown): WorkflowRecord | null {
  const result = v.safeParse(WorkflowRecord, raw);
  if (result.success) return result.output;
  console.warn('Bosun: a saved research run was unreadable and was dropped.');
  return null;
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
      const keys = (await db.getAllKeys('state')).filter((key) => key.startsWith(PREFIX));
      const records = await Promise.all(keys.map(async (key) => parsed(await db.get('state', key))));
      return records.filter((r) => r !== null).sort((a, b) => a.plan.createdAt - b.plan.createdAt);
    },
    async save(record: WorkflowRecord): Promise<void> {
      await (await database).put('state', record, PREFIX + record.plan.id);
    },
    async remove(id: string): Promise<void> {
      await (await database).delete('state', PREFIX + id);
    },
  };
}
export type WorkflowStore = ReturnType<typeof createWorkflowStore>;
