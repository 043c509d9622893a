// The Node.js API reference on one page (`all.html`, several MB of HTML): a real big document, from Debian's
// `nodejs-doc` package (or the `nodejs` package, which ships the same directory on some systems). Installed
// with apt-get when missing and running as root, as scripts/setup.mjs installs the browsers.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const ALL_HTML = '/usr/share/doc/nodejs/api/all.html';

export function nodeApiPage(): { path: string; html: string } {
  if (!existsSync(ALL_HTML)) install();
  return { path: ALL_HTML, html: readFileSync(ALL_HTML, 'utf8') };
}

function install(): void {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`${ALL_HTML} not found: install it with sudo apt-get install -y nodejs-doc`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'nodejs-doc'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  if (!existsSync(ALL_HTML)) throw new Error(`nodejs-doc installed, but ${ALL_HTML} is not there`);
}
