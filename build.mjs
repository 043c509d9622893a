// @ts-check
/**
 * Builds the two unpacked extensions, dist/chrome and dist/firefox, from one entry table, and the
 * MCP bridge, dist/bridge/index.mjs (a Node program that loads dist/chrome).
 * Fails (exit 1) on type errors, unresolved imports, an invalid manifest or a missing file.
 *
 *   node build.mjs                   every target
 *   node build.mjs firefox           one target
 *   node build.mjs chrome bridge     what the bridge needs
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildManifest } from './manifests/merge.mjs';
import { referencedFiles, validateManifest } from './manifests/validate.mjs';
import { vendorPatches } from './scripts/vendor-patches.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const TARGETS = /** @type {const} */ (['chrome', 'firefox', 'bridge']);

/** Script entries: source → output file name in the extension root. */
const ENTRIES = {
  'background/index.ts': 'background.js',
  'content/index.ts': 'content.js',
  'content/page-world/handlers.ts': 'page-handlers.js',
  'sidebar/index.tsx': 'sidebar.js',
  'sidebar/microphone.ts': 'microphone.js',
  'abp-app/index.ts': 'abp-app.js',
};
/** Files copied as they are: source → destination in the extension root. */
const STATIC = {
  'sidebar/sidebar.html': 'sidebar.html',
  'sidebar/microphone.html': 'microphone.html',
  'sidebar/sidebar.css': 'sidebar.css',
  'abp-app/abp-app.html': 'abp-app.html',
  'assets/icons': 'icons',
  _locales: '_locales',
};

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
  await esbuild.build({
    entryPoints: [join(root, 'bridge/main.ts')],
    outfile: join(out, 'index.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** @param {'chrome' | 'firefox' | 'bridge'} target */
async function buildTarget(target) {
  if (target === 'bridge') return buildBridge();
  const out = join(root, 'dist', target);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  for (const [source, name] of Object.entries(ENTRIES)) {
    await esbuild.build({
      entryPoints: [join(root, source)],
      outfile: join(out, name),
      bundle: true,
      format: 'iife',
      target: ['chrome123', 'firefox142'],
      // Readable output (Firefox add-on review reads the shipped code), but with constants folded
      // so the other browser's branches (`TARGET === 'chrome'`) are dropped from each bundle.
      minifySyntax: true,
      legalComments: 'none',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      define: { __TARGET__: JSON.stringify(target) },
      plugins: [vendorPatches],
      logLevel: 'warning',
    });
  }
  for (const [source, destination] of Object.entries(STATIC)) {
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
    if (!TARGETS.includes(/** @type {any} */ (target))) throw new Error(`unknown target ${target}; use ${TARGETS.join(' or ')}`);
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
