// The recall benchmark, three ways. On a generated page whose controls are known (controls-page.ts):
// the share of controls the full snapshot lists, and the share of listed entries that are not a
// control. On the test site's widget pages (fixture-pages.ts) and on real documentation pages
// installed from Debian packages: the share of the links and buttons Playwright's ariaSnapshot()
// names that the snapshot lists under that name; on the widget pages also the entries that only
// repeat their children, counted with the generated page's into the listing's precision.
// Run it with `node bench/run.mjs recall`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { startStaticServer } from '../../tests/fixtures/static-server';
import { debianDoc } from '../debian-docs';
import type { TargetLine } from '../target-line';
import { ariaLinksAndButtons, recall, type Recall } from './compare';
import { CONTROL_KINDS, controlsPage } from './controls-page';
import { fixturePages, type FixtureRecall } from './fixture-pages';

const DOCS = '/usr/share/doc';
/** Target: the share of ariaSnapshot()'s named links and buttons that Bosun lists with a name. */
const TARGET = 0.95;
/** Targets on the generated page: controls listed, and listed entries that are not a control. */
const CONTROLS_RECALL = 0.98;
const CONTROLS_EXTRA = 0.05;
const GROUPS = 100;

/** Pages under /usr/share/doc, by the package that installs them. */
const PAGES: readonly { pkg: string; path: string }[] = [
  { pkg: 'nodejs-doc', path: 'nodejs/api/fs.html' },
  { pkg: 'nodejs-doc', path: 'nodejs/api/http.html' },
  { pkg: 'nodejs-doc', path: 'nodejs/api/stream.html' },
  { pkg: 'rust-doc', path: 'rust-doc/html/book/index.html' },
  { pkg: 'rust-doc', path: 'rust-doc/html/book/ch04-01-what-is-ownership.html' },
  { pkg: 'rust-doc', path: 'rust-doc/html/std/vec/struct.Vec.html' },
];

export interface PageRecall extends Recall {
  path: string;
}

async function bundle(root: string, entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'iife',
    write: false,
    define: { __TARGET__: '"chrome"' },
    logLevel: 'warning',
  });
  return result.outputFiles[0]?.text ?? '';
}

interface ControlsFigures {
  listed: number;
  entries: number;
  extra: string[];
  missing: Record<string, number>;
}

/** On the generated page: the known controls, those the snapshot lists, and the entries it lists in all. */
export interface GeneratedRecall {
  controls: number;
  listed: number;
  entries: number;
}

export interface RecallResult {
  generated: GeneratedRecall;
  /** The test site's widget pages (with --generated-only too: they need no packages). */
  fixtures: FixtureRecall[];
  /** Empty with --generated-only. */
  pages: PageRecall[];
  targets: TargetLine[];
}

const share = (part: number, whole: number) => (whole === 0 ? NaN : part / whole);

/** The generated page's recall (controls listed) and precision (listed entries that are a control), against their targets. */
export function generatedTargets({ controls, listed, entries }: GeneratedRecall): TargetLine[] {
  const recallShare = share(listed, controls);
  const precision = share(listed, entries);
  return [
    {
      bench: 'recall',
      figure: 'recall on the generated page (controls listed)',
      value: `${percent(listed, controls)} (${listed} of ${controls})`,
      target: `≥ ${CONTROLS_RECALL * 100}%`,
      baseline: '—',
      verdict: recallShare >= CONTROLS_RECALL ? 'PASS' : 'MISS',
    },
    {
      bench: 'recall',
      figure: 'precision on the generated page (entries that are a control)',
      value: `${percent(listed, entries)} (${listed} of ${entries})`,
      target: `≥ ${100 - CONTROLS_EXTRA * 100}%`,
      baseline: '—',
      verdict: precision >= 1 - CONTROLS_EXTRA ? 'PASS' : 'MISS',
    },
  ];
}

/** The photo blog, whose thumbnails link to their photos named by the image alone. */
const PHOTO_BLOG = 'widgets/photo-blog.html';

/**
 * On the widget pages: the share of ariaSnapshot()'s named links and buttons listed, on all of them
 * and on the photo blog; and the listing's precision over these pages and the generated page: the
 * share of entries that are not a control (generated page) or only repeat their children (widget pages).
 */
export function fixtureTargets(generated: GeneratedRecall, fixtures: readonly FixtureRecall[]): TargetLine[] {
  const sum = (pages: readonly FixtureRecall[], of: (page: FixtureRecall) => number) =>
    pages.reduce((total, page) => total + of(page), 0);
  const recallLine = (figure: string, pages: readonly FixtureRecall[]): TargetLine => {
    const named = sum(pages, (p) => p.named);
    const listed = sum(pages, (p) => p.listed);
    return {
      bench: 'recall',
      figure,
      value: `${percent(listed, named)} (${listed} of ${named})`,
      target: `≥ ${CONTROLS_RECALL * 100}%`,
      baseline: `ariaSnapshot ${named}`,
      verdict: named > 0 && listed / named >= CONTROLS_RECALL ? 'PASS' : 'MISS',
    };
  };
  const noise = generated.entries - generated.listed + sum(fixtures, (p) => p.repeating.length);
  const entries = generated.entries + sum(fixtures, (p) => p.entries);
  return [
    recallLine(`widget pages: ariaSnapshot()'s named links and buttons listed (${fixtures.length} pages)`, fixtures),
    recallLine(
      'photo blog: links named by their image listed',
      fixtures.filter((p) => p.path === PHOTO_BLOG),
    ),
    {
      bench: 'recall',
      figure: 'listing precision: entries not a control or only repeating their children (generated and widget pages)',
      value: `${percent(noise, entries)} (${noise} of ${entries})`,
      target: `≤ ${CONTROLS_EXTRA * 100}%`,
      baseline: '—',
      verdict: entries > 0 && noise / entries <= CONTROLS_EXTRA ? 'PASS' : 'MISS',
    },
  ];
}

/** The documentation pages' share of ariaSnapshot()'s named links and buttons that Bosun lists, against its target. */
export function pagesTarget(pages: readonly PageRecall[]): TargetLine {
  const named = pages.reduce((sum, r) => sum + r.named, 0);
  const listed = pages.reduce((sum, r) => sum + r.listed, 0);
  return {
    bench: 'recall',
    figure: `documentation pages: ariaSnapshot()'s named links and buttons listed (${pages.length} pages)`,
    value: `${percent(listed, named)} (${listed} of ${named})`,
    target: `≥ ${TARGET * 100}%`,
    baseline: `ariaSnapshot ${named}`,
    verdict: named > 0 && listed / named >= TARGET ? 'PASS' : 'MISS',
  };
}

async function generatedControls(
  browser: Browser,
  origin: string,
  script: string,
  watcher: string,
  log: (line: string) => void,
): Promise<GeneratedRecall> {
  const { html, controls } = controlsPage(GROUPS);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(watcher);
  // Served from the same origin as the docs, under a path no package uses.
  await page.route(`${origin}/bench-controls.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${origin}/bench-controls.html`, { waitUntil: 'load' });
  await page.evaluate(script);
  const figures = await page.evaluate(() => (window as unknown as { __controls: () => ControlsFigures }).__controls());
  await page.close();
  const extra = figures.entries - figures.listed;
  const met = figures.listed / controls >= CONTROLS_RECALL && extra / figures.entries <= CONTROLS_EXTRA;
  log(`recall on a generated page: ${controls} known controls, ${GROUPS} groups of ${CONTROL_KINDS.length} kinds\n`);
  log(
    `controls listed:           ${figures.listed} of ${controls}, ${percent(figures.listed, controls)} (target ≥ ${CONTROLS_RECALL * 100}%)`,
  );
  log(
    `entries that are no control: ${extra} of ${figures.entries}, ${percent(extra, figures.entries)} (target ≤ ${CONTROLS_EXTRA * 100}%)`,
  );
  const missing = Object.entries(figures.missing).map(([kind, n]) => `${kind} ${n}`);
  if (missing.length > 0) log(`  not listed, by kind: ${missing.join(', ')}`);
  if (figures.extra.length > 0) log(`  extra entries, for example: ${figures.extra.join(', ')}`);
  log(`generated page: ${met ? 'met' : 'NOT MET'}\n`);
  return { controls, listed: figures.listed, entries: figures.entries };
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

async function documentationPages(
  browser: Browser,
  origin: string,
  script: string,
  log: (line: string) => void,
): Promise<PageRecall[]> {
  log('recall: named links and buttons of ariaSnapshot() that Bosun lists with that name (target ≥ 95%)\n');
  const results: PageRecall[] = [];
  for (const { path } of PAGES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${origin}/${path}`, { waitUntil: 'load' });
    await page.evaluate(script);
    const listed = await page.evaluate(() =>
      (window as unknown as { __listed: () => { role: string; label: string }[] }).__listed(),
    );
    const aria = ariaLinksAndButtons(await page.locator('body').ariaSnapshot({ timeout: 300_000 }));
    await page.close();
    const result = { path, ...recall(aria, listed) };
    results.push(result);
    log(
      `${path.padEnd(52)} ${String(result.listed).padStart(5)} of ${String(result.named).padStart(5)}  ${percent(result.listed, result.named).padStart(6)}`,
    );
    if (result.missing.length > 0)
      log(`  not listed, for example: ${result.missing.map((m) => JSON.stringify(m)).join(', ')}`);
  }
  const total = pagesTarget(results);
  log(`\nall pages: ${total.value} (target ${total.target}): ${total.verdict === 'PASS' ? 'met' : 'NOT MET'}`);
  return results;
}

export function parseArgs(argv: readonly string[]): { generatedOnly: boolean; json: boolean } {
  const options = { generatedOnly: false, json: false };
  for (const arg of argv) {
    if (arg === '--generated-only') options.generatedOnly = true;
    else if (arg === '--json') options.json = true;
    else throw new Error(`unknown argument ${arg} (use --generated-only --json)`);
  }
  return options;
}

export async function main(
  argv: readonly string[],
  context: { log?: (line: string) => void; root?: string } = {},
): Promise<RecallResult> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  if (!options.generatedOnly) for (const { pkg, path } of PAGES) debianDoc(pkg, join(DOCS, path));
  const root = context.root ?? join(dirname(fileURLToPath(import.meta.url)), '../..');
  const script = await bundle(root, 'bench/recall/in-page.ts');
  // The extension's page-world watcher, which must run before the page's own scripts add listeners,
  // after the isolated end of its channel (here in the same world, as the snapshot script is).
  // Playwright runs init scripts before the document has its root element, where the extension's
  // document_start scripts find it there and empty: the channel's end checks for that, so it is shown one.
  const watcher = [
    'if (!document.documentElement) Object.defineProperty(document, "documentElement", { configurable: true, get: () => ({ hasChildNodes: () => false }) });',
    await bundle(root, 'content/page-channel/index.ts'),
    'delete document.documentElement;',
    await bundle(root, 'content/page-world/handlers.ts'),
  ].join('\n');
  const server = await startStaticServer(DOCS);
  // The test site, from the checkout (the bundle's own address is not the source's).
  const site = await startStaticServer(join(root, 'tests/fixtures/site'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const generated = await generatedControls(browser, server.url, script, watcher, log);
    const fixtures = await fixturePages(browser, site.url, script, watcher, log);
    const pages = options.generatedOnly ? [] : await documentationPages(browser, server.url, script, log);
    const targets = [
      ...generatedTargets(generated),
      ...fixtureTargets(generated, fixtures),
      ...(pages.length > 0 ? [pagesTarget(pages)] : []),
    ];
    for (const { figure, value, target, verdict } of targets.slice(2, 5))
      log(`${figure}: ${value} (target ${target}): ${verdict}`);
    const result: RecallResult = { generated, fixtures, pages, targets };
    if (options.json) log(JSON.stringify(result));
    return result;
  } finally {
    await browser.close();
    await server.close();
    await site.close();
  }
}
