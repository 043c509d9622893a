import { toJsonSchema } from '@valibot/to-json-schema';
import type { PageActionInfo } from '../../src/abp/response';
import { TOOLS } from '../tools/registry';

/**
 * The page actions the MCP bridge offers as tools of its own, described from their one declaration
 * (the chat's tool) for the build, which writes them beside the bridge: its by-reference tools are
 * generated from these, as its abp_* tools are from the capability table.
 */
export function describePageActions(): PageActionInfo[] {
  return [...TOOLS.values()].flatMap((tool) => {
    if (!tool.bridge || !tool.abp) return [];
    // 'ignore' leaves out what JSON Schema cannot say (cross-field checks); the gate checks them with valibot.
    const { $schema: _draft, ...inputSchema } = toJsonSchema(tool.params, { errorMode: 'ignore' }) as Record<
      string,
      unknown
    >;
    const { readOnly, destructive, openWorld } = tool.annotations;
    return [
      {
        tool: tool.name,
        surface: tool.abp,
        bridge: tool.bridge,
        description: tool.description,
        level: tool.level,
        annotations: { readOnlyHint: readOnly, destructiveHint: destructive, openWorldHint: openWorld },
        inputSchema,
      },
    ];
  });
}
