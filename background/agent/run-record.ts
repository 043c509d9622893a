import type { Db } from '../../src/storage/db';

/** The task being run, saved before each action so a restart knows what was under way. */
export interface RunRecord {
  runId: string;
  tabId: number;
  startedAt: number;
  /**
   * The last tool call that started: after a restart it is reported as interrupted unless its
   * result was saved, and never replayed.
   */
  inFlight?: { toolCallId: string; name: string };
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
