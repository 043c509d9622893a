// The bundles benchmark: builds every entry of each extension in memory (as the build does) and
// prints what each costs to load, gzipped, next to its budget, and whether any library is bundled
// twice into one bundle. The budgets and the measuring are scripts/bundle-sizes.mjs's, which the
// unit test that fails over budget shares. Run it with `node bench/run.mjs bundles`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetRows, duplicatePackages, everyPageScripts, kb, measureBundles } from '../../scripts/bundle-sizes.mjs';
import type { TargetLine } from '../target-line';

type Build = 'chrome' | 'firefox';
const BUILDS: readonly Build[] = ['chrome', 'firefox'];

export interface BundlesOptions {
  builds: Build[];
  json: boolean;
}

export interface BuildSizes {
  build: Build;
  /** Each bundle and what every page loads, gzipped bytes, with its budget in bytes. */
  rows: { name: string; gzip: number; budget: number | undefined }[];
  /** Chunks loaded with import(), by the bundle that loads them. */
  onDemand: { bundle: string; file: string; gzip: number }[];
  /** Libraries bundled from more than one folder into one bundle. */
  duplicates: { bundle: string; pkg: string; dirs: string[] }[];
}

export interface BundlesResult {
  options: BundlesOptions;
  builds: BuildSizes[];
  targets: TargetLine[];
}

export function parseArgs(argv: readonly string[]): BundlesOptions {
  const options: BundlesOptions = { builds: [...BUILDS], json: false };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--builds') options.builds = value.split(',').map((s) => s.trim()) as Build[];
    else if (flag === '--json') options.json = true;
    else throw new Error(`unknown argument ${arg} (use --builds=chrome,firefox --json)`);
  }
  if (options.builds.length === 0 || !options.builds.every((b) => BUILDS.includes(b)))
    throw new Error('--builds takes chrome, firefox or both');
  return options;
}

/**
 * Each bundle against its budget, its sizes in every build on one line, each build's size judged by
 * that build's own budget (a bundle one build does not have is not judged there); then "each
 * library once per bundle".
 */
export function bundleTargets(sizes: readonly BuildSizes[]): TargetLine[] {
  const builds = sizes.map((s) => s.build).join(' / ');
  const names = [...new Set(sizes.flatMap((s) => s.rows.map((row) => row.name)))];
  const bundleLines = names.map((name): TargetLine => {
    const rows = sizes.map((s) => s.rows.find((row) => row.name === name));
    const judged = rows.flatMap((row) => (row?.budget === undefined ? [] : [{ gzip: row.gzip, budget: row.budget }]));
    const budgets = [...new Set(rows.map((row) => (row?.budget === undefined ? '—' : kb(row.budget))))];
    return {
      bench: 'bundles',
      figure: `${name}, gzipped (${builds})`,
      value: rows.map((row) => (row ? kb(row.gzip) : 'n/a')).join(' / '),
      target: judged.length === 0 ? '—' : `≤ ${budgets.join(' / ')}`,
      baseline: '—',
      verdict: judged.length === 0 ? 'INFO' : judged.every((row) => row.gzip <= row.budget) ? 'PASS' : 'MISS',
    };
  });
  const duplicates = sizes.flatMap((s) => s.duplicates.map((d) => `${s.build} ${d.bundle}: ${d.pkg}`));
  return [
    ...bundleLines,
    {
      bench: 'bundles',
      figure: `each library once per bundle (${builds})`,
      value: duplicates.length === 0 ? 'no library twice' : `twice: ${duplicates.join(', ')}`,
      target: 'none twice',
      baseline: '—',
      verdict: duplicates.length === 0 ? 'PASS' : 'MISS',
    },
  ];
}

export function formatBuild({ build, rows, onDemand, duplicates }: BuildSizes): string {
  const cells = [
    ...rows.map((r) => [r.name, kb(r.gzip), `budget ${r.budget === undefined ? '—' : kb(r.budget)}`]),
    ...onDemand.map((chunk) => [`  ${chunk.bundle} on demand: ${chunk.file}`, kb(chunk.gzip), '']),
  ];
  const width = Math.max(...cells.map(([label = '']) => label.length));
  const lines = cells.map(
    ([label = '', size = '', budget]) => `  ${label.padEnd(width)} ${size.padStart(9)}${budget ? `   ${budget}` : ''}`,
  );
  for (const d of duplicates) lines.push(`  ${d.bundle} bundles ${d.pkg} twice: ${d.dirs.join(', ')}`);
  if (duplicates.length === 0) lines.push('  each library once per bundle');
  return `${build} bundles, gzipped (level 9):\n${lines.join('\n')}`;
}

export async function main(
  argv: readonly string[],
  context: { log?: (line: string) => void; root?: string } = {},
): Promise<BundlesResult> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const root = context.root ?? join(dirname(fileURLToPath(import.meta.url)), '../..');
  const everyPage = everyPageScripts(root);
  const builds: BuildSizes[] = [];
  for (const build of options.builds) {
    const sizes = await measureBundles(root, build);
    const measured: BuildSizes = {
      build,
      rows: budgetRows(sizes, everyPage),
      onDemand: sizes.flatMap((s) => s.onDemand.map((chunk) => ({ bundle: s.name, ...chunk }))),
      duplicates: duplicatePackages(sizes),
    };
    log(`${formatBuild(measured)}\n`);
    builds.push(measured);
  }
  const result: BundlesResult = { options, builds, targets: bundleTargets(builds) };
  if (options.json) log(JSON.stringify(result));
  return result;
}
