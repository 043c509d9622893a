import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolError } from '../server/errors';

export const LOCK_FILE = 'bosun-bridge.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the profile directory for this process until it exits. A bridge keeps its claim while its
 * browser is closed for idleness, so a second bridge cannot slip in and later make the first one's
 * relaunch fail; a claim left by a process that no longer runs is taken over.
 */
export function claimProfile(profileDir: string, pid = process.pid): () => void {
  mkdirSync(profileDir, { recursive: true });
  const lock = join(profileDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, `${pid}\n`, { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    if (owner === pid) return () => rmSync(lock, { force: true });
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
      throw new ToolError(
        `The profile directory ${profileDir} is in use by another Bosun bridge (process ${owner}); two bridges never share a browser.`,
        'Start this bridge with --profile-dir <another directory>, or stop the other bridge.',
        { profileDir, ownerPid: owner },
      );
    }
    rmSync(lock, { force: true });
  }
  throw new ToolError(
    `Could not claim the profile directory ${profileDir}.`,
    'Check that the directory is writable, then call again.',
    { profileDir },
  );
}
