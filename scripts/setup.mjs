// @ts-check
/**
 * Prepares a fresh machine for `npm start` and `npm test`: the system browsers (Debian's
 * chromium and firefox-esr), espeak-ng (the voice tests' speaker), Xvfb and xdotool (the Chromium
 * context-menu tests' screen) and the npm dependencies. Uses Node built-ins only, because it
 * runs before `npm ci`. Safe to run again: it does nothing when everything is in place.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSERS, SPEECH_SYNTHESIZER, VIRTUAL_DISPLAY_TOOLS } from './browsers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} command @param {string[]} args @param {Record<string, string>} [env] */
function run(command, args, env = {}) {
  console.log(`setup: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function installSystemPackages() {
  const missing = [...Object.values(BROWSERS), SPEECH_SYNTHESIZER, ...VIRTUAL_DISPLAY_TOOLS].filter(
    (tool) => !existsSync(tool.path),
  );
  if (missing.length === 0) return;
  const packages = missing.map((tool) => tool.debianPackage);
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(
      `${missing.map((b) => b.name).join(' and ')} not found. Install them (Debian: sudo apt-get install -y ${packages.join(' ')}) ` +
        'or point CHROMIUM_PATH / FIREFOX_PATH / ESPEAK_PATH at your own binaries.',
    );
  }
  const quiet = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], quiet);
  run('apt-get', ['install', '-y', '-qq', ...packages], quiet);
}

function installDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

try {
  installSystemPackages();
  installDependencies();
} catch (error) {
  console.error(`setup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
