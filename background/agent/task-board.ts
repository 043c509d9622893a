import type { PayloadOf } from '../../src/protocol/background-to-sidebar';

export type RunningTask = PayloadOf<'RUNNING_TASKS'>['tasks'][number];

/** A task as it joins the board: what it is, what the person asked, and its own Stop. */
export interface TaskEntry {
  kind: RunningTask['kind'];
  request: string;
  /** A chat task's conversation, which the sidebar's row opens. */
  conversationId?: string;
  stop(): void;
}

/** What a running task tells the board, and asks of it. */
export interface TaskHandle {
  /** What it is doing now, in words (the element acted on, the tool); null while the model thinks. */
  now(text: string | null): void;
  /**
   * Takes the tab for this task, unless another running task holds it: then what kind of task that
   * is, and the tab stays that task's. A task holds every tab it worked in until it ends.
   */
  claim(tabId: number): RunningTask['kind'] | undefined;
  /** Whether this task holds the tab. */
  holds(tabId: number): boolean;
  /** The task ended: it leaves the list and lets go of its tabs. */
  end(): void;
}

/**
 * Every running task, whoever started it (a chat, a research run, an ABP agent run), for the
 * sidebar's list with each one's Stop; and which task holds which tab, so that two tasks never act
 * on the same tab. `changed` hears every change to the list.
 */
export function createTaskBoard(changed: () => void) {
  const tasks = new Map<string, TaskEntry & { now: string | null }>();
  const holders = new Map<number, string>();

  function begin(id: string, entry: TaskEntry): TaskHandle {
    const task: TaskEntry & { now: string | null } = { ...entry, now: null };
    tasks.set(id, task);
    changed();
    return {
      now: (text) => {
        if (tasks.get(id) !== task || task.now === text) return;
        task.now = text;
        changed();
      },
      claim: (tabId) => {
        const holder = holders.get(tabId);
        const other = holder === undefined || holder === id ? undefined : tasks.get(holder);
        if (other) return other.kind;
        holders.set(tabId, id);
        return undefined;
      },
      holds: (tabId) => holders.get(tabId) === id && tasks.get(id) === task,
      end: () => {
        if (tasks.get(id) !== task) return;
        tasks.delete(id);
        for (const [tabId, holder] of holders) if (holder === id) holders.delete(tabId);
        changed();
      },
    };
  }

  return {
    begin,
    /** Stops the task named, if it runs; false when there is none by that id. */
    stop: (id: string): boolean => {
      const task = tasks.get(id);
      task?.stop();
      return task !== undefined;
    },
    list: (): RunningTask[] =>
      [...tasks].map(([id, task]) => ({
        id,
        kind: task.kind,
        request: task.request.slice(0, 200),
        now: task.now?.slice(0, 200) ?? null,
        ...(task.conversationId === undefined ? {} : { conversationId: task.conversationId }),
      })),
  };
}
export type TaskBoard = ReturnType<typeof createTaskBoard>;
