// The page-engine benchmark: generates pages, serves them, opens each in headless Chromium at
// 1280×800 and times the product's snapshot, markdown reader and highlight against a floor (one
// walk reading every box) and Playwright's ariaSnapshot. Run it with `node bench/run.mjs page-engine`.
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { generatePage, type PageVariant } from './generate-page';
import { measurePage, type MeasureId } from './measure';
import { nodeApiFirstRead } from './node-api';
import { formatMs, formatTable, summarize, type PageResult, type Summary } from './report';
import { formatVerdicts, referenceSize, verdicts, type Verdict } from './targets';
import type { PageServer } from './server';
import { startPageServer } from './server';
import { CHROMIUM_ARGS, EXECUTABLE } from '../../tests/e2e/harness/chromium';
import { bundleInPage } from '../in-page-bundle';

export interface BenchOptions {
  sizes: number[];
  runs: number;
  /** Paired rounds of highlight and plain snapshot for the highlight line (at least `runs`). */
  pairs: number;
  json: boolean;
  seed: number;
  /** Also read Node.js's all.html (Debian's nodejs-doc) cold, against the floor of measuring what it returns. */
  nodeApi: boolean;
}

export interface BenchResult {
  machine: { cpus: number; node: string; chromium: string };
  options: BenchOptions;
  /** ariaSnapshot() on a one-button page: its cost apart from page size, included in every aria figure. */
  ariaFixed: Summary | undefined;
  pages: PageResult[];
  verdicts: Verdict[];
}

/**
 * Round order matters: highlight, its cleanup and the plain full snapshot run back to back, so
 * their paired ratio (the highlight overhead) sees the same machine state; and the plain full
 * snapshot follows a full one, so its listing carries no "new since last time" stars.
 */
const ALL: readonly MeasureId[] = [
  'floor',
  'highlight',
  'cleanup',
  'full',
  'writeFloor',
  'viewport',
  'markdown',
  'aria',
  'ariaAi',
];
/** Taken once per page: on big pages one call can take minutes (see the README). */
const ONCE: readonly MeasureId[] = ['fullChanged'];
/** Flat and nested pages only compare the walk itself. */
const SHAPE: readonly MeasureId[] = ['floor', 'full', 'viewport'];
const BENCH_ARGS = [
  ...CHROMIUM_ARGS,
  // Lets settle() collect garbage between calls, so one call's garbage is not billed to the next.
  '--js-flags=--expose-gc',
];

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    sizes: [1000, 10_000, 50_000, 200_000],
    runs: 5,
    pairs: 15,
    json: false,
    seed: 1,
    nodeApi: true,
  };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--sizes') options.sizes = value.split(',').map((s) => Number(s.trim()));
    else if (flag === '--runs') options.runs = Number(value);
    else if (flag === '--pairs') options.pairs = Number(value);
    else if (flag === '--seed') options.seed = Number(value);
    else if (flag === '--json') options.json = true;
    else if (flag === '--no-node-api') options.nodeApi = false;
    else
      throw new Error(
        `unknown argument ${arg} (use --sizes=1000,10000 --runs=N --pairs=N --seed=N --json --no-node-api)`,
      );
  }
  if (options.sizes.length === 0 || !options.sizes.every((n) => Number.isInteger(n) && n >= 100)) {
    throw new Error('--sizes takes whole numbers of at least 100, e.g. --sizes=1000,10000');
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a whole number of at least 1');
  if (!Number.isInteger(options.pairs) || options.pairs < 1)
    throw new Error('--pairs takes a whole number of at least 1');
  return options;
}

interface Session {
  browser: Browser;
  server: PageServer;
  script: string;
  runs: number;
  pairs: number;
}

/** Loads `html` in a fresh 1280×800 tab with the bench script in it, and measures `ids` there. */
async function measureHtml(
  session: Session,
  path: string,
  html: string,
  ids: readonly MeasureId[],
  once: readonly MeasureId[] = [],
) {
  const url = session.server.add(path, html);
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const start = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: 300_000 });
    const loadMs = performance.now() - start;
    await page.evaluate(session.script);
    const samples = await measurePage(page, ids, session.runs, once, session.pairs);
    const measures: PageResult['measures'] = {};
    for (const [id, list] of samples) measures[id] = summarize(list);
    return { loadMs, measures };
  } finally {
    await page.close();
    session.server.remove(path);
  }
}

async function benchPage(
  session: Session,
  variant: PageVariant,
  size: number,
  seed: number,
  ids: readonly MeasureId[],
  once: readonly MeasureId[] = [],
): Promise<PageResult> {
  const generated = generatePage({ nodes: size, variant, seed });
  const { loadMs, measures } = await measureHtml(session, `/${variant}-${size}`, generated.html, ids, once);
  return { variant, size, elements: generated.elements, features: generated.features, loadMs, measures };
}

/** What one ariaSnapshot() costs apart from the page (protocol, locator, injected script): a page with one button. */
async function ariaFixedCost(session: Session): Promise<Summary | undefined> {
  const { measures } = await measureHtml(
    session,
    '/one-button',
    '<!doctype html><title>one</title><button>OK</button>',
    ['aria'],
  );
  return measures.aria;
}

async function runAll(
  session: Session,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<Omit<BenchResult, 'machine' | 'options'>> {
  const ariaFixed = await ariaFixedCost(session);
  if (ariaFixed)
    log(
      `ariaSnapshot() fixed cost, on a one-button page: ${formatMs(ariaFixed.median)} ms (${formatMs(ariaFixed.min)}–${formatMs(ariaFixed.max)})\n`,
    );
  const mixed: PageResult[] = [];
  for (const size of options.sizes) {
    const result = await benchPage(session, 'mixed', size, options.seed, ALL, ONCE);
    log(`${formatTable(result)}\n`);
    mixed.push(result);
  }
  const shapeSize = referenceSize(options.sizes);
  const flat = await benchPage(session, 'flat', shapeSize, options.seed, SHAPE);
  log(`${formatTable(flat)}\n`);
  const nested = await benchPage(session, 'nested', shapeSize, options.seed, SHAPE);
  log(`${formatTable(nested)}\n`);
  const list = verdicts(mixed, flat, nested);
  if (options.nodeApi) list.push(await nodeApiFirstRead({ ...session, runs: options.runs }, log));
  log(formatVerdicts(list));
  return { ariaFixed, pages: [...mixed, flat, nested], verdicts: list };
}

export interface MainContext {
  /** Where output lines go; console.log by default. */
  log?: (line: string) => void;
  /** The repository root; by default found from this file's location. */
  root?: string;
}

const defaultRoot = (): string => join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the benchmark and prints its tables and verdicts; figures never make it fail. */
export async function main(argv: readonly string[], context: MainContext = {}): Promise<BenchResult> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const script = await bundleInPage(context.root ?? defaultRoot(), 'page-engine');
  const server = await startPageServer();
  const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true, args: BENCH_ARGS });
  try {
    const machine = { cpus: cpus().length, node: process.version, chromium: browser.version() };
    log(
      `page-engine benchmark: Chromium ${machine.chromium}, Node ${machine.node}, ${machine.cpus} cores, ${options.runs} runs per figure, ${Math.max(options.runs, options.pairs)} paired rounds for the highlight line\n`,
    );
    const result: BenchResult = {
      machine,
      options,
      ...(await runAll({ browser, server, script, runs: options.runs, pairs: options.pairs }, options, log)),
    };
    if (options.json) log(JSON.stringify(result));
    return result;
  } finally {
    await browser.close();
    await server.close();
  }
}
