import { Server, type CallToolResult } from '@modelcontextprotocol/server';
import { ABP_TOOL_PREFIX } from './abp-tools';
import { firstLine, ToolError } from './errors';
import type { BrowserSession } from './session';
import type { BridgeTool, ToolOutput } from './tool';

export interface BridgeServerDeps {
  session: BrowserSession;
  browserTools: readonly BridgeTool[];
  abpTools: () => Promise<BridgeTool[]>;
  version: string;
  log: (line: string) => void;
}

/** The design's result format: a SUCCESS line and the data, as text; the same data as structuredContent. */
export function successResult(output: ToolOutput): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: `SUCCESS: ${output.summary}\n${JSON.stringify(output.data, null, 2)}` }];
  if (output.image) content.push({ type: 'image', data: output.image.base64, mimeType: output.image.mimeType });
  return { content, structuredContent: output.data };
}

/** An ERROR line with the cause and the next step; isError, so the agent sees a failed call it can fix. */
export function errorResult(tool: string, error: unknown): CallToolResult {
  const known = error instanceof ToolError;
  const message = known ? error.message : `${tool} failed: ${firstLine(error instanceof Error ? error.message : String(error))}`;
  const nextStep = known ? error.nextStep : 'Call again; if it keeps failing, restart the bridge and report the message.';
  return {
    isError: true,
    content: [{ type: 'text', text: `ERROR: ${message}\nNext step: ${nextStep}` }],
    structuredContent: { error: { message, nextStep, ...(known ? error.details : {}) } },
  };
}

/**
 * The MCP server: browser tools and the ABP tools, over whatever transport it is connected to
 * (the bridge connects only stdio). Arguments are validated before anything runs.
 */
export function createBridgeServer(deps: BridgeServerDeps): Server {
  const server = new Server({ name: 'bosun-bridge', version: deps.version }, { capabilities: { tools: {} } });

  const allTools = async (): Promise<BridgeTool[]> => {
    try {
      return [...deps.browserTools, ...(await deps.abpTools())];
    } catch (error) {
      // The browser tools stay usable when Bosun cannot start; the reason goes to the log.
      deps.log(`the ABP tools are not listed: ${error instanceof Error ? error.message : String(error)}`);
      return [...deps.browserTools];
    }
  };

  server.setRequestHandler('tools/list', async () => ({
    tools: (await allTools()).map(({ name, description, inputSchema }) => ({ name, description, inputSchema: inputSchema as { type: 'object' } })),
  }));

  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    try {
      const tools = name.startsWith(ABP_TOOL_PREFIX) ? await deps.abpTools() : deps.browserTools;
      // The bridge's own tools; Bosun's tools run only behind abp_page_act and abp_agent_run, through its gate.
      const bridgeTool = tools.find((t) => t.name === name);
      if (!bridgeTool) throw new ToolError(`There is no tool named ${name}.`, 'List the tools (tools/list) and use one of those names.');
      const checked = bridgeTool.validate(args);
      if (!checked.ok) throw new ToolError(`Invalid arguments for ${name}: ${checked.message}.`, `Call ${name} again with arguments that match its input schema.`);
      return successResult(await deps.session.use((browser) => bridgeTool.run(checked.args, browser)));
    } catch (error) {
      return errorResult(name, error);
    }
  });
  return server;
}
