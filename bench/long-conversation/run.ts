// The long-conversation benchmark: imports conversations of 12 (the baseline), 100 and 1,000
// messages into the built extension through the History view, in headless Chromium, and measures
// in the sidebar page how long opening one takes, how long a sent message takes to show, how long a
// typed character takes to reach the screen (idle, and while an answer streams in), and the memory
// the sidebar and the extension hold. Run it with `node bench/run.mjs long-conversation`.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchExtension, type ExtensionSession, type PageDriver } from '../../tests/e2e/harness';
import { chooseImportFile } from '../../tests/e2e/support/history';
import { configure, openSidebar, showView } from '../../tests/e2e/support/sidebar';
import { startLlmServer } from '../../tests/fixtures/llm-server';
import { findBrowserPid, isSupported, sampleTree } from '../crawl/memory';
import { conversationExport } from './conversation';
import { heapAndNodes, openFromHistory, sendAndShow, takeTyping, untilFrame, watchTyping } from './in-page';
import { builtExtensions } from '../built-extension';

export interface BenchOptions {
  sizes: number[];
  runs: number;
  json: boolean;
  build: boolean;
}

interface Spread {
  median: number;
  max: number;
}

export interface SizeResult {
  messages: number;
  openMs: Spread;
  sendMs: Spread;
  typingIdleMs: Spread;
  typingStreamingMs: Spread;
  sidebarHeapMiB: number;
  elements: number;
  /** PSS of the extension's renderer process (service worker and sidebar page), MiB; null without /proc. */
  extensionMiB: number | null;
}

export interface BenchResult {
  machine: { cpus: number; node: string };
  options: BenchOptions;
  sizes: SizeResult[];
}

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { sizes: [12, 100, 1000], runs: 3, json: false, build: true };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--sizes') options.sizes = value.split(',').map((s) => Number(s.trim()));
    else if (flag === '--runs') options.runs = Number(value);
    else if (flag === '--json') options.json = true;
    else if (flag === '--no-build') options.build = false;
    else throw new Error(`unknown argument ${arg} (use --sizes=12,100,1000 --runs=N --json --no-build)`);
  }
  if (
    options.sizes.length === 0 ||
    !options.sizes.every((n) => Number.isInteger(n) && n >= 4 && n % 4 === 0 && n <= 10_000)
  ) {
    throw new Error(
      '--sizes takes multiples of 4 from 4 to 10000 (whole exchanges: question, tool call, result, answer)',
    );
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a whole number of at least 1');
  return options;
}

const spread = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
};
const TYPED = 'abcdefghijkl';

async function typeAll(page: PageDriver): Promise<number[]> {
  await page.evaluate(takeTyping);
  await page.click('[data-testid="composer-input"]');
  for (const key of TYPED) await page.press(key);
  await page.waitFor((n) => (window as unknown as { __typing: number[] }).__typing.length >= n, TYPED.length, {
    message: 'typing was not recorded',
    timeoutMs: 60_000,
  });
  await page.fill('[data-testid="composer-input"]', '');
  return page.evaluate(takeTyping);
}

async function measureSize(
  page: PageDriver,
  llm: Awaited<ReturnType<typeof startLlmServer>>,
  messages: number,
  runs: number,
  browserPid: number | null,
): Promise<SizeResult> {
  const title = `A conversation of ${messages} messages`;
  const lastText = `{ "item": ${messages / 4 - 1}, "currency": "USD" }`;
  await showView(page, 'history');
  await chooseImportFile(page, conversationExport(messages, title));
  await page.waitFor(
    (t) => [...document.querySelectorAll('[data-testid="history-open"]')].some((b) => b.textContent === t),
    title,
    { message: 'the import did not join the history', timeoutMs: 120_000 },
  );
  const open: number[] = [];
  const send: number[] = [];
  const idle: number[] = [];
  const streaming: number[] = [];
  for (let run = 0; run < runs; run++) {
    // From an empty conversation, so that each open loads and draws the whole conversation.
    await showView(page, 'history');
    await page.click('[data-testid="history-new"]');
    await page.waitFor(() => document.querySelectorAll('[data-testid="message"]').length === 0, undefined, {
      message: 'no new conversation',
    });
    await showView(page, 'history');
    await page.waitFor(
      (t) => [...document.querySelectorAll('[data-testid="history-open"]')].some((b) => b.textContent === t),
      title,
      { message: 'the History view did not show' },
    );
    // Each run adds a question and its answer: after the first, the answer is the last message.
    open.push(await page.evaluate(openFromHistory, { title, lastText: run === 0 ? lastText : 'word39' }));
    idle.push(...(await typeAll(page)));
    llm.script({ kind: 'text', chunks: Array.from({ length: 40 }, (_, i) => `word${i} `), delayMs: 50 });
    send.push(await page.evaluate(sendAndShow, `Run ${run}: one more question`));
    streaming.push(...(await typeAll(page)));
    await page.waitFor(() => document.querySelector('[data-testid="send"]') !== null, undefined, {
      message: 'the answer did not finish',
      timeoutMs: 60_000,
    });
  }
  const memory = await page.evaluate(heapAndNodes);
  const extension =
    browserPid === null
      ? null
      : sampleTree(browserPid)
          .filter((p) => p.kind === 'extension')
          .reduce((sum, p) => sum + p.pssKiB, 0) / 1024;
  return {
    messages,
    openMs: spread(open),
    sendMs: spread(send),
    typingIdleMs: spread(idle),
    typingStreamingMs: spread(streaming),
    sidebarHeapMiB: memory.heapBytes / 2 ** 20,
    elements: memory.elements,
    extensionMiB: extension,
  };
}

const fixed = (n: number | null, digits = 1): string => (n === null || Number.isNaN(n) ? 'n/a' : n.toFixed(digits));
const cell = (s: Spread) => `${fixed(s.median)} (${fixed(s.max)})`;

export function formatTable(result: BenchResult): string {
  const head = [
    'messages',
    'open ms',
    'send→shown ms',
    'key→frame idle ms',
    'key→frame streaming ms',
    'sidebar heap MiB',
    'elements',
    'ext process MiB',
  ];
  const rows = result.sizes.map((s) => [
    String(s.messages),
    cell(s.openMs),
    cell(s.sendMs),
    cell(s.typingIdleMs),
    cell(s.typingStreamingMs),
    fixed(s.sidebarHeapMiB),
    String(s.elements),
    fixed(s.extensionMiB),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  const base = result.sizes[0];
  const ratios = result.sizes
    .slice(1)
    .map(
      (s) =>
        `${s.messages} vs ${base?.messages} messages: open ×${fixed(s.openMs.median / (base?.openMs.median ?? 1))}, sidebar heap ×${fixed(s.sidebarHeapMiB / (base?.sidebarHeapMiB ?? 1))}, key→frame while streaming ×${fixed(s.typingStreamingMs.median / (base?.typingStreamingMs.median ?? 1))}`,
    );
  return [line(head), ...rows.map(line), '', ...ratios].join('\n');
}

export interface MainContext {
  log?: (line: string) => void;
  root?: string;
}

export async function main(argv: readonly string[], context: MainContext = {}): Promise<BenchResult> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const root = context.root ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const [extensionDir = ''] = builtExtensions(root, ['chrome'], options.build);
  const llm = await startLlmServer();
  const profile = await mkdtemp(join(tmpdir(), 'bosun-bench-conversation-'));
  let session: ExtensionSession | undefined;
  try {
    session = await launchExtension('chromium', extensionDir, {
      profileDir: profile,
      chromiumArgs: ['--enable-precise-memory-info', '--js-flags=--expose-gc'],
    });
    const browserPid = isSupported() ? findBrowserPid(profile) : null;
    const page = await openSidebar(session);
    await configure(page, llm);
    await page.evaluate(untilFrame);
    await page.evaluate(watchTyping);
    const result: BenchResult = { machine: { cpus: cpus().length, node: process.version }, options, sizes: [] };
    log(
      `long-conversation benchmark: conversations of ${options.sizes.join(', ')} messages, ${options.runs} runs each, Node ${process.version}, ${result.machine.cpus} cores`,
    );
    for (const size of options.sizes) result.sizes.push(await measureSize(page, llm, size, options.runs, browserPid));
    log('');
    log(formatTable(result));
    log('');
    log(
      `median (max) over ${options.runs} runs; key→frame over ${TYPED.length} keys per run. The first size is the baseline.`,
    );
    log('open: click in History → a frame shows the last message; send→shown: Enter → a frame shows the message;');
    log(
      "key→frame: a typed character's input event → the next frame, with no answer coming and while one streams in (40 chunks, 50 ms apart);",
    );
    log(
      "sidebar heap: the sidebar page's used JS heap after gc(); ext process: PSS of the extension renderer (service worker + sidebar), see bench/README.md",
    );
    if (options.json) log(JSON.stringify(result));
    return result;
  } finally {
    await session?.close().catch(() => {});
    await llm.close();
    await rm(profile, { recursive: true, force: true });
  }
}
