/**
 * bosun-bridge: an MCP server on stdio that drives Chromium (over a pipe) or Firefox (over
 * WebDriver BiDi) with Bosun loaded. Entry only: reads the options, wires the session, the tools and the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { allTools, presetTools, type ToolSources } from '../tools/tool-set';
import { parseCommand, USAGE } from './options';
import * as v from 'valibot';
import { PageActionInfo, type CapabilityInfo } from '../../src/abp/response';
import { createBridgeServer } from './server';
import { BrowserSession } from './session';
import { AttachSession } from '../attach/attach-session';
import { notAttached } from '../attach/attached-browser';
import { setTaskTool } from '../attach/task-tool';
import { install, installPlan, uninstall } from '../native/install';
import type { BridgeOptions } from './options';
import type { BridgeTool } from './tool';

// stdout carries MCP messages only: everything said to a person goes to stderr.
const log = (line: string) => process.stderr.write(`bosun-bridge: ${line}\n`);

/** The bundle runs from dist/bridge/, beside the extension it loads (dist/chrome or dist/firefox). */
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const verb = process.argv[2];
  if (verb === 'install' || verb === 'uninstall') {
    const plan = installPlan({ packageRoot, nodePath: process.execPath, platform: process.platform, env: process.env });
    (verb === 'install' ? install : uninstall)(plan, (line) => process.stderr.write(`${line}\n`));
    return;
  }
  const command = parseCommand(process.argv.slice(2), process.env);
  if (command.kind === 'help') return void process.stderr.write(USAGE);
  if (command.kind === 'error') {
    log(`${command.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { options } = command;
  if (options.connect) return attach(options);
  const extensionDir = join(packageRoot, 'dist', options.engine === 'firefox' ? 'firefox' : 'chrome');
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    log(`Bosun's ${options.engine} build is missing at ${extensionDir}: run "npm run build" in ${packageRoot}.`);
    process.exit(1);
  }
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  const tools = presetTools(allTools(toolSources(options)), options.tools);
  // The MCP client's name replaces this once it has introduced itself: Bosun's questions name it.
  const abp = {
    agent: { name: 'bosun-bridge', version },
    allow: options.allow,
    tools: tools.filter((tool) => tool.permission).map((tool) => tool.name),
    log,
  };
  const session = new BrowserSession({ ...options, extensionDir, abp }, log);
  const server = createBridgeServer({
    session,
    tools,
    version,
    log,
    questionTimeoutMs: options.questionTimeoutMs,
  });
  server.oninitialized = () => {
    const client = server.getClientVersion();
    if (client) abp.agent.name = `${client.name.slice(0, 60)} via bosun-bridge`;
  };

  closeWithClient(session);

  await server.connect(new StdioServerTransport());
  log(
    `ready (${options.engine}, ${tools.length} tools (--tools ${options.tools}), profile ${options.profileDir}, idle timeout ${options.idleTimeoutMs / 1000} s, ${options.headless ? 'headless' : 'headed'})`,
  );
}

// Written by the build beside this bundle: the extension's capabilities and the page actions the
// bridge offers as its own tools, described without a browser.
const described = (file: string) =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), file), 'utf8')) as unknown;
const toolSources = (options: BridgeOptions): ToolSources => ({
  pageActions: v.parse(v.array(PageActionInfo), described('page-actions.json')),
  capabilities: described('abp-capabilities.json') as CapabilityInfo[],
  allowHttpOnly: options.allowHttpOnly,
});

/**
 * --connect: the same MCP server over the person's own browser, through Bosun's native link. The
 * tool list is the same; what needs a debugging protocol answers plainly that it is not available.
 */
async function attach(options: BridgeOptions): Promise<void> {
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  let clientName = 'an MCP client';
  const session = new AttachSession(
    {
      name: () => clientName,
      browser: options.browserNamed ? options.engine : undefined,
      env: process.env,
      packageRoot,
    },
    log,
  );
  const server = createBridgeServer({
    session,
    // The client's own task, as its scope, is said only attached: Bosun's gate is the person's there.
    tools: [...presetTools(allTools(toolSources(options), unavailableAttached), options.tools), setTaskTool(session)],
    version,
    log,
    questionTimeoutMs: options.questionTimeoutMs,
  });
  server.oninitialized = () => {
    const client = server.getClientVersion();
    if (client) clientName = client.name.slice(0, 60);
  };
  const stop = async (why: string) => {
    log(`${why}: closing`);
    await session.close();
    process.exit(0);
  };
  process.stdin.on('end', () => void stop('the client disconnected'));
  process.on('SIGINT', () => void stop('interrupted'));
  process.on('SIGTERM', () => void stop('terminated'));
  await server.connect(new StdioServerTransport());
  log('ready (attached: the browser is yours; the first call connects to it)');
}

/** The tools that need a debugging protocol (Chromium's CDP, Firefox's BiDi) answer that they are not available attached, asking nobody. */
const NEEDS_DEBUGGING_PROTOCOL = new Set([
  'browser_service_workers',
  'browser_network_sources',
  'browser_network_request',
  'browser_set_offline',
  'browser_console',
  'browser_eval',
  'browser_handle_dialog',
  'browser_emulate',
  'browser_upload',
  'browser_cookies',
  'browser_storage',
  'browser_back',
  'browser_forward',
  'browser_reload',
  'browser_wait_for',
]);

/** Attached, a tool that needs a debugging protocol answers that it is not available, asking nobody. */
function unavailableAttached(tool: BridgeTool): BridgeTool {
  if (!NEEDS_DEBUGGING_PROTOCOL.has(tool.name)) return tool;
  const { permission: _asksNobody, ...rest } = tool;
  return {
    ...rest,
    description: `${tool.description} (Not available with --connect.)`,
    run: () => Promise.reject(notAttached(tool.name)),
  };
}

/** The browser closes when the client goes (it closes stdin) or the bridge is told to stop. */
function closeWithClient(session: BrowserSession): void {
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`${why}: closing`);
    await session.close();
    session.releaseClaim();
    process.exit(0);
  };
  // The client ending the conversation closes stdin: the browser goes with it.
  process.stdin.on('end', () => void stop('the client disconnected'));
  process.on('SIGINT', () => void stop('interrupted'));
  process.on('SIGTERM', () => void stop('terminated'));
  process.on('exit', () => session.releaseClaim());
}

main().catch((error: unknown) => {
  log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
