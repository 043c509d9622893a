import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { waitUntil } from '../harness';

export type ToolResult = {
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export interface RunningBridge {
  client: Client;
  /** The bridge's process id. */
  pid: number;
  /** What the bridge wrote to stderr so far. */
  log(): string;
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  /** The structured result of a call that must succeed. */
  data(name: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** What a test passes when it uses a tool outside the default preset (bridge/tools/tool-set.ts). */
export const FULL_TOOLS = ['--tools', 'full'];

/** Starts the bridge as an MCP client does: the `bosun-bridge` command as a subprocess, spoken to over stdio. */
export async function startBridge(args: string[]): Promise<RunningBridge> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['bridge/bosun-bridge.mjs', '--headless', ...args],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'bosun-e2e', version: '1.0.0' });
  await client.connect(transport);
  // A first call starts the browser: Firefox on a busy machine can take longer than the client's default minute.
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args }, { timeout: 150_000 })) as ToolResult;
  return {
    client,
    pid: transport.pid!,
    log: () => stderr,
    call,
    async data(name, args) {
      const result = await call(name, args);
      if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
      return result.structuredContent ?? {};
    },
    close: () => client.close(),
  };
}

export const textOf = (result: ToolResult): string =>
  result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');

const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/PID/stat is the parent id; the command name (field 2) may hold spaces.
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid;
      } catch {
        return false; // the process ended while we looked
      }
    })
    .map(Number);

/** The process and all its descendants. */
export function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]!));
  return all;
}

/** The bridge's browser: the Chromium or Firefox process it started (its direct child). */
export function browserPid(bridgePid: number): number | undefined {
  return childrenOf(bridgePid).find((pid) => {
    try {
      return /chrom|firefox/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
    } catch {
      return false;
    }
  });
}

export const commandLine = (pid: number): string[] =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** TCP sockets in LISTEN state (st 0A in /proc/net/tcp{,6}) owned by any of the processes. */
export function listeningSockets(pids: number[]): string[] {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (socket) inodes.add(socket);
      } catch {
        // closed meanwhile
      }
    }
  }
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A' && inodes.has(cols[9] ?? ''))
      .map((cols) => `${table} ${cols[1]}`),
  );
}

/** Until the process is gone (a killed process stays a zombie until its parent reaps it). */
export function waitForExit(pid: number, message: string): Promise<true> {
  return waitUntil(
    () => {
      try {
        return /^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return true;
      }
    },
    { message, timeoutMs: 30_000 },
  );
}

/**
 * Bridges started by the tests of one describe block, each with a fresh profile in `browserName`;
 * a test's bridges are closed and their profiles removed after that test. Kept to the end of the
 * block, every bridge's browser stayed open, up to eight of them idling beside the next test's.
 */
export function useBridges(browserName: string, base: string[] = []): (...args: string[]) => Promise<RunningBridge> {
  const profiles: string[] = [];
  const bridges: RunningBridge[] = [];
  afterEach(() => closeBridges(bridges, profiles));
  return async (...args: string[]) => {
    const profileDir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
    profiles.push(profileDir);
    const bridge = await startBridge(['--browser', browserName, '--profile-dir', profileDir, ...base, ...args]);
    bridges.push(bridge);
    return bridge;
  };
}

/** Closes the bridges and removes the profiles, emptying both lists. */
export async function closeBridges(bridges: RunningBridge[], profiles: string[]): Promise<void> {
  for (const bridge of bridges.splice(0)) await bridge.close();
  for (const dir of profiles.splice(0)) await rm(dir, { recursive: true, force: true });
}
