import type { PayloadOf } from '../../src/protocol/background-to-sidebar';

export type RunningTask = PayloadOf<'RUNNING_TASKS'>['tasks'][number];

/**
 * Who works in a tab without being a listed task: an ABP client (page.* calls, while each one runs)
 * or an attached agent (its page calls, and the tabs it opened while it is connected).
 */
export type CallerKind = 'abp-client' | 'attached-agent';
/** Whoever may hold a tab: a running task, or a caller. */
export type HolderKind = RunningTask['kind'] | CallerKind;

/** A caller outside the tasks, by its connection: each ABP page's, each attached agent's. */
export interface Caller {
  id: string;
  kind: CallerKind;
}

/** A task as it joins the board: what it is, what the person asked, and its own Stop. */
export interface TaskEntry {
  kind: RunningTask['kind'];
  request: string;
  /** A chat task's conversation, which the sidebar's row opens. */
  conversationId?: string;
  stop(): void;
}

/**
 * Whoever holds a tab, in words for whoever it is refused to. Never by its request: that is another
 * conversation's words, or an ABP client's, which are not the asker's to read. "Another" only where
 * the asker is of the same kind: only a chat task has a conversation to tell the holder's apart from.
 */
export function holderInWords(holder: HolderKind, asker: HolderKind): string {
  const same = holder === asker;
  switch (holder) {
    case 'chat':
      return same ? 'a chat task of another conversation' : "a chat task in Bosun's sidebar";
    case 'research':
      return same ? 'another research run' : 'a research run';
    case 'agent':
      return same ? 'another ABP agent run' : 'an ABP agent run';
    case 'abp-client':
      return same ? "another ABP client's call" : "an ABP client's call";
    case 'attached-agent':
      return same ? 'another attached agent' : 'an attached agent';
  }
}

/** What a running task tells the board, and asks of it. */
export interface TaskHandle {
  /** What kind of task it is. */
  readonly kind: RunningTask['kind'];
  /** What it is doing now, in words (the element acted on, the tool); null while the model thinks. */
  now(text: string | null): void;
  /**
   * Takes the tab for this task, unless another running task holds it: then what kind of task that
   * is, and the tab stays that task's. A task holds every tab it worked in until it ends.
   */
  claim(tabId: number): HolderKind | undefined;
  /** Whether this task holds the tab. */
  holds(tabId: number): boolean;
  /** The task ended: it leaves the list and lets go of its tabs. */
  end(): void;
}

/**
 * Which task or caller holds which tab. A task's hold lasts until it ends; a caller's are counted
 * per tab (its calls may overlap on one tab, and an attached agent's own tab is held besides) and
 * last until it lets go of each. `taskKind` names a running task by its id, and nothing for one that ended.
 */
function createTabHolders(taskKind: (id: string) => RunningTask['kind'] | undefined) {
  const holders = new Map<number, string>();
  const callers = new Map<string, { kind: CallerKind; tabs: Map<number, number> }>();
  /** The kind of whoever else holds the tab; undefined when nobody else does (a holder that ended holds nothing). */
  const other = (tabId: number, id: string): HolderKind | undefined => {
    const holder = holders.get(tabId);
    if (holder === undefined || holder === id) return undefined;
    return taskKind(holder) ?? callers.get(holder)?.kind;
  };
  return {
    /** Takes the tab for the task `id`, unless someone else holds it: then what that one is. */
    claim(tabId: number, id: string): HolderKind | undefined {
      const holder = other(tabId, id);
      if (!holder) holders.set(tabId, id);
      return holder;
    },
    holds: (tabId: number, id: string) => holders.get(tabId) === id,
    /** The task `id` ended: its tabs are free. */
    free(id: string): void {
      for (const [tabId, holder] of holders) if (holder === id) holders.delete(tabId);
    },
    /**
     * Takes the tab for a caller until it lets go, unless a running task or another caller holds it:
     * then what that one is, and nothing is taken.
     */
    hold(caller: Caller, tabId: number): HolderKind | undefined {
      const holder = other(tabId, caller.id);
      if (holder) return holder;
      holders.set(tabId, caller.id);
      const held = callers.get(caller.id) ?? { kind: caller.kind, tabs: new Map<number, number>() };
      callers.set(caller.id, held);
      held.tabs.set(tabId, (held.tabs.get(tabId) ?? 0) + 1);
      return undefined;
    },
    /** The caller lets go of one hold of the tab, or of every tab it holds (its connection ended). */
    letGo(callerId: string, tabId?: number): void {
      const held = callers.get(callerId);
      if (!held) return;
      for (const [id, count] of [...held.tabs]) {
        if (tabId !== undefined && id !== tabId) continue;
        if (tabId !== undefined && count > 1) held.tabs.set(id, count - 1);
        else {
          held.tabs.delete(id);
          if (holders.get(id) === callerId) holders.delete(id);
        }
      }
      if (held.tabs.size === 0) callers.delete(callerId);
    },
  };
}

/**
 * Every running task, whoever started it (a chat, a research run, an ABP agent run), for the
 * sidebar's list with each one's Stop; and which task, or caller, holds which tab, so that two of
 * them never act on the same tab. `changed` hears every change to the list.
 */
export function createTaskBoard(changed: () => void) {
  const tasks = new Map<string, TaskEntry & { now: string | null }>();
  const tabs = createTabHolders((id) => tasks.get(id)?.kind);

  function begin(id: string, entry: TaskEntry): TaskHandle {
    const task: TaskEntry & { now: string | null } = { ...entry, now: null };
    tasks.set(id, task);
    changed();
    return {
      kind: entry.kind,
      now: (text) => {
        if (tasks.get(id) !== task || task.now === text) return;
        task.now = text;
        changed();
      },
      claim: (tabId) => tabs.claim(tabId, id),
      holds: (tabId) => tabs.holds(tabId, id) && tasks.get(id) === task,
      end: () => {
        if (tasks.get(id) !== task) return;
        tasks.delete(id);
        tabs.free(id);
        changed();
      },
    };
  }

  return {
    begin,
    hold: tabs.hold,
    letGo: tabs.letGo,
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
