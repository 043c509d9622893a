import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SavedWorkflow } from '../../src/protocol/common';
import { openBosunDb } from '../../background/storage/db';
import { createSavedStore } from '../../background/workflows/saved-store';

const saved = (n: number): SavedWorkflow => ({
  id: `saved_${n}`,
  name: `Routine ${n}`,
  intent: 'Compare lamp prices',
  parameters: [],
  steps: [{ agent: 'browser', task: 'Read the price', site: 'https://shop.example/', permissions: ['read-only'] }],
  savedAt: n,
});

describe('saved workflows', () => {
  it('are kept newest first, the oldest going past fifty, and read back after a restart', async () => {
    const store = createSavedStore(openBosunDb('saved-store-order'));
    await store.load();
    for (let n = 1; n <= 52; n += 1) await store.add(saved(n));
    await store.remove('saved_40');
    const again = createSavedStore(openBosunDb('saved-store-order'));
    const ids = (await again.load()).map((s) => s.id);
    expect(ids).toHaveLength(49);
    expect(ids.slice(0, 3)).toEqual(['saved_52', 'saved_51', 'saved_50']);
    expect(ids).not.toContain('saved_40');
    expect(ids).not.toContain('saved_2');
    expect(again.get('saved_3')?.name).toBe('Routine 3');
  });

  it('drops a stored record that does not parse, and keeps the rest', async () => {
    const db = openBosunDb('saved-store-bad');
    await (await db).put('state', [saved(1), { id: 'saved_2', name: 7 }, 'junk', saved(3)], 'savedWorkflows');
    const store = createSavedStore(db);
    expect((await store.load()).map((s) => s.id)).toEqual(['saved_1', 'saved_3']);
    // What is handed out is a copy: changing it changes nothing stored.
    store.list()[0]!.name = 'changed';
    expect(store.get('saved_1')?.name).toBe('Routine 1');
  });
});
