// Each bundle's gzipped size next to its budget, for both browsers, from a fresh in-memory build of
// the same entries the build uses; over budget fails. Also: no npm package is bundled twice into one
// bundle (two copies of a library, from two folders, in the same file or its chunks).
import { describe, expect, it } from 'vitest';
import { budgetRows, duplicatePackages, everyPageScripts, kb, measureBundles } from '../../scripts/bundle-sizes.mjs';

const root = process.cwd();
const everyPage = everyPageScripts(root);

describe.each(['chrome', 'firefox'] as const)('the bundles of dist/%s', (target) => {
  it('each loads within its gzipped budget, and what loads on demand is named', { timeout: 60_000 }, async () => {
    const sizes = await measureBundles(root, target);
    const rows = budgetRows(sizes, everyPage);
    const lines = rows.map((r) => `  ${r.name.padEnd(36)} ${kb(r.gzip).padStart(9)}   budget ${kb(r.budget ?? 0)}`);
    for (const s of sizes)
      for (const chunk of s.onDemand)
        lines.push(`  ${`  ${s.name} on demand: ${chunk.file}`.padEnd(36)} ${kb(chunk.gzip).padStart(9)}`);
    console.log(`${target} bundles, gzipped (level 9):\n${lines.join('\n')}`);

    for (const row of rows) {
      expect(row.budget, `${row.name} has a budget`).toBeDefined();
      expect(row.gzip, `${row.name}: ${kb(row.gzip)} over its budget of ${kb(row.budget ?? 0)}`).toBeLessThanOrEqual(
        row.budget ?? 0,
      );
    }
    // The panel ships neither the public-suffix list nor the ZIP writer nor the markdown renderer in what it
    // loads first, nor the views a person opens by choice (sidebar/view-loader.ts).
    const sidebar = sizes.find((s) => s.name === 'sidebar.js');
    const onDemand = sidebar?.onDemand.map((c) => c.file).join(' ');
    for (const chunk of [/jszip/, /markdown/, /HistoryView/, /LibraryView/, /WorkflowView/])
      expect(onDemand).toMatch(chunk);
    expect([...(sidebar?.packages.keys() ?? [])]).not.toContain('tldts');
    // Only Bosun's page-world script (handler recorder, dialog stand-in) and its channel's isolated end
    // are in every page; the page engine is injected on first use.
    expect(everyPage).toEqual(['page-channel.js', 'page-handlers.js']);

    expect(duplicatePackages(sizes), 'no package is bundled twice into one bundle').toEqual([]);
  });
});
