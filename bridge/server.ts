import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { firstLine, ToolError } from './errors';
import type { BrowserSession } from './session';
import type { BridgeTool, ToolOutput } from './tool';

export interface BridgeServerDeps {
  session: BrowserSession;
  /** Every tool, known at build time: listing them starts no browser. */
  tools: readonly BridgeTool[];
  version: string;
  log: (line: string) => void;
}

/** The design's result format: a SUCCESS line and the data, as text; the same data as structuredContent. */
export function successResult(output: ToolOutput): CallToolResult {
  const content: CallToolResult['content'] = [
    { type: 'text', text: `SUCCESS: ${output.summary}\n${JSON.stringify(output.data, null, 2)}` },
  ];
  if (output.image) content.push({ type: 'image', data: output.image.base64, mimeType: output.image.mimeType });
  return { content, structuredContent: output.data };
}

/** An ERROR line with the cause and the next step; isError, so the agent sees a failed call it can fix. */
export function errorResult(tool: string, error: unknown): CallToolResult {
  const known = error instanceof ToolError;
  const message = known
    ? error.message
    : `${tool} failed: ${firstLine(error instanceof Error ? error.message : String(error))}`;
  const nextStep = known
    ? error.nextStep
    : 'Call again; if it keeps failing, restart the bridge and report the message.';
  return {
    isError: true,
    content: [{ type: 'text', text: `ERROR: ${message}\nNext step: ${nextStep}` }],
    structuredContent: { error: { message, nextStep, ...(known ? error.details : {}) } },
  };
}

/** A tool as tools/list shows it. */
export function listed(tool: BridgeTool): Tool {
  const { name, title, description, annotations, inputSchema, outputSchema } = tool;
  return {
    name,
    title,
    description,
    annotations: { title, ...annotations },
    inputSchema: inputSchema as Tool['inputSchema'],
    ...(outputSchema ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
  };
}

/**
 * The MCP server: browser tools and the ABP tools, over whatever transport it is connected to
 * (the bridge connects only stdio). Arguments are validated before anything runs; a name that is
 * no tool is the protocol's invalid-params error, as the MCP specification asks.
 */
export function createBridgeServer(deps: BridgeServerDeps): Server {
  const server = new Server({ name: 'bosun-bridge', version: deps.version }, { capabilities: { tools: {} } });
  const byName = new Map(deps.tools.map((tool) => [tool.name, tool]));
  const list = deps.tools.map(listed);

  server.setRequestHandler('tools/list', () => Promise.resolve({ tools: list }));

  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    // The bridge's own tools; Bosun's tools run only behind abp_page_act and abp_agent_run, through its gate.
    const bridgeTool = byName.get(name);
    if (!bridgeTool)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `There is no tool named ${name.slice(0, 100)}; tools/list names those there are.`,
      );
    try {
      const checked = bridgeTool.validate(args);
      if (!checked.ok)
        throw new ToolError(
          `Invalid arguments for ${name}: ${checked.message}.`,
          `Call ${name} again with arguments that match its input schema.`,
        );
      return successResult(await deps.session.use((browser) => bridgeTool.run(checked.args, browser)));
    } catch (error) {
      return errorResult(name, error);
    }
  });
  return server;
}
