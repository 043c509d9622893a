// The crawl benchmark: serves a generated site of N pages on 127.0.0.1, crawls it with the built
// extension in headless Chromium through window.abp (abp-app.html) with 1, 4 and 8 workers, and
// times it next to a baseline measured in the same run: the same pages fetched by Node's fetch at
// the same concurrency, following the same links. Then it exports the crawled pages as a ZIP
// (export.asArchive). Run it with `node bench/run.mjs crawl`.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchExtension, type ExtensionSession, type PageDriver } from '../../tests/e2e/harness';
import { findBrowserPid, isSupported, watchMemory, type MemoryPeaks } from './memory';
import { generateSite, serveSite, type SiteServer } from './site';
import { builtExtensions } from '../built-extension';
import { formatTargetLine, type TargetLine } from '../target-line';

export interface BenchOptions {
  pages: number;
  workers: number[];
  json: boolean;
  build: boolean;
}

export interface CrawlRun {
  workers: number;
  /** The baseline: Node's fetch, same pages, same concurrency. */
  baseline: { seconds: number; pages: number; pagesPerSecond: number };
  crawl: { seconds: number; pages: number; failed: number; pagesPerSecond: number };
  /** Peaks during the crawl, MiB; null where /proc is not readable. */
  memory: MemoryPeaks | null;
  export: { seconds: number; bytes: number };
}

export interface BenchResult {
  machine: { cpus: number; node: string };
  options: BenchOptions;
  site: { pages: number; htmlBytes: number };
  runs: CrawlRun[];
}

const CRAWL_TIMEOUT_MS = 30 * 60_000;

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { pages: 500, workers: [1, 4, 8], json: false, build: true };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--pages') options.pages = Number(value);
    else if (flag === '--workers') options.workers = value.split(',').map((s) => Number(s.trim()));
    else if (flag === '--json') options.json = true;
    else if (flag === '--no-build') options.build = false;
    else throw new Error(`unknown argument ${arg} (use --pages=N --workers=1,4,8 --json --no-build)`);
  }
  if (!Number.isInteger(options.pages) || options.pages < 1)
    throw new Error('--pages takes a whole number of at least 1');
  if (options.workers.length === 0 || !options.workers.every((n) => Number.isInteger(n) && n >= 1 && n <= 10)) {
    throw new Error(
      '--workers takes whole numbers from 1 to 10 (crawl.start accepts at most 10), e.g. --workers=1,4,8',
    );
  }
  return options;
}

/** What a crawl cannot beat: fetch every page and pull its links out, `concurrency` at a time. */
export async function fetchCrawl(index: string, concurrency: number): Promise<{ seconds: number; pages: number }> {
  const origin = new URL(index).origin;
  const seen = new Set([index]);
  const queue = [index];
  let active = 0;
  let pages = 0;
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (queue.length === 0 && active === 0) return resolve();
      while (active < concurrency && queue.length > 0) {
        const url = queue.shift() as string;
        active += 1;
        fetch(url)
          .then((r) => r.text())
          .then((html) => {
            pages += 1;
            for (const [, href = ''] of html.matchAll(/href="([^"]+)"/g)) {
              const next = new URL(href, url).href;
              if (next.startsWith(`${origin}/site/`) && !seen.has(next)) {
                seen.add(next);
                queue.push(next);
              }
            }
            active -= 1;
            pump();
          }, reject);
      }
    };
    pump();
  });
  return { seconds: (performance.now() - start) / 1000, pages };
}

type Envelope =
  { success: true; data: Record<string, unknown> } | { success: false; error: { code: string; message: string } };

async function call(page: PageDriver, capability: string, params?: unknown): Promise<Record<string, unknown>> {
  const response = (await page.evaluate(({ capability, params }) => window.abp.call(capability, params), {
    capability,
    params,
  })) as Envelope;
  if (!response.success) throw new Error(`${capability} failed: ${JSON.stringify(response.error)}`);
  return response.data;
}

interface Status {
  active: boolean;
  pagesProcessed: number;
  job: { status: string; pagesFailed: number };
}

async function crawlOnce(
  page: PageDriver,
  server: SiteServer,
  pages: number,
  workers: number,
  browserPid: number | null,
): Promise<Omit<CrawlRun, 'baseline'>> {
  const watch = browserPid === null ? null : watchMemory(browserPid);
  const start = performance.now();
  const { jobId } = (await call(page, 'crawl.start', {
    urls: [server.index],
    options: { maxWorkers: workers, pageLimit: pages },
  })) as { jobId: string };
  let status: Status;
  for (const deadline = Date.now() + CRAWL_TIMEOUT_MS; ;) {
    status = (await call(page, 'crawl.status', { jobId })) as unknown as Status;
    if (!status.active) break;
    if (Date.now() > deadline)
      throw new Error(`the crawl with ${workers} workers did not finish in ${CRAWL_TIMEOUT_MS / 60_000} min`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - start) / 1000;
  const memory = watch?.stop() ?? null;
  if (status.job.status !== 'completed')
    throw new Error(`the crawl with ${workers} workers ended ${status.job.status}`);

  // Timed in the page, so the figure is the call, not moving megabytes of base64 to Node.
  const exported = await page.evaluate(async (id) => {
    const t0 = performance.now();
    const response = (await window.abp.call('export.asArchive', { jobIds: id, format: 'markdown' })) as {
      success: boolean;
      data?: { document: { size: number } };
      error?: unknown;
    };
    const ms = performance.now() - t0;
    if (!response.success || !response.data) return { error: JSON.stringify(response.error) };
    return { ms, bytes: response.data.document.size };
  }, jobId);
  if ('error' in exported) throw new Error(`export.asArchive failed: ${exported.error}`);
  await call(page, 'storage.jobs.delete', { jobIds: jobId });
  return {
    workers,
    crawl: {
      seconds,
      pages: status.pagesProcessed,
      failed: status.job.pagesFailed,
      pagesPerSecond: status.pagesProcessed / seconds,
    },
    memory,
    export: { seconds: exported.ms / 1000, bytes: exported.bytes },
  };
}

const fixed = (n: number, digits = 1): string => n.toFixed(digits);

/** The crawl's speed target: at least this many pages a second with this many workers. */
export const TARGET = { workers: 4, pagesPerSecond: 60 };

/**
 * The run judged: the speed target (next to the fetch baseline of the same worker count, measured
 * in the same run), and whether any worker count was slower than a smaller one. The other worker
 * counts are shown for information.
 */
export function targetLines(result: BenchResult): TargetLine[] {
  const sorted = [...result.runs].sort((a, b) => a.workers - b.workers);
  const judged = (
    figure: string,
    value: string,
    target: string,
    baseline: string,
    pass: boolean | null,
  ): TargetLine => ({
    bench: 'crawl',
    figure,
    value,
    target,
    baseline,
    verdict: pass === null ? 'INFO' : pass ? 'PASS' : 'MISS',
  });
  const runs = sorted.map((r) => {
    const atTarget = r.workers === TARGET.workers;
    return judged(
      `crawl, ${r.workers} worker${r.workers === 1 ? '' : 's'}`,
      `${fixed(r.crawl.pagesPerSecond)} pages/s`,
      atTarget ? `≥ ${TARGET.pagesPerSecond} pages/s` : '—',
      `fetch ${fixed(r.baseline.pagesPerSecond)} pages/s`,
      atTarget ? r.crawl.pagesPerSecond >= TARGET.pagesPerSecond : null,
    );
  });
  const slower = sorted.some((r, i) =>
    sorted.slice(0, i).some((fewer) => fewer.crawl.pagesPerSecond > r.crawl.pagesPerSecond),
  );
  const speeds = sorted.map((r) => `${r.workers}: ${fixed(r.crawl.pagesPerSecond)}`).join(', ');
  const notRun = sorted.some((r) => r.workers === TARGET.workers)
    ? []
    : [judged(`crawl, ${TARGET.workers} workers`, 'not run', `≥ ${TARGET.pagesPerSecond} pages/s`, '—', null)];
  return [
    ...runs,
    ...notRun,
    judged(
      'more workers never slower',
      `pages/s by workers ${speeds}`,
      'never below fewer workers',
      '—',
      sorted.length < 2 ? null : !slower,
    ),
  ];
}

export function formatTable(result: BenchResult): string {
  const header = [
    'workers',
    'fetch pages/s',
    'crawl pages/s',
    'crawl s',
    'pages',
    'ext MiB',
    'tabs MiB',
    'all MiB',
    'zip s',
    'zip KiB',
  ];
  const rows = result.runs.map((r) => [
    String(r.workers),
    fixed(r.baseline.pagesPerSecond),
    fixed(r.crawl.pagesPerSecond, 2),
    fixed(r.crawl.seconds),
    `${r.crawl.pages}${r.crawl.failed ? ` (${r.crawl.failed} failed)` : ''}`,
    ...(['extension', 'tabs', 'total'] as const).map((k) =>
      r.memory ? `${fixed(r.memory[k])} (${fixed(r.memory.before[k])})` : 'n/a',
    ),
    fixed(r.export.seconds, 2),
    fixed(r.export.bytes / 1024),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function defaultRoot(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export interface MainContext {
  log?: (line: string) => void;
  root?: string;
}

export async function main(argv: readonly string[], context: MainContext = {}): Promise<BenchResult> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const root = context.root ?? defaultRoot();
  const [extensionDir = ''] = builtExtensions(root, ['chrome'], options.build);

  const site = generateSite(options.pages);
  const server = await serveSite(site);
  const profile = await mkdtemp(join(tmpdir(), 'bosun-bench-crawl-'));
  let session: ExtensionSession | undefined;
  try {
    session = await launchExtension('chromium', extensionDir, { profileDir: profile });
    const browserPid = isSupported() ? findBrowserPid(profile) : null;
    const page = await session.openExtensionPage('abp-app.html');
    await page.evaluate(() =>
      window.abp.initialize({ agent: { name: 'bench-crawl' }, protocolVersion: '0.1', features: {} }),
    );
    // A crawl is judged at the navigate level, which asks: the session is granted it on the bench's
    // site up front, as the MCP bridge's --allow grants its session (no one is there to answer).
    await page.evaluate(async (site) => {
      const bridge = (window as unknown as { bosunBridge: { grant(request: unknown): Promise<{ success: boolean }> } })
        .bosunBridge;
      const granted = await bridge.grant({
        sessionId: window.abp.sessionId,
        access: [{ site, level: 'navigate' }],
        tools: [],
      });
      if (!granted.success) throw new Error(`the bench's grant was refused: ${JSON.stringify(granted)}`);
    }, server.origin);
    const result: BenchResult = {
      machine: { cpus: cpus().length, node: process.version },
      options,
      site: { pages: site.pages, htmlBytes: site.htmlBytes },
      runs: [],
    };
    log(
      `crawl benchmark: ${site.pages} pages (${fixed(site.htmlBytes / 1024)} KiB of HTML) on ${server.origin}, Node ${process.version}, ${result.machine.cpus} cores`,
    );
    if (browserPid === null)
      log('memory: /proc is not readable here, or the browser process was not found: no memory figures');
    log('');
    for (const workers of options.workers) {
      const baseline = await fetchCrawl(server.index, workers);
      const crawled = await crawlOnce(page, server, options.pages, workers, browserPid);
      result.runs.push({
        ...crawled,
        workers,
        baseline: { ...baseline, pagesPerSecond: baseline.pages / baseline.seconds },
      });
    }
    log(formatTable(result));
    log('');
    // The lines with a target; the other worker counts are in the table above.
    for (const line of targetLines(result)) if (line.target !== '—') log(formatTargetLine(line));
    log('');
    log('fetch: Node fetch of the same pages, same concurrency, following the same links (the baseline)');
    log(
      'ext/tabs/all MiB: peak PSS during the crawl (in brackets: just before it) of the extension renderer (service worker and abp-app.html) /',
    );
    log("  the web-page renderers (the crawl's tabs) / every Chromium process; see bench/README.md");
    log('zip: export.asArchive of the crawled job as markdown, timed in abp-app.html; its size in KiB');
    if (options.json) log(JSON.stringify(result));
    return result;
  } finally {
    await session?.close().catch(() => {});
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
}
