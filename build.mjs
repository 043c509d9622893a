// @ts-check
/**
 * Builds the two unpacked extensions, dist/chrome and dist/firefox, from one entry table, and the
 * MCP bridge, dist/bridge/index.mjs (a Node program that loads dist/chrome).
 * Each extension also gets LICENSE and THIRD-PARTY-NOTICES.txt, generated from what esbuild bundled.
 * Fails (exit 1) on type errors, unresolved imports, an invalid manifest or a missing file.
 *
 *   node build.mjs                   every target
 *   node build.mjs firefox           one target
 *   node build.mjs chrome bridge     what the bridge needs
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { buildManifest } from './manifests/merge.mjs';
import { referencedFiles, validateManifest } from './manifests/validate.mjs';
import { entriesFor, extensionBundle } from './scripts/bundles.mjs';
import { NOTICES_FILE, bundledPackages, noticesText } from './scripts/notices.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const TARGETS = /** @type {const} */ (['chrome', 'firefox', 'bridge']);

/** Files copied as they are: source → destination in the extension root. */
const STATIC = {
  'sidebar/sidebar.html': 'sidebar.html',
  'sidebar/options.html': 'options.html',
  'sidebar/microphone.html': 'microphone.html',
  'sidebar/welcome.html': 'welcome.html',
  'sidebar/sidebar.css': 'sidebar.css',
  'abp-app/abp-app.html': 'abp-app.html',
  'assets/icons': 'icons',
  _locales: '_locales',
  LICENSE: 'LICENSE',
};
/** Static files of one browser only. */
const TARGET_STATIC = { chrome: { 'offscreen/offscreen.html': 'offscreen.html' }, firefox: {} };

/** @param {string} path */
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

function typecheck() {
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', root], {
    // Errors go to stderr, so a build in front of the bridge never writes to its MCP stdout.
    stdio: ['inherit', 2, 2],
  });
  if (tsc.status !== 0) throw new Error('type errors (see above)');
}

/** The bridge runs in Node: its dependencies stay in node_modules (Playwright finds its own files there). */
async function buildBridge() {
  const out = join(root, 'dist', 'bridge');
  rmSync(out, { recursive: true, force: true });
  // The bridge, and the native messaging host the browser starts for `bosun-bridge --connect`.
  await esbuild.build({
    entryPoints: { index: join(root, 'bridge/server/main.ts'), host: join(root, 'bridge/native/host.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    legalComments: 'none',
    logLevel: 'warning',
  });
  await writeAbpCatalog(out);
}

/**
 * dist/bridge/abp-capabilities.json: the ABP capabilities with their JSON Schemas, described by
 * the extension's own capability table run in Node, so `tools/list` needs no browser. The table's
 * modules import the WebExtension API without calling it while describing: a stand-in namespace
 * is enough. dist/bridge/page-actions.json: the page actions the bridge offers as browser_* tools,
 * described from the chat tools' declarations the same way.
 */
/** @param {string} out */
async function writeAbpCatalog(out) {
  const bundle = join(out, 'catalog.tmp.mjs');
  await esbuild.build({
    entryPoints: [join(root, 'scripts/abp-catalog.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    define: { __TARGET__: JSON.stringify('chrome') },
    // The PDF reader chunk is a file of the built extension (src/pdf/reader-chunk.ts), never run here.
    external: ['/pdf-reader.js'],
    plugins: [
      {
        name: 'no-webextension',
        setup(build) {
          build.onResolve({ filter: /^webextension-polyfill$/ }, () => ({
            path: 'webextension-polyfill',
            namespace: 'stand-in',
          }));
          build.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({
            contents: 'export default new Proxy({}, { get: () => undefined });',
            loader: 'js',
          }));
        },
      },
    ],
    legalComments: 'none',
    logLevel: 'warning',
  });
  try {
    const { capabilities, pageActions } = await import(`${pathToFileURL(bundle).href}?${Date.now()}`);
    writeFileSync(join(out, 'abp-capabilities.json'), `${JSON.stringify(capabilities, null, 2)}\n`);
    writeFileSync(join(out, 'page-actions.json'), `${JSON.stringify(pageActions, null, 2)}\n`);
  } finally {
    rmSync(bundle, { force: true });
  }
}

/** @param {'chrome' | 'firefox' | 'bridge'} target */
async function buildTarget(target) {
  if (target === 'bridge') return buildBridge();
  const out = join(root, 'dist', target);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const metafiles = [];
  for (const [source, name] of Object.entries(entriesFor(target))) {
    const { metafile } = await esbuild.build(extensionBundle(root, target, source, join(out, name)));
    metafiles.push(metafile);
  }
  writeFileSync(join(out, NOTICES_FILE), noticesText(bundledPackages(root, metafiles), 'Bosun'));
  for (const [source, destination] of Object.entries({ ...STATIC, ...TARGET_STATIC[target] })) {
    cpSync(join(root, source), join(out, destination), { recursive: true });
  }

  const pkg = readJson('package.json');
  const manifest = buildManifest(readJson('manifests/base.json'), readJson(`manifests/${target}.json`), pkg.version);
  const problems = validateManifest(manifest, target);
  for (const file of referencedFiles(manifest)) {
    if (!existsSync(join(out, file))) problems.push(`manifest refers to ${file}, which the build did not produce`);
  }
  if (problems.length > 0) throw new Error(`invalid ${target} manifest:\n  ${problems.join('\n  ')}`);
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

async function main() {
  const requested = process.argv.slice(2);
  const targets = requested.length > 0 ? requested : TARGETS;
  for (const target of targets) {
    if (!TARGETS.includes(/** @type {any} */ (target)))
      throw new Error(`unknown target ${target}; use ${TARGETS.join(' or ')}`);
  }
  typecheck();
  for (const target of /** @type {('chrome' | 'firefox' | 'bridge')[]} */ (targets)) await buildTarget(target);
  // stderr: `npm run bridge` builds before it starts the bridge, whose stdout belongs to MCP.
  console.error(`built ${targets.map((t) => `dist/${t}`).join(', ')}`);
}

main().catch((error) => {
  console.error(`build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
