import * as v from 'valibot';
import { PAGE_TOOL_LIMITS } from '../page-tools';
import { nonEmptyText, text } from './envelope';

/**
 * The content script's reply to LIST_PAGE_TOOLS: the tools a page declares for agents (WebMCP,
 * src/page-tools.ts). Apart from ContentResponses, so that only the background, which reads it,
 * bundles it. `inputSchema` is JSON, or '' where the page's was too long; `form` marks a
 * `<form toolname>`'s tool, which a call fills and submits.
 */
export const PageToolsReply = v.object({
  tools: v.pipe(
    v.array(
      v.object({
        name: nonEmptyText(PAGE_TOOL_LIMITS.name),
        description: text(PAGE_TOOL_LIMITS.description),
        inputSchema: text(PAGE_TOOL_LIMITS.schema),
        readOnly: v.boolean(),
        consequential: v.boolean(),
        form: v.boolean(),
      }),
    ),
    v.maxLength(PAGE_TOOL_LIMITS.tools),
  ),
});
export type PageToolsResult = v.InferOutput<typeof PageToolsReply>;
