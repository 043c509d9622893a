// @ts-check
/**
 * Runs a TypeScript program without a TypeScript runner: bundles it for Node (packages stay
 * external) into node_modules/.cache, where the bundle still finds esbuild and playwright-core,
 * then calls its main(args, { root }).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} entry path from the repository root @param {string} name @param {string[]} args */
export async function runTypeScript(entry, name, args) {
  const outfile = join(root, 'node_modules', '.cache', 'bosun-run', `${name}.mjs`);
  await esbuild.build({
    entryPoints: [join(root, entry)],
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
}
