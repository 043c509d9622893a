// The agent-steps benchmark: what Bosun itself adds to each step of a task, with a model that
// answers at once. The built extension runs in headless Chromium and Firefox (the e2e harness) with
// the scripted model server; on generated pages of 1k, 10k and 50k elements the model clicks a
// button by its index and reads the page again, step after step, and the time from
// the model's answer to the next request is Bosun's: the listing and markdown, the relay between the
// contexts, the gate, the mask, the click and the result back to the model. The scripted server's
// own work (parsing the request, writing the answer) is not counted: a real model's is not Bosun's either. Next to it, the floor:
// the same click and read done directly in the page by the same engine, with no extension around
// it. Each page is measured on a quiet machine and again under a synthetic load of one busy loop per
// core (load.ts); on the quiet run, the browser's memory (PSS of all its processes) with the page
// open before Bosun works on it, and after its task there. Run it with `node bench/run.mjs agent-steps`.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchExtension, type BrowserName, type ExtensionSession, type PageDriver } from '../../tests/e2e/harness';
import { openOnly, waitUntilIdle } from '../../tests/e2e/support/agent';
import { setSiteRule } from '../../tests/e2e/support/permissions';
import { configure, openSidebar, send, setLimits, shownMessages } from '../../tests/e2e/support/sidebar';
import { startLlmServer, type LlmServer } from '../../tests/fixtures/llm-server';
import type { Step } from '../../tests/fixtures/llm-server/script';
import { bundleInPage } from '../in-page-bundle';
import { generatePage } from '../page-engine/generate-page';
import { startPageServer, type PageServer } from '../page-engine/server';
import type { FloorWindow } from './in-page';
import { builtExtensions } from '../built-extension';
import { findBrowserPid, isSupported, sampleTree } from '../crawl/memory';
import { loadCores } from './load';
import { formatTargetLine, type TargetLine } from '../target-line';
import {
  actionLogTimes,
  clickTimes,
  PART_HEADS,
  partCells,
  spread,
  stepParts,
  watchClicks,
  type Parts,
  type Spread,
} from './breakdown';

/** The budget read_page asks the page for (READ_BUDGET in background/tools/page-tools.ts). */
const READ_BUDGET = 24_000;
/** The page size the target is set on, and the target: Bosun's median step there. */
const TARGET_SIZE = 10_000;
const TARGET_MS = 100;
const BROWSER_NAMES: readonly BrowserName[] = ['chromium', 'firefox'];
const BUILD_TARGET: Record<BrowserName, string> = { chromium: 'chrome', firefox: 'firefox' };
/** quiet: nothing else runs from the benchmark; cores: one busy loop per core runs meanwhile. */
export type Load = 'quiet' | 'cores';
const LOADS: readonly Load[] = ['quiet', 'cores'];

export interface BenchOptions {
  sizes: number[];
  steps: number;
  browsers: BrowserName[];
  loads: Load[];
  json: boolean;
  build: boolean;
  /** Seconds between the task's end and the memory taken after it: 0 counts what the task left to collect too. */
  settleS: number;
}

export interface Row {
  browser: BrowserName;
  load: Load;
  /** Elements the generated page has. */
  elements: number;
  /** From one model request to the next, per step. */
  stepMs: Spread;
  /** The same click and read done in the page, per step. */
  floorMs: Spread;
  /** Where the step's time went, seen from outside Bosun. */
  parts: Parts;
  /** On the quiet run: the browser's memory with the page open, before and after Bosun's task (null: no /proc). */
  memory: { beforeMiB: number; afterMiB: number } | null;
}

export interface BenchResult {
  machine: { cpus: number; node: string };
  options: BenchOptions;
  rows: Row[];
}

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    sizes: [1000, 10_000, 50_000],
    steps: 8,
    browsers: [...BROWSER_NAMES],
    loads: [...LOADS],
    json: false,
    build: true,
    settleS: 0,
  };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--sizes') options.sizes = value.split(',').map((s) => Number(s.trim()));
    else if (flag === '--steps') options.steps = Number(value);
    else if (flag === '--browsers') options.browsers = value.split(',').map((s) => s.trim()) as BrowserName[];
    else if (flag === '--load') options.loads = value.split(',').map((s) => s.trim()) as Load[];
    else if (flag === '--json') options.json = true;
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--settle') options.settleS = Number(value);
    else
      throw new Error(
        `unknown argument ${arg} (use --sizes=1000,10000,50000 --steps=N --browsers=chromium,firefox --load=quiet,cores --settle=S --json --no-build)`,
      );
  }
  if (options.sizes.length === 0 || !options.sizes.every((n) => Number.isInteger(n) && n >= 200 && n <= 200_000))
    throw new Error('--sizes takes whole numbers of elements from 200 to 200000');
  if (!Number.isInteger(options.steps) || options.steps < 2 || options.steps > 50)
    throw new Error('--steps takes a whole number from 2 to 50');
  if (options.browsers.length === 0 || !options.browsers.every((b) => BROWSER_NAMES.includes(b)))
    throw new Error('--browsers takes chromium, firefox or both');
  if (!(options.settleS >= 0 && options.settleS <= 600)) throw new Error('--settle takes seconds from 0 to 600');
  if (options.loads.length === 0 || !options.loads.every((l) => LOADS.includes(l)))
    throw new Error('--load takes quiet, cores or both');
  return options;
}

/** The text of the last tool result in an OpenAI-format request: the read_page that ended the previous step. */
function lastToolResult(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const last = messages.findLast((m) => m.role === 'tool');
  return typeof last?.content === 'string' ? last.content : '';
}

/**
 * The model: it reads the page, then on each step clicks the next button it was shown (a different
 * one each time, as a person's task moves on: the same click on an unchanged page three times
 * would be stopped as a loop) and reads the page again. Done after `steps` steps.
 */
function agentModel(llm: LlmServer, steps: number): void {
  let asked = 0;
  llm.respondWith((body): Step => {
    const step = asked++;
    if (step === 0) return { kind: 'tool_calls', calls: [{ id: 'read-0', name: 'read_page', arguments: {} }] };
    if (step > steps) return { kind: 'text', chunks: ['Done.'] };
    // Buttons whose click changes nothing for good: no form's Send, and no "Buy now", which Bosun
    // asks about even on a site where clicks are allowed.
    const buttons = [...lastToolResult(body).matchAll(/\[(\d+)\]\s*button "(Add to cart|Edit)"/g)].map((m) =>
      Number(m[1]),
    );
    const index = buttons[(step - 1) % Math.max(buttons.length, 1)];
    if (index === undefined) return { kind: 'text', chunks: ['No button to click.'] };
    return {
      kind: 'tool_calls',
      calls: [
        { id: `click-${step}`, name: 'click_element', arguments: { index } },
        { id: `read-${step}`, name: 'read_page', arguments: {} },
      ],
    };
  });
}

async function measureSize(
  session: ExtensionSession,
  sidebar: PageDriver,
  llm: LlmServer,
  server: PageServer,
  script: string,
  elements: number,
  options: BenchOptions,
  run: { load: Load; memoryMiB: (() => number) | null },
): Promise<Row> {
  const generated = generatePage({ nodes: elements });
  const path = `/agent-steps-${elements}-${run.load}`;
  const page = await openOnly(session, sidebar, server.add(path, generated.html));
  try {
    llm.reset();
    await watchClicks(page);
    const beforeMiB = run.memoryMiB?.();
    const since = Date.now();
    agentModel(llm, options.steps);
    await send(sidebar, 'Add a few of these to my cart');
    await waitUntilIdle(sidebar, 600_000);
    // Before the floor's own code goes into the page.
    if (run.memoryMiB) await new Promise((settled) => setTimeout(settled, options.settleS * 1000));
    const afterMiB = run.memoryMiB?.();
    const exchanges = llm.requests.map((r) => ({ received: r.receivedAt, answered: r.answeredAt ?? Number.NaN }));
    if (exchanges.length !== options.steps + 2) {
      const last = (await shownMessages(sidebar)).at(-1);
      throw new Error(
        `the task took ${exchanges.length - 2} steps of ${options.steps} on the ${elements}-element page; it ended with: ${last?.error || last?.content}`,
      );
    }
    // A step runs from the answer that asks for it to the request that brings its results; the
    // first answer asks for the first read alone.
    const steps = exchanges.slice(2).map((next, i) => next.received - (exchanges[i + 1]?.answered ?? Number.NaN));
    const parts = stepParts(exchanges, await clickTimes(page), await actionLogTimes(sidebar, since));
    await page.evaluate((code) => void (0, eval)(code), script);
    const floor = (nth: number) =>
      page.evaluate(({ nth, budget }) => (window as unknown as FloorWindow).__floor.step(nth, budget), {
        nth,
        budget: READ_BUDGET,
      });
    // One untimed step first: the engine's code is compiled then, as Bosun's was by its first read.
    await floor(0);
    const floors: number[] = [];
    for (let step = 1; step <= options.steps; step++) floors.push(await floor(step));
    return {
      browser: session.browserName,
      load: run.load,
      elements: generated.elements,
      stepMs: spread(steps),
      floorMs: spread(floors),
      parts,
      memory: beforeMiB !== undefined && afterMiB !== undefined ? { beforeMiB, afterMiB } : null,
    };
  } finally {
    await page.close();
    server.remove(path);
  }
}

async function measureBrowser(
  browserName: BrowserName,
  root: string,
  server: PageServer,
  script: string,
  options: BenchOptions,
): Promise<Row[]> {
  const llm = await startLlmServer();
  // A profile of the benchmark's own, by which /proc finds the browser's processes.
  const profileDir = await mkdtemp(join(tmpdir(), `bosun-agent-steps-${browserName}-`));
  let session: ExtensionSession | undefined;
  try {
    session = await launchExtension(browserName, join(root, 'dist', BUILD_TARGET[browserName]), { profileDir });
    const browserPid = isSupported() ? findBrowserPid(profileDir) : null;
    const memoryMiB =
      browserPid === null ? null : () => sampleTree(browserPid).reduce((sum, p) => sum + p.pssKiB, 0) / 1024;
    const sidebar = await openSidebar(session);
    await configure(sidebar, llm);
    // Clicks on the benchmark's site need no question: the person allowed them, as a trusting person does.
    await setSiteRule(sidebar, '127.0.0.1', 'interact');
    // Every step re-sends the conversation, reads of a big page included: a long task's limits, as a person sets them.
    await setLimits(sidebar, { maxSteps: 500, maxTokens: 10_000_000 });
    const rows: Row[] = [];
    for (const elements of options.sizes)
      for (const load of options.loads) {
        const cores = load === 'cores' ? loadCores() : null;
        try {
          const run = { load, memoryMiB: load === 'quiet' ? memoryMiB : null };
          rows.push(await measureSize(session, sidebar, llm, server, script, elements, options, run));
        } finally {
          await cores?.stop();
        }
      }
    return rows;
  } finally {
    await session?.close();
    await llm.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}

const fixed = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

export function formatTable(result: BenchResult): string {
  const head = ['browser', 'load', 'elements', 'step ms', 'floor ms', 'Bosun adds ms'];
  const rows = result.rows.map((r) => [
    r.browser,
    r.load,
    String(r.elements),
    `${fixed(r.stepMs.median)} (${fixed(r.stepMs.max)})`,
    `${fixed(r.floorMs.median)} (${fixed(r.floorMs.max)})`,
    fixed(r.stepMs.median - r.floorMs.median),
  ]);
  return aligned(head, rows);
}

/** Where each step's time went: the parts add up to the step. */
export function formatParts(result: BenchResult): string {
  const head = ['browser', 'load', 'elements', ...PART_HEADS];
  return aligned(
    head,
    result.rows.map((r) => [r.browser, r.load, String(r.elements), ...partCells(r.parts, fixed)]),
  );
}

/** The browser's memory (all its processes) with each page open, before Bosun's task there and after it. */
export function formatMemory(result: BenchResult): string {
  const head = ['browser', 'elements', 'before MiB', 'after MiB', 'Bosun adds MiB'];
  const rows = result.rows.flatMap((r) =>
    r.memory
      ? [
          [
            r.browser,
            String(r.elements),
            fixed(r.memory.beforeMiB),
            fixed(r.memory.afterMiB),
            fixed(r.memory.afterMiB - r.memory.beforeMiB),
          ],
        ]
      : [],
  );
  return aligned(head, rows);
}

function aligned(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

/**
 * Per browser, load and page, the median step next to the in-page floor of the same run; the page
 * nearest the target size is judged, quiet and under load alike, the others are shown for information.
 */
export function targetLines(result: BenchResult): TargetLine[] {
  return result.options.browsers.flatMap((browserName) =>
    result.options.loads.flatMap((load) => {
      const rows = result.rows.filter((r) => r.browser === browserName && r.load === load);
      const nearest = rows.reduce<Row | undefined>(
        (best, r) => (!best || Math.abs(r.elements - TARGET_SIZE) < Math.abs(best.elements - TARGET_SIZE) ? r : best),
        undefined,
      );
      return rows.map((r): TargetLine => {
        const judged = r === nearest;
        return {
          bench: 'agent-steps',
          figure: `median step, ${browserName}, ${load}, ${r.elements} elements`,
          value: `${fixed(r.stepMs.median)} ms (Bosun adds ${fixed(r.stepMs.median - r.floorMs.median)} ms)`,
          target: judged ? `≤ ${TARGET_MS} ms` : '—',
          baseline: `floor ${fixed(r.floorMs.median)} ms`,
          verdict: !judged ? 'INFO' : r.stepMs.median <= TARGET_MS ? 'PASS' : 'MISS',
        };
      });
    }),
  );
}

export interface MainContext {
  log?: (line: string) => void;
  root?: string;
}

/** Runs the benchmark and prints its table and verdicts; figures never make it fail. */
export async function main(argv: readonly string[], context: MainContext = {}): Promise<BenchResult> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const root = context.root ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  builtExtensions(
    root,
    options.browsers.map((b) => BUILD_TARGET[b]),
    options.build,
  );
  const script = await bundleInPage(root, 'agent-steps');
  const server = await startPageServer();
  const result: BenchResult = { machine: { cpus: cpus().length, node: process.version }, options, rows: [] };
  try {
    log(
      `agent-steps benchmark: ${options.steps} steps on pages of ${options.sizes.join(', ')} elements in ${options.browsers.join(' and ')}, Node ${process.version}, ${result.machine.cpus} cores`,
    );
    log(
      `  (median per step, largest in brackets; a step: click by index, then read_page, with a model that answers at once;\n   load: quiet, or cores = ${result.machine.cpus} busy loops, one per core, running meanwhile)\n`,
    );
    for (const browserName of options.browsers)
      result.rows.push(...(await measureBrowser(browserName, root, server, script, options)));
    log(formatTable(result));
    log(
      '\n  where a step goes (median, largest in brackets; seen from the model server, the page and the Action Log):\n',
    );
    log(formatParts(result));
    log(
      `\n  memory of the browser (PSS of all its processes), the page open: before Bosun works on it, after its task there${options.settleS ? ` and ${options.settleS} s more` : ''} (quiet run):\n`,
    );
    log(isSupported() ? formatMemory(result) : '  /proc is not readable here: no memory figures');
    log('');
    for (const line of targetLines(result)) if (line.target !== '—') log(formatTargetLine(line));
    if (options.json) log(JSON.stringify(result));
    return result;
  } finally {
    await server.close();
  }
}
