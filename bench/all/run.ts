// The all-run: `node bench/run.mjs` with no benchmark named runs each benchmark that has targets,
// one after another, with sizes chosen so the whole run takes about half an hour on a 2-core
// machine, then prints one table of every target line with the baseline from the same run.
// Each benchmark's full run is its own command (bench/README.md).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main as agentSteps, targetLines as agentStepsLines } from '../agent-steps/run';
import { main as bundles } from '../bundles/run';
import { main as crawl, targetLines as crawlLines } from '../crawl/run';
import { main as dataFlow } from '../data-flow/run';
import { main as markdown, targetLines as markdownLines } from '../markdown/run';
import { main as pageEngine } from '../page-engine/run';
import { main as recall } from '../recall/run';
import type { TargetLine } from '../target-line';
import { errorLine, formatSummary, pageEngineLines } from './summary';

type Log = (line: string) => void;

interface Step {
  name: string;
  /** The all-run's sizes: smaller than the benchmark's own defaults, so the whole run stays near half an hour. */
  args: string[];
  run: (argv: readonly string[], context: { log?: Log; root?: string }) => Promise<unknown>;
  lines: (result: never) => TargetLine[];
}

/** In summary order: the page engine's speed with its recall and precision right after it. */
export const STEPS: readonly Step[] = [
  { name: 'page-engine', args: ['--sizes=1000,10000,50000', '--runs=3'], run: pageEngine, lines: pageEngineLines },
  { name: 'recall', args: ['--generated-only'], run: recall, lines: (r: { targets: TargetLine[] }) => r.targets },
  { name: 'markdown', args: ['--sizes=50000', '--runs=3'], run: markdown, lines: markdownLines },
  {
    name: 'agent-steps',
    args: ['--sizes=1000,10000', '--steps=5', '--no-build'],
    run: agentSteps,
    lines: agentStepsLines,
  },
  { name: 'crawl', args: ['--pages=200', '--workers=1,4,8', '--no-build'], run: crawl, lines: crawlLines },
  { name: 'bundles', args: [], run: bundles, lines: (r: { targets: TargetLine[] }) => r.targets },
  { name: 'data-flow', args: [], run: dataFlow, lines: (r: { targets: TargetLine[] }) => r.targets },
];

export function parseArgs(argv: readonly string[]): { only: string[]; build: boolean } {
  const options = { only: STEPS.map((s) => s.name), build: true };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--only') options.only = value.split(',').map((s) => s.trim());
    else if (flag === '--no-build') options.build = false;
    else throw new Error(`unknown argument ${arg} (use --only=${STEPS.map((s) => s.name).join(',')} --no-build)`);
  }
  const unknown = options.only.filter((name) => !STEPS.some((s) => s.name === name));
  if (options.only.length === 0 || unknown.length > 0)
    throw new Error(`--only takes names from ${STEPS.map((s) => s.name).join(', ')} (got ${unknown.join(', ')})`);
  return options;
}

const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export async function main(argv: readonly string[], context: { log?: Log; root?: string } = {}): Promise<TargetLine[]> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const root = context.root ?? join(dirname(fileURLToPath(import.meta.url)), '../..');
  // Built once for the benchmarks that load the extension (they are told --no-build).
  if (options.build && options.only.some((name) => name === 'crawl' || name === 'agent-steps')) {
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`node build.mjs failed:\n${built.stdout}${built.stderr}`);
  }
  const lines: TargetLine[] = [];
  const loads: string[] = [];
  const start = performance.now();
  for (const step of STEPS.filter((s) => options.only.includes(s.name))) {
    log(`\n=== ${step.name} ${step.args.join(' ')}   (load average ${load()})\n`);
    const began = performance.now();
    try {
      lines.push(...step.lines((await step.run(step.args, { log, root })) as never));
    } catch (error) {
      log(`${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      lines.push(errorLine(step.name, error));
    }
    loads.push(`${step.name} ${((performance.now() - began) / 60_000).toFixed(1)} min, load after ${load()}`);
  }
  log(`\n=== summary: ${((performance.now() - start) / 60_000).toFixed(1)} min; ${loads.join('; ')}\n`);
  log(formatSummary(lines));
  return lines;
}
