#!/usr/bin/env node
// @ts-check
/**
 * The `bosun-bridge` command (package.json `bin`): builds what is missing (Bosun for the browser
 * asked for, and the bridge itself) on first use, then starts the bridge. stdout belongs to MCP, so the build
 * reports on stderr.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bridge = join(root, 'dist', 'bridge', 'index.mjs');
// The bridge checks its options itself; here only which build it will load matters.
const args = process.argv.slice(2);
const browserArg = args.find((arg, i) => arg.startsWith('--browser=') || args[i - 1] === '--browser');
const target = browserArg?.replace('--browser=', '') === 'firefox' ? 'firefox' : 'chrome';

const host = join(root, 'dist', 'bridge', 'host.mjs');
if (!existsSync(join(root, 'dist', target, 'manifest.json')) || !existsSync(bridge) || !existsSync(host)) {
  process.stderr.write(`bosun-bridge: building Bosun for ${target} and the bridge (first run)…\n`);
  const build = spawnSync(process.execPath, [join(root, 'build.mjs'), target, 'bridge'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) {
    process.stderr.write(`bosun-bridge: the build failed (see above); fix it and run "npm run build" in ${root}.\n`);
    process.exit(1);
  }
}
await import(pathToFileURL(bridge).href);
