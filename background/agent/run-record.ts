import { keysStartingWith, type Db } from '../storage/db';

/**
 * The task being run, saved when it starts so a restart knows one was under way. Which action was
 * running needs no record of its own: the answer that asked for it is saved before it runs, and
 * each result as it comes (see markInterrupted in agent.ts).
 */
export interface RunRecord {
  runId: string;
  tabId: number;
  startedAt: number;
  /**
   * A scheduled run still opening its start page, saved before the tab opens (its tabId is
   * NOT_OPENED until the tab exists): a restart finds it, closes that tab, and says the run did not start.
   */
  opening?: true;
}

/** The tab of a run record saved before its tab opened. */
export const NOT_OPENED = -1;

/** `key` names the record: each conversation's chat task and a workflow's running step keep their own. */
export function createRunRecords(database: Promise<Db>, key: string) {
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

const CHAT_RUN = 'activeRun:';

/** The record of a conversation's chat task: several conversations may each run one. */
export const chatRunRecords = (database: Promise<Db>, conversationId: string) =>
  createRunRecords(database, CHAT_RUN + conversationId);

/** The conversations whose chat task record is still there: a restart cut those tasks short. */
export async function interruptedChats(database: Promise<Db>): Promise<string[]> {
  const keys = await (await database).getAllKeys('state', keysStartingWith(CHAT_RUN));
  return keys.map((key) => key.slice(CHAT_RUN.length));
}
