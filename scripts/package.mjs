// @ts-check
/**
 * `npm run package`: store-ready archives in artifacts/ from the built dist/ folders:
 * the Firefox add-on through `web-ext build` (a .zip, which is what AMO takes as an .xpi),
 * and a Chrome Web Store .zip. Both carry the build's LICENSE and third-party notices. And the
 * source archive with build instructions that reviewers use to rebuild both (source-archive.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { NOTICES_FILE } from './notices.mjs';
import { sourceArchive } from './source-archive.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = join(root, 'artifacts');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
mkdirSync(artifacts, { recursive: true });

// A build from before the notices existed must not be shipped without them.
for (const target of ['chrome', 'firefox']) {
  for (const file of ['LICENSE', NOTICES_FILE]) {
    if (!existsSync(join(root, 'dist', target, file))) {
      console.error(`dist/${target}/${file} is missing: run "npm run build" first`);
      process.exit(1);
    }
  }
}

const firefox = spawnSync(
  process.execPath,
  [
    'node_modules/web-ext/bin/web-ext.js',
    'build',
    '--source-dir',
    'dist/firefox',
    '--artifacts-dir',
    'artifacts',
    '--filename',
    `bosun-firefox-${version}.zip`,
    '--overwrite-dest',
  ],
  { stdio: 'inherit', cwd: root },
);
if (firefox.status !== 0) process.exit(1);

/** @param {string} dir @returns {string[]} */
const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

const chromeDir = join(root, 'dist', 'chrome');
const zip = new JSZip();
for (const file of filesUnder(chromeDir)) zip.file(relative(chromeDir, file), readFileSync(file));
// `key` pins the extension id for development and tests; the Web Store assigns its own and refuses it.
const { key: _key, ...storeManifest } = JSON.parse(readFileSync(join(chromeDir, 'manifest.json'), 'utf8'));
zip.file('manifest.json', `${JSON.stringify(storeManifest, null, 2)}\n`);
const chromeZip = join(artifacts, `bosun-chrome-${version}.zip`);
writeFileSync(chromeZip, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
const sourceZip = join(artifacts, `bosun-source-${version}.zip`);
writeFileSync(sourceZip, await sourceArchive(root));
console.log(
  `packaged artifacts/bosun-firefox-${version}.zip, ${relative(root, chromeZip)} and ${relative(root, sourceZip)}`,
);
