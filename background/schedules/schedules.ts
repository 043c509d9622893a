import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { ChatTask, Schedule, ScheduleRequest } from '../../src/protocol/schedules';
import { newId } from '../storage/ids';
import { checkChatSchedule, checkSchedule, dueRun, nextRunAfter, runNote } from './schedule-time';
import { MAX_SCHEDULES, type ScheduleStore } from './schedule-store';

/** Alarms are named for the schedule they wake; other alarms are not ours to act on. */
const ALARM_PREFIX = 'bosun-schedule:';
const GONE = 'That schedule no longer exists.';

export interface ScheduleDeps {
  store: ScheduleStore;
  saved(savedId: string): SavedWorkflow | undefined;
  /** Starts the saved workflow unattended, `note` leading its notes; a refusal says why it could not start. */
  run(savedId: string, values: Record<string, string>, note: string): Promise<Refusal | undefined>;
  /** The conversation's last task as a chat task to schedule, or why it cannot be one. */
  chatTask(conversationId: string): Promise<ChatTask | string>;
  /** Starts the saved chat task unattended, `note` leading what it adds to its conversation; a refusal says why it could not start. */
  runChat(task: ChatTask, note: string): Promise<Refusal | undefined>;
  /** When this browser session began: a run due before it was missed while the browser was closed. */
  sessionStart(): Promise<number>;
  /** Tells the person, with the browser's notification where they allowed it. */
  notify(title: string, message: string): Promise<void>;
  alarms: { create(name: string, info: { when: number }): void; clear(name: string): Promise<boolean> };
  broadcast(message: BackgroundToSidebar): void;
}

/** Stores the schedule and arms its alarm, or clears it when it will not run. */
async function keep(deps: ScheduleDeps, schedule: Schedule): Promise<void> {
  await deps.store.put(schedule);
  const name = ALARM_PREFIX + schedule.id;
  if (schedule.paused || schedule.nextRunAt === null) await deps.alarms.clear(name);
  else deps.alarms.create(name, { when: schedule.nextRunAt });
}

const announce = (deps: ScheduleDeps) =>
  deps.broadcast({ type: 'SCHEDULES', payload: { schedules: deps.store.list() } });

/** Runs the schedule if it is due: saved as run first, so nothing runs it twice; a run that cannot start says why. */
async function fire(deps: ScheduleDeps, schedule: Schedule): Promise<void> {
  const now = Date.now();
  const due = dueRun(schedule, now, await deps.sessionStart());
  if (!due) return keep(deps, schedule);
  const note = runNote(due, now);
  const started = { ...schedule, nextRunAt: due.next, lastRun: { at: now, note } };
  await keep(deps, started);
  const refusal =
    'chat' in schedule
      ? await deps.runChat(schedule.chat, note)
      : await deps.run(schedule.savedId, schedule.values, note);
  if (refusal) {
    await keep(deps, { ...started, lastRun: { at: now, note: `${note} It did not run: ${refusal.reason}` } });
    await deps.notify(`Bosun: “${schedule.name}” did not run`, refusal.reason);
  }
  announce(deps);
}

/** Makes or changes a schedule, as checked; refused when it cannot be used. */
async function saveSchedule(deps: ScheduleDeps, request: ScheduleRequest): Promise<Refusal | undefined> {
  const { store } = deps;
  const previous = request.id === undefined ? undefined : store.get(request.id);
  if (request.id !== undefined && !previous) return refuse(GONE);
  if (!previous && store.list().length >= MAX_SCHEDULES)
    return refuse(`Bosun keeps at most ${MAX_SCHEDULES} schedules: delete one first.`);
  const id = previous?.id ?? newId('schedule');
  if (previous && 'chat' in previous === 'savedId' in request) return refuse('That schedule runs something else.');
  const now = Date.now();
  const checked =
    'savedId' in request
      ? checkSchedule(request, deps.saved(request.savedId), id, now, previous)
      : // An edit changes the time only: the task stays the one the person approved when they made the schedule.
        checkChatSchedule(
          request.when,
          previous && 'chat' in previous ? previous.chat : await deps.chatTask(request.conversationId),
          id,
          now,
          previous,
        );
  if (!checked.ok) return refuse(checked.error);
  await keep(deps, checked.schedule);
  announce(deps);
  return;
}

/**
 * The person's schedules: saved workflows and saved chat tasks that run by themselves at a time, every day or every
 * week, woken by the browser's alarms. Each run is saved as done before it starts, so a restart
 * or a second wake never runs it twice; a time missed while the browser was closed runs once at
 * the next start, and its note says so.
 */
export function createSchedules(deps: ScheduleDeps) {
  const { store } = deps;
  // One change at a time: an alarm and the start-up catch-up may wake for the same run.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    list: (): Schedule[] => store.list(),
    save: (request: ScheduleRequest) => serial(() => saveSchedule(deps, request)),
    /** Paused, it does not run; resumed, it runs at its next time from now, not at the times it skipped. */
    setPaused: (id: string, paused: boolean): Promise<Refusal | undefined> =>
      serial(async () => {
        const schedule = store.get(id);
        if (!schedule) return refuse(GONE);
        const nextRunAt = paused ? schedule.nextRunAt : nextRunAfter(schedule.when, Date.now());
        await keep(deps, { ...schedule, paused, nextRunAt });
        announce(deps);
        return;
      }),
    remove: (id: string): Promise<Refusal | undefined> =>
      serial(async () => {
        if (!store.get(id)) return refuse(GONE);
        await store.remove(id);
        await deps.alarms.clear(ALARM_PREFIX + id);
        announce(deps);
        return;
      }),
    load: () => store.load(),
    /** At every start of the background: what came due meanwhile runs now (once), the rest is armed again. */
    catchUp: (): Promise<void> =>
      serial(async () => {
        for (const schedule of store.list()) await fire(deps, schedule);
      }),
    onAlarm: (name: string): Promise<void> =>
      serial(async () => {
        if (!name.startsWith(ALARM_PREFIX)) return;
        const schedule = store.get(name.slice(ALARM_PREFIX.length));
        if (schedule) await fire(deps, schedule);
      }),
  };
}
export type Schedules = ReturnType<typeof createSchedules>;
