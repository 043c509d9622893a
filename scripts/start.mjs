// @ts-check
/**
 * `npm start` (Firefox) and `npm run start:chrome` (Chromium): set up, build, and open the
 * browser with Bosun loaded through `web-ext run`. The browser profile is kept in
 * .web-ext-profiles/, so settings and conversations survive the next start.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSERS } from './browsers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const browser = process.argv[2] === 'chromium' ? 'chromium' : 'firefox';

/** @param {string[]} args */
const node = (args) => spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root }).status === 0;

if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.error(
    'npm start opens a browser window, and there is no display here. Run it in a desktop session (or under xvfb-run).',
  );
  process.exit(1);
}
if (!node(['scripts/setup.mjs']) || !node(['build.mjs'])) process.exit(1);

const profile = join(root, '.web-ext-profiles', browser);
mkdirSync(profile, { recursive: true });
const webExt = join(root, 'node_modules', 'web-ext', 'bin', 'web-ext.js');
const args =
  browser === 'firefox'
    ? [
        'run',
        '--source-dir',
        'dist/firefox',
        '--firefox',
        BROWSERS.firefox.path,
        '--firefox-profile',
        profile,
        '--keep-profile-changes',
        '--profile-create-if-missing',
      ]
    : [
        'run',
        '--source-dir',
        'dist/chrome',
        '--target',
        'chromium',
        '--chromium-binary',
        BROWSERS.chromium.path,
        '--chromium-profile',
        profile,
        '--keep-profile-changes',
        '--profile-create-if-missing',
        // Chromium refuses to run as root without this.
        ...(process.getuid?.() === 0 ? ['--arg=--no-sandbox'] : []),
      ];
process.exit(spawnSync(process.execPath, [webExt, ...args], { stdio: 'inherit', cwd: root }).status ?? 1);
