// @ts-check
/**
 * Runs a benchmark written in TypeScript without a TypeScript runner: bundles
 * bench/<name>/run.ts for Node (packages stay external) into node_modules/.cache, where the
 * bundle still finds esbuild and playwright-core, then calls its main().
 *
 *   node bench/run.mjs page-engine [--sizes=1000,10000] [--runs=5] [--json]
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const entry = name ? join(root, 'bench', name, 'run.ts') : '';
if (!name || !existsSync(entry)) {
  console.error('usage: node bench/run.mjs <benchmark> [flags]   (benchmarks: page-engine)');
  process.exit(2);
}

const outfile = join(root, 'node_modules', '.cache', 'bosun-bench', `${name}.mjs`);
await esbuild.build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const { main } = await import(pathToFileURL(outfile).href);
try {
  await main(args, { root });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
