// Real documentation pages from Debian's packages (`nodejs-doc`, `rust-doc`): big, real documents the
// benchmarks serve. A missing package is installed with apt-get when running as root, as
// scripts/setup.mjs installs the browsers; otherwise the error says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Makes sure `file` exists, installing Debian package `pkg` for it when needed. */
export function debianDoc(pkg: string, file: string): string {
  if (existsSync(file)) return file;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`${file} not found: install it with sudo apt-get install -y ${pkg}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  if (!existsSync(file)) throw new Error(`${pkg} installed, but ${file} is not there`);
  return file;
}
