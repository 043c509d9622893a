// @ts-check
/**
 * Runs a benchmark written in TypeScript (bench/<name>/run.ts, see scripts/run-ts.mjs).
 *
 *   node bench/run.mjs page-engine [--sizes=1000,10000] [--runs=5] [--json]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, runTypeScript } from '../scripts/run-ts.mjs';

const [name, ...args] = process.argv.slice(2);
const entry = name ? join('bench', name, 'run.ts') : '';
if (!name || !existsSync(join(root, entry))) {
  console.error(
    'usage: node bench/run.mjs <benchmark> [flags]   (benchmarks: page-engine, recall, markdown, crawl, long-conversation, agent-steps, agent-tasks)',
  );
  process.exit(2);
}
await runTypeScript(entry, `bench-${name}`, args);
