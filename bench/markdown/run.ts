// The markdown benchmark: the reader's budgeted read (what read_page asks for) and full conversion (what an
// export or a crawl asks for), on generated 50k and 200k-element pages and on the Node.js API's all.html,
// next to the reader as it was (baseline.ts) measured in the same run. `node bench/run.mjs markdown`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { generatePage } from '../page-engine/generate-page';
import { median } from '../page-engine/report';
import { startPageServer } from '../page-engine/server';
import type { MarkdownBenchWindow, MarkdownFigure, MarkdownMethod } from './in-page';
import { nodeApiPage } from './nodejs-doc';
import { bundleInPage } from '../in-page-bundle';
import { formatTargetLine, type TargetLine } from '../target-line';

export interface MarkdownBenchOptions {
  sizes: number[];
  runs: number;
  budget: number;
  nodeApi: boolean;
}

export type Row = { page: string; bytes: number; figures: Record<MarkdownMethod, MarkdownFigure[]> };

const METHODS: readonly MarkdownMethod[] = ['budgeted', 'baselineBudgeted', 'full', 'baselineFull'];
/** A budgeted read of any page should cost tens of milliseconds; a full one should run at 10 MB/s of HTML. */
const BUDGETED_MS = 100;
const FULL_MB_S = 10;

export function parseArgs(argv: readonly string[]): MarkdownBenchOptions {
  // 24,000 characters: the budget read_page gives a whole page (background/tools/page-tools.ts).
  const options: MarkdownBenchOptions = { sizes: [50_000, 200_000], runs: 3, budget: 24_000, nodeApi: true };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--sizes') options.sizes = value ? value.split(',').map((s) => Number(s.trim())) : [];
    else if (flag === '--runs') options.runs = Number(value);
    else if (flag === '--budget') options.budget = Number(value);
    else if (flag === '--no-node-api') options.nodeApi = false;
    else throw new Error(`unknown argument ${arg} (use --sizes=50000,200000 --runs=N --budget=N --no-node-api)`);
  }
  if (!options.sizes.every((n) => Number.isInteger(n) && n >= 100))
    throw new Error('--sizes takes whole numbers of at least 100');
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a whole number of at least 1');
  if (!Number.isInteger(options.budget) || options.budget < 500)
    throw new Error('--budget takes a whole number of at least 500');
  return options;
}

/** One warm-up round, then `runs` rounds; every method once per round, so a noisy phase hits them alike. */
async function measure(page: Page, options: MarkdownBenchOptions): Promise<Row['figures']> {
  const figures = { budgeted: [], baselineBudgeted: [], full: [], baselineFull: [] } as Row['figures'];
  for (let round = 0; round <= options.runs; round++) {
    for (const method of METHODS) {
      await page.evaluate(() => (window as unknown as MarkdownBenchWindow).__markdownBench.settle());
      const figure = await page.evaluate(
        ([m, b]) => (window as unknown as MarkdownBenchWindow).__markdownBench.run(m, b),
        [method, options.budget] as const,
      );
      if (round > 0) figures[method].push(figure);
    }
  }
  return figures;
}

const ms = (list: readonly MarkdownFigure[]): number => median(list.map((f) => f.ms));
const mbPerS = (bytes: number, millis: number): number => bytes / 1e6 / (millis / 1000);
const fmt = (n: number): string => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function formatRow(row: Row): string {
  const mb = (row.bytes / 1e6).toFixed(2);
  const line = (label: string, list: MarkdownFigure[]) => {
    const m = ms(list);
    const last = list[list.length - 1];
    return `  ${label.padEnd(22)} ${fmt(m).padStart(8)} ms  ${fmt(mbPerS(row.bytes, m)).padStart(6)} MB/s  ${String(last?.chars ?? 0).padStart(8)} chars${last?.truncated ? ', cut' : ''}`;
  };
  return [
    `${row.page} (${mb} MB of HTML), median of the timed runs`,
    line('budgeted read', row.figures.budgeted),
    line('  baseline', row.figures.baselineBudgeted),
    line('full conversion', row.figures.full),
    line('  baseline', row.figures.baselineFull),
  ].join('\n');
}

/** Each page's budgeted read and full conversion judged, next to the baseline reader of the same run. */
export function targetLines(rows: readonly Row[]): TargetLine[] {
  return rows.flatMap((row): TargetLine[] => {
    const budgeted = ms(row.figures.budgeted);
    const full = mbPerS(row.bytes, ms(row.figures.full));
    return [
      {
        bench: 'markdown',
        figure: `budgeted read, ${row.page}`,
        value: `${fmt(budgeted)} ms`,
        target: `< ${BUDGETED_MS} ms`,
        baseline: `${fmt(ms(row.figures.baselineBudgeted))} ms`,
        verdict: budgeted < BUDGETED_MS ? 'PASS' : 'MISS',
      },
      {
        bench: 'markdown',
        figure: `full conversion, ${row.page}`,
        value: `${fmt(full)} MB/s`,
        target: `≥ ${FULL_MB_S} MB/s`,
        baseline: `${fmt(mbPerS(row.bytes, ms(row.figures.baselineFull)))} MB/s`,
        verdict: full >= FULL_MB_S ? 'PASS' : 'MISS',
      },
    ];
  });
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--js-flags=--expose-gc',
];

export async function main(
  argv: readonly string[],
  context: { log?: (line: string) => void; root?: string } = {},
): Promise<Row[]> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const pages: { name: string; html: string }[] = options.sizes.map((size) => ({
    name: `generated ${size / 1000}k`,
    html: generatePage({ nodes: size, seed: 1 }).html,
  }));
  if (options.nodeApi) pages.push({ name: 'Node.js API all.html', html: nodeApiPage().html });
  const script = await bundleInPage(context.root ?? join(dirname(fileURLToPath(import.meta.url)), '../..'), 'markdown');
  const server = await startPageServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const rows: Row[] = [];
  try {
    log(
      `markdown benchmark: Chromium ${browser.version()}, budget ${options.budget} characters, ${options.runs} runs per figure\n`,
    );
    for (const [i, { name, html }] of pages.entries()) {
      const url = server.add(`/page-${i}`, html);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await page.goto(url, { waitUntil: 'load', timeout: 300_000 });
        await page.evaluate(script);
        const row: Row = { page: name, bytes: Buffer.byteLength(html), figures: await measure(page, options) };
        log(`${formatRow(row)}\n`);
        rows.push(row);
      } finally {
        await page.close();
        server.remove(`/page-${i}`);
      }
    }
    log(targetLines(rows).map(formatTargetLine).join('\n'));
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}
