import type { Db } from '../storage/db';

/**
 * The task being run, saved when it starts so a restart knows one was under way. Which action was
 * running needs no record of its own: the answer that asked for it is saved before it runs, and
 * each result as it comes (see markInterrupted in agent.ts).
 */
export interface RunRecord {
  runId: string;
  tabId: number;
  startedAt: number;
}

/** `key` names the record: the chat's task and a workflow's running step each keep their own. */
export function createRunRecords(database: Promise<Db>, key = 'activeRun') {
  return {
    async get(): Promise<RunRecord | null> {
      return ((await (await database).get('state', key)) as RunRecord | undefined) ?? null;
    },
    async save(record: RunRecord): Promise<void> {
      await (await database).put('state', record, key);
    },
    async end(): Promise<void> {
      await (await database).delete('state', key);
    },
  };
}
export type RunRecords = ReturnType<typeof createRunRecords>;
