import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refuse } from '../../src/messaging/refusal';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { ChatTask } from '../../src/protocol/schedules';
import { openBosunDb } from '../../background/storage/db';
import { createScheduleStore } from '../../background/schedules/schedule-store';
import { createSchedules, type ScheduleDeps } from '../../background/schedules/schedules';

const saved: SavedWorkflow = {
  id: 'saved_1',
  name: 'Lamp prices',
  intent: 'Compare lamp prices',
  parameters: [],
  steps: [{ agent: 'browser', task: 'Read the price', site: 'https://shop.example/', permissions: ['read-only'] }],
  savedAt: 0,
};
const chatTask: ChatTask = {
  conversationId: 'conv_1',
  trace: { request: 'Add the lamp to my basket', steps: [{ name: 'click_element', args: {} }] },
  startUrl: 'https://shop.example/lamp',
  access: [{ site: 'shop.example', level: 'interact' }],
};
const local = (day: number, hour: number) => new Date(2026, 2, day, hour).getTime();

/**
 * The schedules over a real store on `dbName`, with the browser's alarms and notifications recorded, in a
 * browser session that began at `sessionStart` (by default, the morning the tests' clock starts on).
 */
function service(dbName: string, run: ScheduleDeps['run'] = async () => undefined, sessionStart = local(4, 0)) {
  const alarms = new Map<string, number>();
  const runs: string[] = [];
  const chatRuns: ChatTask[] = [];
  const notes: string[] = [];
  const tasks = new Map([['conv_1', chatTask]]);
  const schedules = createSchedules({
    store: createScheduleStore(openBosunDb(dbName)),
    sessionStart: async () => sessionStart,
    saved: (id) => (id === saved.id ? saved : undefined),
    run: async (savedId, values, note) => {
      runs.push(note);
      return run(savedId, values, note);
    },
    chatTask: async (id) =>
      structuredClone(tasks.get(id)) ?? 'That conversation has no finished task that acted on a page.',
    runChat: async (task, note) => {
      chatRuns.push(task);
      runs.push(note);
      return undefined;
    },
    notify: async (title) => void notes.push(title),
    alarms: {
      create: (name, { when }) => void alarms.set(name, when),
      clear: async (name) => alarms.delete(name),
    },
    broadcast: () => {},
  });
  return { schedules, alarms, runs, chatRuns, notes, tasks };
}

describe('schedules', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: local(4, 10) }));
  afterEach(() => vi.useRealTimers());

  it('a finished chat task is scheduled from its conversation, keeps the task approved when made through edits, and runs as that task', async () => {
    const { schedules, alarms, chatRuns, tasks } = service('schedules-chat');
    await schedules.load();
    expect(await schedules.save({ conversationId: 'conv_2', when: { kind: 'daily', minute: 9 * 60 } })).toEqual(
      refuse('That conversation has no finished task that acted on a page.'),
    );
    expect(await schedules.save({ conversationId: 'conv_1', when: { kind: 'daily', minute: 9 * 60 } })).toBeUndefined();
    const [made] = schedules.list();
    expect(made).toMatchObject({ name: 'Add the lamp to my basket', chat: chatTask });
    // The conversation's last task changes later: an edit moves the time, the approved task stays.
    tasks.set('conv_1', { ...chatTask, access: [{ site: 'bank.example', level: 'submit' }] });
    expect(
      await schedules.save({ id: made!.id, conversationId: 'conv_1', when: { kind: 'daily', minute: 7 * 60 } }),
    ).toBeUndefined();
    expect(schedules.list()[0]).toMatchObject({ chat: chatTask, nextRunAt: local(5, 7) });
    // A workflow request cannot turn it into another schedule.
    expect(
      await schedules.save({ id: made!.id, savedId: 'saved_1', values: {}, when: { kind: 'daily', minute: 0 } }),
    ).toEqual(refuse('That schedule runs something else.'));
    vi.setSystemTime(local(5, 7));
    await schedules.onAlarm([...alarms.keys()][0]!);
    expect(chatRuns).toEqual([chatTask]);
  });

  it('survive a restart, arm an alarm for the next run, and a missed run runs once at the next start, saying so', async () => {
    const before = service('schedules-restart');
    await before.schedules.load();
    expect(
      await before.schedules.save({ savedId: 'saved_1', values: {}, when: { kind: 'daily', minute: 8 * 60 } }),
    ).toBeUndefined();
    expect([...before.alarms.values()]).toEqual([local(5, 8)]);

    // Three days later, the browser starts again on the same storage: it ran once, and next runs tomorrow.
    vi.setSystemTime(local(8, 12));
    const after = service('schedules-restart', undefined, local(8, 12));
    await after.schedules.load();
    await after.schedules.catchUp();
    await after.schedules.catchUp();
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toContain("at the browser's next start");
    const [listed] = after.schedules.list();
    expect(listed?.nextRunAt).toBe(local(9, 8));
    expect(listed?.lastRun?.note).toBe(after.runs[0]);
    expect([...after.alarms.values()]).toEqual([local(9, 8)]);
  });

  it('a stored schedule that does not parse is dropped, never run', async () => {
    const db = await openBosunDb('schedules-bad');
    await db.put('state', [{ id: 's', savedId: 'saved_1', when: { kind: 'hourly' }, nextRunAt: 0 }], 'schedules');
    const { schedules, runs } = service('schedules-bad');
    await schedules.load();
    await schedules.catchUp();
    expect(schedules.list()).toEqual([]);
    expect(runs).toEqual([]);
  });

  it('a run that cannot start (four research runs unfinished) says why in its last run and tells the person', async () => {
    const { schedules, notes } = service('schedules-busy', async () =>
      refuse('4 research runs are already unfinished. Wait for one to end, or cancel one first.'),
    );
    await schedules.load();
    await schedules.save({ savedId: 'saved_1', values: {}, when: { kind: 'once', at: local(4, 11) } });
    const [made] = schedules.list();
    vi.setSystemTime(local(4, 11));
    await schedules.onAlarm(`bosun-schedule:${made?.id}`);
    const [after] = schedules.list();
    expect(after?.lastRun?.note).toContain('It did not run: 4 research runs are already unfinished.');
    expect(after?.nextRunAt).toBeNull();
    expect(notes).toEqual(['Bosun: “Lamp prices” did not run']);
  });

  it('paused, it has no alarm and does not run; resumed, it runs at its next time from now, not the skipped ones', async () => {
    const { schedules, alarms, runs } = service('schedules-pause');
    await schedules.load();
    await schedules.save({ savedId: 'saved_1', values: {}, when: { kind: 'daily', minute: 8 * 60 } });
    const id = schedules.list()[0]?.id ?? '';
    await schedules.setPaused(id, true);
    expect(alarms.size).toBe(0);
    vi.setSystemTime(local(7, 12));
    await schedules.catchUp();
    expect(runs).toEqual([]);
    await schedules.setPaused(id, false);
    expect(schedules.list()[0]?.nextRunAt).toBe(local(8, 8));
    await schedules.catchUp();
    expect(runs).toEqual([]);
    expect(await schedules.remove(id)).toBeUndefined();
    expect(alarms.size).toBe(0);
    expect((await schedules.remove(id))?.reason).toBe('That schedule no longer exists.');
  });
});
