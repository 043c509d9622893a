// A research run's pages are kept apart from its record: a step adds only what it read, the record
// saved after every change and loaded at every restart holds no page, the export reads them, and
// deleting the run deletes them. A record an earlier version saved with its pages inside loses
// none of them. On a real (in-memory) IndexedDB.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openBosunDb } from '../../background/storage/db';
import { createWorkflowStore, type WorkflowRecord } from '../../background/workflows/workflow-store';

let counter = 0;
const freshDb = () => openBosunDb(`bosun-workflow-pages-${++counter}`);

const record = (id: string): WorkflowRecord => ({
  plan: { id, intent: `Find ${id}`, status: 'running', createdAt: counter, steps: [] },
  runId: `run-${id}`,
  tabs: {},
});
const page = (url: string, markdown = `# ${url}`) => ({ title: url, url, markdown });

describe("a research run's pages", () => {
  it('are added step by step beside the record, which never holds them, and are read back for the export', async () => {
    const database = freshDb();
    const store = createWorkflowStore(database);
    await store.save(record('wf_a'));
    await store.addPages('wf_a', [page('https://a.example/1'), page('https://a.example/2')]);
    await store.save(record('wf_a'));
    // A page read again replaces its text; a run whose id begins the same keeps its own pages.
    await store.addPages('wf_a', [page('https://a.example/2', 'newer')]);
    await store.addPages('wf_ab', [page('https://b.example/')]);

    expect(await store.pages('wf_a')).toEqual({
      'https://a.example/1': page('https://a.example/1'),
      'https://a.example/2': page('https://a.example/2', 'newer'),
    });
    expect(Object.keys(await store.pages('wf_ab'))).toEqual(['https://b.example/']);
    const stored = await (await database).get('state', 'workflow:wf_a');
    expect(stored).toEqual(record('wf_a'));
    // A start reads the runs' records and asks for no page.
    const asked = ['get', 'getAll', 'getAllKeys', 'openCursor'].map((read) =>
      vi.spyOn(IDBObjectStore.prototype, read as 'get'),
    );
    expect(await store.load()).toEqual([record('wf_a')]);
    const queries = asked.flatMap((read) =>
      read.mock.calls.map(([query]) => query as string | IDBKeyRange | undefined),
    );
    vi.restoreAllMocks();
    expect(queries.length).toBeGreaterThan(0);
    const described = queries.map((query) =>
      query === undefined ? 'the whole store' : typeof query === 'string' ? query : `${query.lower}…${query.upper}`,
    );
    for (const query of described) expect(query).not.toMatch(/workflowPage:|the whole store/);
  });

  it('go with their run when it is deleted, and no other run loses any', async () => {
    const database = freshDb();
    const store = createWorkflowStore(database);
    for (const id of ['wf_a', 'wf_b']) {
      await store.save(record(id));
      await store.addPages(id, [page(`https://${id}.example/`)]);
    }
    await store.remove('wf_a');
    expect(await store.pages('wf_a')).toEqual({});
    expect(Object.keys(await store.pages('wf_b'))).toEqual(['https://wf_b.example/']);
    const keys = await (await database).getAllKeys('state');
    expect(keys.filter((key) => key.includes('wf_a'))).toEqual([]);
  });

  it('saved inside the record by an earlier version move out of it at the next start, none lost', async () => {
    const database = freshDb();
    const earlier = { ...record('wf_old'), pages: { 'https://o.example/': page('https://o.example/') } };
    await (await database).put('state', earlier, 'workflow:wf_old');
    // The single record of a still earlier version, its pages inside too.
    const single = { ...record('wf_single'), pages: { 'https://s.example/': page('https://s.example/') } };
    await (await database).put('state', single, 'workflow');

    const store = createWorkflowStore(database);
    expect((await store.load()).map((r) => r.plan.id).sort()).toEqual(['wf_old', 'wf_single']);
    expect(await store.pages('wf_old')).toEqual(earlier.pages);
    expect(await store.pages('wf_single')).toEqual(single.pages);
    expect(await (await database).get('state', 'workflow:wf_old')).toEqual(record('wf_old'));
    // A second start finds nothing left to move and the same runs and pages.
    expect((await store.load()).map((r) => r.plan.id).sort()).toEqual(['wf_old', 'wf_single']);
    expect(await store.pages('wf_old')).toEqual(earlier.pages);
  });

  it('that are damaged are left out of the export; the others are kept', async () => {
    const database = freshDb();
    const store = createWorkflowStore(database);
    await store.addPages('wf_a', [page('https://a.example/')]);
    await (await database).put('state', { url: 'https://a.example/bad' }, 'workflowPage:wf_a\nhttps://a.example/bad');
    expect(Object.keys(await store.pages('wf_a'))).toEqual(['https://a.example/']);
  });
});
