import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimProfile, LOCK_FILE } from '../../bridge/launchers/profile-lock';

describe('the profile claim', () => {
  const dirs: string[] = [];
  const profile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'bosun-lock-'));
    dirs.push(dir);
    return join(dir, 'profile');
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('creates the directory, records the owner, and gives the claim back', () => {
    const dir = profile();
    const release = claimProfile(dir, process.pid);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a profile another running process holds, naming it and the way out', () => {
    const dir = profile();
    claimProfile(dir, process.ppid);
    expect(() => claimProfile(dir, process.pid)).toThrow(
      `The profile directory ${dir} is in use by another Bosun bridge (process ${process.ppid}); two bridges never share a browser.`,
    );
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('takes over a claim left by a process that has ended', () => {
    const dir = profile();
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    claimProfile(dir, Number(ended));
    claimProfile(dir, process.pid);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    claimProfile(dir, process.pid);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
  });
});
