// The recall benchmark: on real documentation pages installed from Debian packages, the share of
// the links and buttons Playwright's ariaSnapshot() names that Bosun's full snapshot lists under
// that name. Run it with `node bench/run.mjs recall`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../../tests/fixtures/static-server';
import { debianDoc } from '../debian-docs';
import { ariaLinksAndButtons, recall, type Recall } from './compare';

const DOCS = '/usr/share/doc';
/** Target: the share of ariaSnapshot()'s named links and buttons that Bosun lists with a name. */
const TARGET = 0.95;

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

async function bundle(root: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [join(root, 'bench/recall/in-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    define: { __TARGET__: '"chrome"' },
    logLevel: 'warning',
  });
  return result.outputFiles[0]?.text ?? '';
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

export async function main(
  argv: readonly string[],
  context: { log?: (line: string) => void; root?: string } = {},
): Promise<PageRecall[]> {
  const log = context.log ?? ((line: string) => console.log(line));
  if (argv.length > 0) throw new Error(`the recall benchmark takes no arguments (got ${argv.join(' ')})`);
  for (const { pkg, path } of PAGES) debianDoc(pkg, join(DOCS, path));
  const script = await bundle(context.root ?? join(dirname(fileURLToPath(import.meta.url)), '../..'));
  const server = await startStaticServer(DOCS);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const results: PageRecall[] = [];
  try {
    log('recall: named links and buttons of ariaSnapshot() that Bosun lists with that name (target ≥ 95%)\n');
    for (const { path } of PAGES) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${server.url}/${path}`, { waitUntil: 'load' });
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
    const named = results.reduce((sum, r) => sum + r.named, 0);
    const listed = results.reduce((sum, r) => sum + r.listed, 0);
    const met = named > 0 && listed / named >= TARGET;
    log(
      `\nall pages: ${listed} of ${named}, ${percent(listed, named)} (target ≥ ${TARGET * 100}%): ${met ? 'met' : 'NOT MET'}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}
