// Each bundle's gzipped size next to its budget, for both browsers, from a fresh in-memory build of
// the same entries the build uses; over budget fails. Also: no npm package is bundled twice into one
// bundle (two copies of a library, from two folders, in the same file or its chunks).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, kb, measureBundles } from '../../scripts/bundle-sizes.mjs';

const root = process.cwd();
const base = JSON.parse(readFileSync(join(root, 'manifests/base.json'), 'utf8')) as {
  content_scripts?: { js?: string[] }[];
};
/** The scripts the browser puts into every page, whether Bosun ever works there or not. */
const everyPage = (base.content_scripts ?? []).flatMap((script) => script.js ?? []);

describe.each(['chrome', 'firefox'] as const)('the bundles of dist/%s', (target) => {
  it('each loads within its gzipped budget, and what loads on demand is named', { timeout: 60_000 }, async () => {
    const sizes = await measureBundles(root, target);
    const inPages = sizes.filter((s) => everyPage.includes(s.name)).reduce((sum, s) => sum + s.gzip, 0);
    const rows = [
      ...sizes.map((s) => ({ name: s.name, gzip: s.gzip, budget: s.budget })),
      { name: `every page (${everyPage.join(', ')})`, gzip: inPages, budget: BUDGETS['every page'] },
    ];
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
    // Only Bosun's page-world script (handler recorder, dialog stand-in) is in every page; the page engine is injected on first use.
    expect(everyPage).toEqual(['page-handlers.js']);

    for (const s of sizes) {
      for (const [name, dirs] of s.packages) expect([...dirs], `${s.name} bundles ${name} once`).toHaveLength(1);
    }
  });
});
