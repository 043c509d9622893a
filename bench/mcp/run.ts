// The MCP bench: Bosun's bridge beside chrome-devtools-mcp, as an agent developer would compare
// them, in one run on the same pages and the same Chromium: Node's API docs from Debian's
// nodejs-doc (fs.html, 0.5 MB; all.html, 5.8 MB) and a saved news front page (news.html here).
// Per page: the first and the repeated read (time, tokens by a real tokenizer, elements listed), the
// first screenshot after navigating; per server and preset: connecting and listing, and the tool
// list's tokens; and Bosun's figure over the baseline's. Run it with `node bench/run.mjs mcp`.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStaticServer } from '../../tests/fixtures/static-server';
import { builtExtensions } from '../built-extension';
import { debianDoc } from '../debian-docs';
import { bosunBridge, devtoolsMcp, type McpSide } from './servers';
import { benchTools } from './setup';

const NODE_API = '/usr/share/doc/nodejs/api';
const PAGES = [
  { name: 'fs', label: 'fs.html (0.5 MB)', path: '/api/fs.html' },
  { name: 'all', label: 'all.html (5.8 MB)', path: '/api/all.html' },
  { name: 'news', label: 'news.html', path: '/news.html' },
];

interface Options {
  runs: number;
  /** The pages read, by name (all three by default). */
  pages: typeof PAGES;
  build: boolean;
  json: boolean;
  /** The checkout whose bridge runs (its own build): another one compares two versions of Bosun. */
  bridge: string | null;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { runs: 3, pages: PAGES, build: true, json: false, bridge: null };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--runs') options.runs = Number(value);
    else if (flag === '--pages') options.pages = pagesNamed(value);
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--json') options.json = true;
    else if (flag === '--bridge') options.bridge = value;
    else
      throw new Error(
        `unknown argument ${arg} (use --runs=N --pages=fs,all,news --no-build --json --bridge=<checkout>)`,
      );
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a whole number of at least 1');
  return options;
}

function pagesNamed(list: string): typeof PAGES {
  const names = list.split(',');
  const unknown = names.filter((name) => !PAGES.some((page) => page.name === name));
  if (unknown.length || !list) throw new Error(`--pages takes names among fs, all, news (got ${list || 'none'})`);
  return PAGES.filter((page) => names.includes(page.name));
}

interface PageFigures {
  firstReadMs: number;
  againMs: number;
  tokens: number;
  chars: number;
  listed: number;
  screenshotMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A step that failed (a read that timed out) is a figure of its own: NaN, its error printed after the tables. */
const failures: string[] = [];
async function timed(what: string, work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  try {
    await work();
    return performance.now() - started;
  } catch (error) {
    failures.push(`${what} (after ${Math.round(performance.now() - started)} ms): ${String(error).slice(0, 300)}`);
    return NaN;
  }
}

/** One round on a page: open it, read it, read it again; open it again, take a screenshot. */
async function round(side: McpSide, url: string, count: (text: string) => number): Promise<PageFigures> {
  const at = `${side.name} on ${url}`;
  await timed(`${at}: navigate`, () => side.navigate(url));
  let text = '';
  const firstReadMs = await timed(`${at}: first read`, async () => (text = await side.read()));
  const againMs = await timed(`${at}: read again`, () => side.read());
  await timed(`${at}: navigate`, () => side.navigate(url));
  const screenshotMs = await timed(`${at}: screenshot`, () => side.screenshot());
  const tokens = text === '' ? NaN : count(text);
  return { firstReadMs, againMs, tokens, chars: text.length, listed: side.listed(text), screenshotMs };
}

/** The median of each figure over the rounds that have it. */
const medians = (rounds: PageFigures[]): PageFigures =>
  Object.fromEntries(
    (Object.keys(rounds[0]!) as (keyof PageFigures)[]).map((key) => {
      const taken = rounds.map((r) => r[key]).filter((n) => !Number.isNaN(n));
      return [key, taken.length ? median(taken) : NaN];
    }),
  ) as unknown as PageFigures;

const ms = (value: number) => (Number.isNaN(value) ? 'failed' : `${Math.round(value).toLocaleString('en')} ms`);
const k = (value: number) =>
  Number.isNaN(value) ? '–' : value >= 10_000 ? `${(value / 1000).toFixed(1)}k` : value.toLocaleString('en');
const ratio = (ours: number, theirs: number) => (Number.isNaN(ours / theirs) ? '–' : `${(ours / theirs).toFixed(2)}×`);

export interface McpBenchResult {
  /** firstCallMs: the first call, which starts the browser (and, for Bosun, its ABP page) and opens a page. */
  results: Record<string, { connectMs: number; firstCallMs: number; pages: Record<string, PageFigures> }>;
  toolLists: { name: string; tools: number; tokens: number; connectMs: number }[];
  failures: string[];
}

export async function main(
  argv: readonly string[],
  { root, log = (line) => console.log(line) }: { root: string; log?: (line: string) => void },
): Promise<McpBenchResult> {
  const options = parseArgs(argv);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  failures.length = 0;
  if (options.pages.some((page) => page.path.startsWith('/api/'))) debianDoc('nodejs-doc', join(NODE_API, 'all.html'));
  const bridgeRoot = options.bridge ?? root;
  // The bridge's bundle (dist/bridge) is built with the extension it loads.
  builtExtensions(bridgeRoot, ['chrome'], options.build, ['bridge']);
  const tools = benchTools();
  const siteDir = await mkdtemp(join(tmpdir(), 'bosun-bench-mcp-site-'));
  await symlink(NODE_API, join(siteDir, 'api'));
  // The bundle runs from node_modules/.cache: the page is found from the repository root.
  await symlink(join(root, 'bench', 'mcp', 'news.html'), join(siteDir, 'news.html'));
  const site = await startStaticServer(siteDir);
  const profileDir = await mkdtemp(join(tmpdir(), 'bosun-bench-mcp-profile-'));
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  log(`MCP bench: ${options.runs} round(s) per page, medians; Chromium ${chromium}; load ${load()}`);
  const sides: McpSide[] = [];
  const results: McpBenchResult['results'] = {};
  try {
    const baseline = await devtoolsMcp(tools.devtoolsMcp, chromium);
    const bosun = await bosunBridge(bridgeRoot, chromium, profileDir, new URL(site.url).host);
    sides.push(baseline, bosun);
    // Each server starts its browser on the first call that needs one: timed apart from the rounds.
    const firstPage = `${site.url}${options.pages[0]!.path}`;
    for (const side of sides) {
      const firstCallMs = await timed(`${side.name}: first call`, () => side.navigate(firstPage));
      results[side.name] = { connectMs: side.connectMs, firstCallMs, pages: {} };
    }
    for (const page of options.pages) {
      const url = `${site.url}${page.path}`;
      // Interleaved: each round runs both servers, so a busy moment falls on both.
      const rounds = new Map<McpSide, PageFigures[]>(sides.map((side) => [side, []]));
      for (let i = 0; i < options.runs; i++)
        for (const side of sides) rounds.get(side)!.push(await round(side, url, tools.countTokens));
      for (const side of sides) results[side.name]!.pages[page.label] = medians(rounds.get(side)!);
    }
    const [them, us] = [baseline, bosun];
    const row = (cells: string[]) => log(`| ${cells.join(' | ')} |`);
    log(`\nload after: ${load()}\n`);
    row(['page', 'figure', them.name, us.name, 'Bosun / baseline']);
    row(['---', '---', '---', '---', '---']);
    const [themFirst, usFirst] = [results[them.name]!.firstCallMs, results[us.name]!.firstCallMs];
    row(['(first call)', 'browser started, page opened', ms(themFirst), ms(usFirst), ratio(usFirst, themFirst)]);
    for (const page of options.pages) {
      const a = results[them.name]!.pages[page.label]!;
      const b = results[us.name]!.pages[page.label]!;
      row([page.label, 'first read', ms(a.firstReadMs), ms(b.firstReadMs), ratio(b.firstReadMs, a.firstReadMs)]);
      row(['', 'read again', ms(a.againMs), ms(b.againMs), ratio(b.againMs, a.againMs)]);
      row(['', 'tokens (o200k)', k(a.tokens), k(b.tokens), ratio(b.tokens, a.tokens)]);
      row(['', 'elements listed', k(a.listed), k(b.listed), ratio(b.listed, a.listed)]);
      row([
        '',
        'first screenshot after navigating',
        ms(a.screenshotMs),
        ms(b.screenshotMs),
        ratio(b.screenshotMs, a.screenshotMs),
      ]);
    }
    // Presets: the tool list each offers, default and on request.
    const presets: McpSide[] = [
      await devtoolsMcp(tools.devtoolsMcp, chromium, ['--slim']),
      await bosunBridge(bridgeRoot, chromium, `${profileDir}-full`, new URL(site.url).host, ['--tools', 'full']),
    ];
    sides.push(...presets);
    log('');
    row(['server and preset', 'tools', 'tool list tokens', 'connect + list']);
    row(['---', '---', '---', '---']);
    const toolLists = sides.map((side) => ({
      name: side.name,
      tools: side.toolCount,
      tokens: tools.countTokens(side.toolList),
      connectMs: side.connectMs,
    }));
    for (const list of toolLists) row([list.name, String(list.tools), k(list.tokens), ms(list.connectMs)]);
    for (const failure of failures) log(`failed: ${failure}`);
    const result = { results, toolLists, failures: [...failures] };
    if (options.json) log(JSON.stringify(result));
    return result;
  } finally {
    await Promise.all(sides.map((side) => side.close().catch(() => {})));
    await site.close();
    await rm(siteDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
    await rm(`${profileDir}-full`, { recursive: true, force: true });
  }
}
