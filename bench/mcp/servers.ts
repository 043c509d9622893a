// The two MCP servers the bench compares, each started as an MCP client starts it (a subprocess on
// stdio), with the same four jobs: open a URL, read the page, read it again, take a screenshot.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export interface ToolResult {
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[];
  isError?: boolean;
}

/** One server as the bench drives it. */
export interface McpSide {
  name: string;
  /** Connecting and listing the tools, ms. */
  connectMs: number;
  /** The listed tools as a client hands them to a model (name, description, schemas). */
  toolList: string;
  toolCount: number;
  navigate(url: string): Promise<void>;
  /** The page as the model reads it (the text of the result). */
  read(): Promise<string>;
  screenshot(): Promise<void>;
  /** The elements a reading lists for the model to act on. */
  listed(text: string): number;
  close(): Promise<void>;
}

const textOf = (result: ToolResult) =>
  result.content
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('\n');

async function connect(
  name: string,
  command: string[],
  env?: Record<string, string>,
): Promise<{ client: Client; connectMs: number; toolList: string; toolCount: number; log: () => string }> {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: command,
    stderr: 'pipe',
    ...(env ? { env: { ...(process.env as Record<string, string>), ...env } } : {}),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'bosun-bench', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const connectMs = performance.now() - started;
  const toolList = JSON.stringify(
    tools.map(({ name: tool, description, inputSchema, outputSchema }) => ({
      name: tool,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
    })),
  );
  return { client, connectMs, toolList, toolCount: tools.length, log: () => stderr };
}

async function call(side: string, client: Client, tool: string, args: Record<string, unknown>): Promise<ToolResult> {
  const result = (await client.callTool({ name: tool, arguments: args }, { timeout: 300_000 })) as ToolResult;
  if (result.isError) throw new Error(`${side}: ${tool} failed: ${textOf(result).slice(0, 500)}`);
  return result;
}

/** chrome-devtools-mcp on Chromium, headless, in a temporary profile; its tools name the page by id. */
export async function devtoolsMcp(script: string, chromium: string, extra: string[] = []): Promise<McpSide> {
  const name = `chrome-devtools-mcp${extra.length ? ` ${extra.join(' ')}` : ''}`;
  const { client, connectMs, toolList, toolCount } = await connect(name, [
    script,
    '--executablePath',
    chromium,
    '--headless',
    '--isolated',
    '--no-usage-statistics',
    '--no-performance-crux',
    // As the bridge runs it: Chromium's sandbox needs user namespaces, which this machine may lack.
    '--chromeArg=--no-sandbox',
    ...extra,
  ]);
  let pageId: number | null = null;
  const page = async () => {
    if (pageId === null) {
      const pages = textOf(await call(name, client, 'list_pages', {}));
      pageId = Number(/(\d+):/.exec(pages)?.[1] ?? NaN);
      if (!Number.isInteger(pageId)) throw new Error(`${name}: no page id in ${pages.slice(0, 200)}`);
    }
    return pageId;
  };
  return {
    name,
    connectMs,
    toolList,
    toolCount,
    async navigate(url) {
      await call(name, client, 'navigate_page', { pageId: await page(), type: 'url', url });
    },
    read: async () => textOf(await call(name, client, 'take_snapshot', { pageId: await page() })),
    async screenshot() {
      await call(name, client, 'take_screenshot', { pageId: await page() });
    },
    listed: (text) => text.split('\n').filter((line) => /\buid=/.test(line)).length,
    close: () => client.close(),
  };
}

/** Bosun's bridge (this build) on the same Chromium, headless, allowed to read the bench's site. */
export async function bosunBridge(
  root: string,
  chromium: string,
  profileDir: string,
  site: string,
  extra: string[] = [],
): Promise<McpSide> {
  const name = `bosun-bridge${extra.length ? ` ${extra.join(' ')}` : ''}`;
  const { client, connectMs, toolList, toolCount } = await connect(name, [
    `${root}/bridge/bosun-bridge.mjs`,
    '--headless',
    '--browser',
    'chromium',
    '--chromium',
    chromium,
    '--profile-dir',
    profileDir,
    '--allow',
    `${site}:navigate`,
    ...extra,
  ]);
  return {
    name,
    connectMs,
    toolList,
    toolCount,
    async navigate(url) {
      await call(name, client, 'browser_navigate', { url });
    },
    read: async () => textOf(await call(name, client, 'browser_snapshot', {})),
    async screenshot() {
      await call(name, client, 'browser_screenshot', {});
    },
    listed: (text) => new Set(text.match(/\[\d+\]/g) ?? []).size,
    close: () => client.close(),
  };
}
