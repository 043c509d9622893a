import { mkdirSync, statSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';

export type AttachBrowser = 'chromium' | 'firefox';

/**
 * Where the native host listens for `bosun-bridge --connect`, one per browser: a unix socket in a
 * directory of the user's home only they may enter (0700), or on Windows a named pipe with the user's
 * name. No TCP port: nothing on the network, and no other user of the computer, can reach it.
 */
export function socketDir(env: NodeJS.ProcessEnv): string {
  return join(env.HOME?.trim() || homedir(), '.bosun-bridge');
}

export function socketPath(browser: AttachBrowser, env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32') return `\\\\.\\pipe\\bosun-bridge-${userInfo().username}-${browser}`;
  return join(socketDir(env), `${browser}.sock`);
}

/** Makes the socket's directory, or checks the one there: the user's own, closed to everyone else. */
export function prepareSocketDir(env: NodeJS.ProcessEnv): void {
  if (process.platform === 'win32') return;
  const dir = socketDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  if (stat.uid !== process.getuid?.() || (stat.mode & 0o077) !== 0)
    throw new Error(`${dir} must belong to you and be closed to others (chmod 700 ${dir}).`);
}
