import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openBosunDb } from '../../background/storage/db';
import { createWorkflowStore, type WorkflowRecord } from '../../background/workflows/workflow-store';
import {
  addRun,
  blocked,
  MAX_OPEN_RUNS,
  type ResearchRuns,
  type WorkflowDeps,
} from '../../background/workflows/research-runs';
import { deleteWorkflow, restoreWorkflows } from '../../background/workflows/workflow-commands';
import type { WorkflowPlan } from '../../src/protocol/common';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';

let counter = 0;
const freshDb = () => openBosunDb(`bosun-research-runs-${++counter}`);

const plan = (id: string, status: WorkflowPlan['status'], at: number): WorkflowPlan => ({
  id,
  intent: `Find ${id}`,
  status,
  createdAt: at,
  ...(status === 'completed' || status === 'failed' || status === 'cancelled' ? { finishedAt: at + 1 } : {}),
  steps: [
    {
      id: `${id}-s`,
      agent: 'ResearchAgent',
      task: 't',
      site: 'https://a.example/',
      permissions: ['read-only'],
      status: status === 'running' ? 'running' : 'pending',
    },
  ],
});
const record = (p: WorkflowPlan): WorkflowRecord => ({ plan: p, runId: `run-${p.id}`, tabs: {} });

/** The store on a real (in-memory) IndexedDB, and the deps a run's bookkeeping uses. */
function setUp(database = freshDb()) {
  const store = createWorkflowStore(database);
  const said: BackgroundToSidebar[] = [];
  const deps = {
    store,
    broadcast: (message: BackgroundToSidebar) => said.push(message),
    saved: { load: async () => undefined },
    runs: { end: async () => undefined },
  } as unknown as WorkflowDeps;
  const runs: ResearchRuns = { runs: new Map(), planning: new Map() };
  return { store, deps, runs, said };
}

describe('research runs side by side', () => {
  it('refuse a new run only beyond the cap of unfinished ones, planning included; finished ones do not count', async () => {
    const { deps, runs } = setUp();
    for (let i = 0; i < 8; i++) await addRun(deps, runs, record(plan(`done${i}`, 'completed', i)));
    for (let i = 0; i < MAX_OPEN_RUNS - 2; i++) await addRun(deps, runs, record(plan(`open${i}`, 'running', 10 + i)));
    expect(blocked(runs)).toBeUndefined();
    runs.planning.set('wf_planning', new AbortController());
    expect(blocked(runs)).toBeUndefined();
    await addRun(deps, runs, record(plan('waiting', 'interrupted', 20)));
    expect(blocked(runs)?.reason).toBe(
      `${MAX_OPEN_RUNS} research runs are already unfinished. Wait for one to end, or cancel one first.`,
    );
  });

  it('keep every finished run as new ones start: none leaves memory, the store or the sidebars unasked', async () => {
    const { deps, runs, store, said } = setUp();
    await addRun(deps, runs, record(plan('running', 'running', 0)));
    const finished = Array.from({ length: 20 }, (_, i) => `done${i}`);
    for (const [i, id] of finished.entries()) await addRun(deps, runs, record(plan(id, 'completed', 1 + i)));
    await addRun(deps, runs, record(plan('new', 'awaiting-approval', 30)));
    const all = ['running', ...finished, 'new'];
    expect((await store.load()).map((r) => r.plan.id)).toEqual(all);
    expect([...runs.runs.keys()]).toEqual(all);
    expect(said.filter((m) => m.type === 'WORKFLOWS_DELETED')).toEqual([]);
  });

  it('delete an ended run when the person asks: from memory and the store, and the sidebars are told', async () => {
    const { deps, runs, store, said } = setUp();
    for (const p of [plan('a', 'completed', 1), plan('b', 'failed', 2), plan('c', 'cancelled', 3)])
      await addRun(deps, runs, record(p));
    for (const id of ['a', 'b', 'c']) expect(await deleteWorkflow(deps, runs, id)).toBeUndefined();
    expect(runs.runs.size).toBe(0);
    expect(await store.load()).toEqual([]);
    expect(said.flatMap((m) => (m.type === 'WORKFLOWS_DELETED' ? [m.payload.ids] : []))).toEqual([['a'], ['b'], ['c']]);
  });

  it('refuse to delete a run that has not ended, or one that does not exist, and change nothing', async () => {
    const { deps, runs, store, said } = setUp();
    const statuses = ['running', 'awaiting-approval', 'interrupted'] as const;
    for (const [i, status] of statuses.entries()) await addRun(deps, runs, record(plan(status, status, i)));
    const before = await store.load();
    const sent = said.length;
    for (const status of statuses)
      expect((await deleteWorkflow(deps, runs, status))?.reason).toBe(
        'This research run has not ended: cancel it first, then delete it.',
      );
    expect((await deleteWorkflow(deps, runs, 'nowhere'))?.reason).toBe(
      'There is no such research run: it may have been deleted.',
    );
    expect([...runs.runs.keys()]).toEqual([...statuses]);
    expect(await store.load()).toEqual(before);
    expect(said.length).toBe(sent);
  });

  it('a restart finds every run; each that was running is interrupted, the others as they were', async () => {
    const database = freshDb();
    const first = setUp(database);
    for (const p of [plan('a', 'running', 1), plan('b', 'running', 2), plan('c', 'completed', 3)])
      await addRun(first.deps, first.runs, record(p));
    const after = setUp(database);
    await restoreWorkflows(after.deps, after.runs);
    const statuses = [...after.runs.runs.values()].map((r) => [r.record.plan.id, r.record.plan.status]);
    expect(statuses).toEqual([
      ['a', 'interrupted'],
      ['b', 'interrupted'],
      ['c', 'completed'],
    ]);
    // Saved so: a second restart finds them interrupted too, resumable, not running twice.
    expect((await after.store.load()).map((r) => r.plan.status)).toEqual(['interrupted', 'interrupted', 'completed']);
  });

  it('the one workflow an earlier version saved loads as a run, and stays after the next restart', async () => {
    const database = freshDb();
    await (await database).put('state', record(plan('old', 'running', 1)), 'workflow');
    const { deps, runs, store } = setUp(database);
    await restoreWorkflows(deps, runs);
    expect(runs.runs.get('old')?.record.plan.status).toBe('interrupted');
    expect(await (await database).get('state', 'workflow')).toBeUndefined();
    expect((await store.load()).map((r) => [r.plan.id, r.plan.status])).toEqual([['old', 'interrupted']]);
  });
});
