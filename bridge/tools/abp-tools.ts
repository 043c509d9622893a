import { fromJsonSchema, type JsonSchemaType } from '@modelcontextprotocol/server';
import type { CapabilityInfo } from '../../src/abp/response';
import { abpError } from '../server/errors';
import type { BridgeTool } from '../server/tool';

export const ABP_TOOL_PREFIX = 'abp_';

/** `crawl.start` → `abp_crawl_start`: MCP clients differ on dots in tool names; underscores work everywhere. */
export function abpToolName(capability: string): string {
  return ABP_TOOL_PREFIX + capability.replaceAll('.', '_');
}

/** `storage.pages.search` → "Bosun: storage pages search". */
const titleOf = (capability: string) =>
  `Bosun: ${capability
    .split('.')
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()}`;

/**
 * One MCP tool per capability of Bosun's ABP page, its input schema being the capability's own
 * JSON Schema (checked here, then again by Bosun). The list comes from the build (the extension's
 * own capability table, described in Node), so listing needs no browser. Every call goes through
 * window.abp.call, so Bosun's permission gate decides, and asks the person in the sidebar, as it
 * does for any agent.
 */
export function abpTools(capabilities: readonly CapabilityInfo[]): BridgeTool[] {
  const seen = new Map<string, string>();
  return capabilities.map((capability) => {
    const name = abpToolName(capability.name);
    const clash = seen.get(name);
    if (clash) throw new Error(`The capabilities ${clash} and ${capability.name} would both be the tool ${name}.`);
    seen.set(name, capability.name);
    const { $schema: _dialect, ...inputSchema } = capability.inputSchema;
    const schema = fromJsonSchema(inputSchema as JsonSchemaType)['~standard'];
    const unavailable = capability.available
      ? ''
      : ' (unavailable in this browser: calls answer CAPABILITY_UNAVAILABLE)';
    return {
      name,
      title: titleOf(capability.name),
      description: `${capability.description}${unavailable}. Bosun ABP capability ${capability.name}.`,
      annotations: capability.annotations,
      inputSchema: { type: 'object', ...inputSchema },
      validate(args) {
        const result = schema.validate(args ?? {});
        if (result instanceof Promise) throw new Error('JSON Schema validation is synchronous');
        return result.issues
          ? { ok: false, message: result.issues.map((issue) => issue.message).join('; ') }
          : { ok: true, args: result.value };
      },
      async run(args, browser, call) {
        const response = await (await browser.abp()).call(capability.name, args, call);
        if (!response.success) throw abpError(capability.name, response);
        return { summary: `${capability.name} succeeded`, data: response.data };
      },
    };
  });
}
