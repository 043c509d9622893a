// A browser started as a person's, for `bosun-bridge --connect`: a persistent profile with Bosun, HOME a
// temporary home where the README's `bosun-bridge install` wrote the host manifest, the scripted LLM
// server, and MCP clients (the official client) running the bridge attached to it.
import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFrameReader, encodeFrame } from '../../../bridge/native/framing';
import { startLlmServer, type LlmServer } from '../../fixtures/llm-server';
import { launchExtension, waitUntil, type BrowserName, type ExtensionSession, type PageDriver } from '../harness';
import type { ToolResult } from './bridge';
import { DIST } from './extension';
import { configure, openSidebar, setSettingsSwitch } from './sidebar';

export interface Agent {
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  /** The tools the bridge lists, with their descriptions. */
  listTools(): Promise<{ name: string; description?: string }[]>;
  pid: number;
  log(): string;
  close(): Promise<void>;
}

export interface AttachedBrowser {
  readonly home: string;
  readonly llm: LlmServer;
  readonly session: ExtensionSession;
  /** The sidebar the person uses; `reopenSidebar` replaces it. */
  readonly sidebar: PageDriver;
  reopenSidebar(): Promise<PageDriver>;
  /** Every client started, in order. */
  readonly agents: Agent[];
  /** An MCP client named `name`, running `bosun-bridge --connect` (and `args`) as its server. */
  agent(name: string, args?: readonly string[]): Promise<Agent>;
  /** The person's "Let AI agents on this computer use this browser". */
  setSwitch(on: boolean): Promise<void>;
  /** The host's socket for this browser, in the temporary home. */
  socket(): string;
  env(): Record<string, string>;
  /** The processes whose environment names the temporary home (the host and the bridges), with their command lines. */
  processes(): { pid: number; command: string }[];
}

export function useAttachedBrowser(browserName: BrowserName): AttachedBrowser {
  const state = {} as { home: string; llm: LlmServer; session: ExtensionSession; sidebar: PageDriver };
  const agents: Agent[] = [];
  const env = () =>
    ({ ...process.env, HOME: state.home, XDG_CONFIG_HOME: '', XDG_DATA_HOME: '' }) as Record<string, string>;

  async function agent(name: string, args: readonly string[] = []): Promise<Agent> {
    const running = await attachedClient(name, browserName, env(), args);
    agents.push(running);
    return running;
  }

  beforeAll(async () => {
    // Short: a unix socket's path has a limit of about 100 bytes.
    state.home = await mkdtemp(join(tmpdir(), 'bb-home-'));
    // The README's command, for this user (HOME), before the browser starts.
    const installed = spawnSync(process.execPath, ['bridge/bosun-bridge.mjs', 'install'], { env: env() });
    expect(installed.status, installed.stderr.toString()).toBe(0);
    // The browser is the person's: it finds the host where install put it, in this home.
    process.env.HOME = state.home;
    state.llm = await startLlmServer();
    // Chromium reads a user's host manifests in its user data directory (~/.config/chromium by default).
    const profileDir =
      browserName === 'chromium' ? join(state.home, '.config', 'chromium') : join(state.home, 'firefox-profile');
    // A person who loaded Bosun unpacked turned on the extensions page's developer mode to do it;
    // without it Chromium disables an unpacked extension when it reloads, and it never comes back.
    if (browserName === 'chromium') {
      await mkdir(join(profileDir, 'Default'), { recursive: true });
      await writeFile(
        join(profileDir, 'Default', 'Preferences'),
        JSON.stringify({ extensions: { ui: { developer_mode: true } } }),
      );
    }
    state.session = await launchExtension(browserName, DIST[browserName], { profileDir });
    state.sidebar = await openSidebar(state.session);
    await configure(state.sidebar, state.llm);
  });
  afterAll(async () => {
    for (const each of agents) await each.close().catch(() => {});
    await state.session?.close().catch(() => {});
    await state.llm?.close();
    // The browser's child processes may finish writing into this home a moment after it closes.
    await rm(state.home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  return {
    get home() {
      return state.home;
    },
    get llm() {
      return state.llm;
    },
    get session() {
      return state.session;
    },
    get sidebar() {
      return state.sidebar;
    },
    reopenSidebar: async () => (state.sidebar = await openSidebar(state.session)),
    agents,
    agent,
    setSwitch: (on) => setSettingsSwitch(state.sidebar, 'agents', on),
    socket: () => join(state.home, '.bosun-bridge', `${browserName}.sock`),
    env,
    processes: () => processesIn(state.home),
  };
}

/** An MCP client named `name`, running `bosun-bridge --connect --browser <browserName>` (and `args`) with `env`. */
export async function attachedClient(
  name: string,
  browserName: BrowserName,
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<Agent> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['bridge/bosun-bridge.mjs', '--connect', '--browser', browserName, ...args],
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return {
    call: async (tool, args = {}) =>
      (await client.callTool({ name: tool, arguments: args }, { timeout: 120_000 })) as ToolResult,
    listTools: async () => (await client.listTools()).tools,
    pid: transport.pid!,
    log: () => stderr,
    close: () => client.close(),
  };
}

/** The processes of this user whose environment has HOME=`home`. */
function processesIn(home: string): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const name of readdirSync('/proc').filter((each) => /^\d+$/.test(each))) {
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (!environ.includes(`HOME=${home}`)) continue;
      found.push({ pid: Number(name), command: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // Another user's process, or one that ended while we looked.
    }
  }
  return found;
}

/**
 * A client speaking Bosun's native link itself over the host's socket, as a hostile agent would: it says
 * HELLO as `name` and waits for the answer (ACCEPTED, first in `answers`), where every frame it gets is kept.
 */
export async function rawLinkClient(
  socketPath: string,
  name: string,
): Promise<{ raw: Socket; answers: Record<string, unknown>[] }> {
  const raw = connect(socketPath);
  const answers: Record<string, unknown>[] = [];
  raw.on(
    'data',
    createFrameReader(
      64 * 1024 * 1024,
      (m) => answers.push(m),
      () => {},
    ),
  );
  raw.write(encodeFrame({ type: 'HELLO', name }));
  await waitUntil(() => answers.length === 1, { message: `no answer to ${name}'s HELLO` });
  return { raw, answers };
}
