/**
 * bosun-bridge: an MCP server on stdio that drives Chromium (over a pipe) or Firefox (over
 * WebDriver BiDi) with Bosun loaded. Entry only: reads the options, wires the session, the tools and the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { allTools, presetTools } from '../tools/tool-set';
import { parseCommand, USAGE } from './options';
import * as v from 'valibot';
import { PageActionInfo, type CapabilityInfo } from '../../src/abp/response';
import { createBridgeServer } from './server';
import { BrowserSession } from './session';

// stdout carries MCP messages only: everything said to a person goes to stderr.
const log = (line: string) => process.stderr.write(`bosun-bridge: ${line}\n`);

/** The bundle runs from dist/bridge/, beside the extension it loads (dist/chrome or dist/firefox). */
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2), process.env);
  if (command.kind === 'help') return void process.stderr.write(USAGE);
  if (command.kind === 'error') {
    log(`${command.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { options } = command;
  const extensionDir = join(packageRoot, 'dist', options.engine === 'firefox' ? 'firefox' : 'chrome');
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    log(`Bosun's ${options.engine} build is missing at ${extensionDir}: run "npm run build" in ${packageRoot}.`);
    process.exit(1);
  }
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  // Written by the build beside this bundle: the extension's capabilities and the page actions the
  // bridge offers as its own tools, described without a browser.
  const described = (file: string) =>
    JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), file), 'utf8')) as unknown;
  const pageActions = v.parse(v.array(PageActionInfo), described('page-actions.json'));
  const capabilities = described('abp-capabilities.json') as CapabilityInfo[];
  const tools = presetTools(
    allTools({ pageActions, capabilities, allowHttpOnly: options.allowHttpOnly }),
    options.tools,
  );
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
