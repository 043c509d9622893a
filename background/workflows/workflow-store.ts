import * as v from 'valibot';
import { WorkflowPlan } from '../../src/protocol/common';
import type { Db } from '../storage/db';

const KEY = 'workflow';

/** The current workflow, saved after every change so a restart finds each step where it was. */
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

export function createWorkflowStore(database: Promise<Db>) {
  return {
    /** The saved workflow; a record that does not parse is dropped with a warning, never trusted. */
    async load(): Promise<WorkflowRecord | null> {
      const raw = await (await database).get('state', KEY);
      if (raw === undefined) return null;
      const parsed = v.safeParse(WorkflowRecord, raw);
      if (parsed.success) return parsed.output;
      console.warn('Bosun: the saved workflow was unreadable and was dropped.');
      return null;
    },
    async save(record: WorkflowRecord): Promise<void> {
      await (await database).put('state', record, KEY);
    },
  };
}
export type WorkflowStore = ReturnType<typeof createWorkflowStore>;
