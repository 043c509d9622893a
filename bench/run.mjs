// @ts-check
/**
 * Runs a benchmark written in TypeScript (bench/<name>/run.ts, see scripts/run-ts.mjs).
 *
 *   node bench/run.mjs page-engine [--sizes=1000,10000] [--runs=5] [--json]
 *   node bench/run.mjs [--only=page-engine,recall] [--no-build]   every benchmark with targets, then one summary (bench/all)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, runTypeScript } from '../scripts/run-ts.mjs';

const argv = process.argv.slice(2);
// With no benchmark named (nothing, or flags only), the all-run.
const first = argv[0];
const named = first !== undefined && !first.startsWith('--');
const name = named ? first : 'all';
const args = named ? argv.slice(1) : argv;
const entry = join('bench', name, 'run.ts');
if (!existsSync(join(root, entry))) {
  console.error(
    'usage: node bench/run.mjs [<benchmark>] [flags]   (benchmarks: page-engine, recall, markdown, crawl, long-conversation, agent-steps, agent-tasks, bundles, data-flow, mcp, pdf; none: all of those with targets, then a summary)',
  );
  process.exit(2);
}
await runTypeScript(entry, `bench-${name}`, args);
