import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { randomUUID } from 'node:crypto';
import { abpError, firstLine, ToolError } from './errors';
import type { LiveBrowser } from './session';
import type { BridgeTool, CallInfo, ToolOutput } from './tool';

/** How often a call that is still running tells a client that asked for progress. */
export const PROGRESS_INTERVAL_MS = 2_000;

export interface BridgeServerDeps {
  /** The browser the tools run in: one the bridge started (BrowserSession), or the person's (AttachSession). */
  session: {
    use<T>(work: (browser: LiveBrowser) => Promise<T>): Promise<T>;
    /** Loads what the first call will need, while the client's model picks a tool. */
    prepare?(): void;
  };
  /** How long a permission question may wait (0: nobody can answer, so nobody is asked). */
  questionTimeoutMs: number;
  /** Every tool, known at build time: listing them starts no browser. */
  tools: readonly BridgeTool[];
  version: string;
  log: (line: string) => void;
}

/**
 * The design's result format: a SUCCESS line and the data, as text; the same data as structuredContent.
 * A long text the agent reads (the output's body) follows the other fields as it is, once: inside
 * the JSON, every line break and quote of it would be escaped, and it would cost twice the tokens.
 */
export function successResult(output: ToolOutput): CallToolResult {
  const { [output.body ?? '']: body, ...fields } = output.data;
  const shown = typeof body === 'string' ? fields : output.data;
  const text = `SUCCESS: ${output.summary}\n${JSON.stringify(shown, null, 2)}${typeof body === 'string' ? `\n\n${body}` : ''}`;
  const content: CallToolResult['content'] = [{ type: 'text', text }];
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

  server.setRequestHandler('tools/list', () => {
    // After the answer is written: loading blocks for a moment, and the list must not wait for it.
    setImmediate(() => deps.session.prepare?.());
    return Promise.resolve({ tools: list });
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
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
      const call: CallInfo = {
        callId: `mcp-${randomUUID()}`,
        questionTimeoutMs: deps.questionTimeoutMs,
        signal: ctx.mcpReq.signal,
      };
      const stage = { now: `${name} is running` };
      const token = ctx.mcpReq._meta?.progressToken;
      const progress = token === undefined ? undefined : reportProgress(ctx.mcpReq.notify, token, stage);
      try {
        return successResult(
          await deps.session.use((browser) =>
            cancellable(browser, call, async () => {
              await askFirst(bridgeTool, checked.args, browser, call, stage);
              stage.now = `${name} is running`;
              return bridgeTool.run(checked.args, browser, call);
            }),
          ),
        );
      } finally {
        clearInterval(progress);
      }
    } catch (error) {
      return errorResult(name, error);
    }
  });
  return server;
}

/** Sends notifications/progress while the call runs, each saying what it waits for. */
function reportProgress(
  notify: (notification: { method: string; params: Record<string, unknown> }) => Promise<void>,
  progressToken: string | number,
  stage: { now: string },
): NodeJS.Timeout {
  let progress = 0;
  return setInterval(() => {
    progress += 1;
    notify({ method: 'notifications/progress', params: { progressToken, progress, message: stage.now } }).catch(
      () => {},
    );
  }, PROGRESS_INTERVAL_MS);
}

/**
 * The client's cancellation reaches Bosun: a question the call waits on is withdrawn, so an answer
 * given later finds nothing to run; a call cancelled before it acts never acts.
 */
async function cancellable<T>(browser: LiveBrowser, call: CallInfo, work: () => Promise<T>): Promise<T> {
  const withdraw = () =>
    void browser
      .abp()
      .then((abp) => abp.cancel(call.callId))
      .catch(() => {});
  call.signal.addEventListener('abort', withdraw, { once: true });
  try {
    return await work();
  } finally {
    call.signal.removeEventListener('abort', withdraw);
  }
}

/**
 * A tool that acts on a page asks Bosun's policy first, exactly as an ABP call does: the same
 * decision, the same question in Bosun's sidebar (the MCP client named as the one asking), the same
 * Action Log. A page that is no site (about:blank) holds nothing of the person's to protect.
 */
async function askFirst(
  tool: BridgeTool,
  args: unknown,
  browser: LiveBrowser,
  call: CallInfo,
  stage: { now: string },
): Promise<void> {
  const ask = await tool.permission?.(args, browser);
  if (!ask) return;
  const url = ask.url ?? (await browser.tab()).url();
  if (!/^https?:/.test(url)) return;
  const { operation, summary } = ask;
  stage.now = `waiting for the person to answer Bosun's question: ${summary} on ${new URL(url).host}`;
  const answer = await (await browser.abp()).authorize({ operation, url, summary }, call);
  if (!answer.success) throw abpError(`${tool.name} (Bosun's permission)`, answer);
  if (call.signal.aborted)
    throw new ToolError(
      'The call was cancelled before it acted; nothing was done.',
      'Call again if it is still wanted.',
    );
}
