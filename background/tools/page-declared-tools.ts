/**
 * Tools a page declares for agents (WebMCP: `document.modelContext` and `<form toolname>`, read by
 * the content script, content/page-tools.ts). The model sees them on asking (list_page_tools), as
 * page content, and calls one with call_page_tool: the gate judges each call on the page's site at
 * the level the page's declaration asks (policy/page-tool-level.ts), critical when the tool's name or
 * description says it commits, and checks its input with the data-flow rule like typed text.
 */
import * as v from 'valibot';
import { pageToolWords } from '../../policy';
import { PageToolsReply, type PageToolsResult } from '../../src/protocol/page-tools-reply';
import { PAGE_TOOL_LIMITS } from '../../src/page-tools';
import { askContent } from '../content-channel/content-client';
import { COMMITS_ON_PAGE, READS_PAGE } from './annotations';
import { action, output } from './page-action';
import { here, pageUrl, sendsToPage } from './targets';
import { defineTool, type ToolContext } from './types';
import { untrusted } from './untrusted';

type Declared = PageToolsResult['tools'][number];

const declaredTools = async (ctx: ToolContext): Promise<Declared[]> =>
  (await askContent(ctx.tabId, { type: 'LIST_PAGE_TOOLS' }, PageToolsReply, ctx.signal)).tools;

/** What a declaration says of a tool's effect, in the words the listing uses. */
function effect(tool: Declared): string {
  if (tool.form) return 'submits a form';
  if (tool.consequential) return 'consequential';
  return tool.readOnly ? 'read-only' : 'changes the page';
}

/** One line per tool: name, what it says it does, and its input schema when the page gave one. */
const listing = (tools: Declared[]): string =>
  tools
    .map(
      (tool) =>
        `- ${tool.name} (${effect(tool)}): ${tool.description.replace(/\s+/g, ' ')}${tool.inputSchema ? `\n  input: ${tool.inputSchema}` : ''}`,
    )
    .join('\n');

export const listPageTools = defineTool({
  name: 'list_page_tools',
  description:
    'List the tools the current page declares for agents (WebMCP), if any: each name, what the page says it does and its input schema. Call one with call_page_tool.',
  level: 'read-only',
  annotations: READS_PAGE,
  params: v.object({}),
  target: here,
  async run(_args, ctx) {
    const tools = await declaredTools(ctx);
    if (tools.length === 0) return { success: true, text: 'This page declares no tools for agents.' };
    // Names and descriptions are the page's words, so the whole listing sits inside the marked block.
    return { success: true, text: untrusted(`Tools this page declares:\n${listing(tools)}`) };
  },
});

/** Every string or number in the input, for the data-flow rule (what the call sends to the page's site). */
function leaves(value: unknown, into: string[] = []): string[] {
  if (into.length >= 200) return into;
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'number') into.push(String(value));
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) leaves(item, into);
  return into;
}

/** The name in words where it differs from the name as written, so the critical-words check can read it. */
function named(name: string): string {
  const words = pageToolWords(name);
  return words === name ? '' : ` (${words})`;
}

export const callPageTool = defineTool({
  name: 'call_page_tool',
  description:
    "Call a tool the current page declares (from list_page_tools) with its input, as the tool's input schema asks. It runs the page's own code.",
  // A call is judged at the page tool's declared level (policy/page-tool-level.ts): this one, unless the
  // page says the tool only reads (then read-only) or it submits or commits (then submit).
  level: 'interact',
  annotations: COMMITS_ON_PAGE,
  params: v.object({
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(PAGE_TOOL_LIMITS.name), v.description("The tool's name")),
    input: v.optional(
      v.pipe(v.record(v.string(), v.unknown()), v.description("The tool's input, an object as its input schema asks")),
    ),
  }),
  async target(args, ctx) {
    const url = await pageUrl(ctx);
    const tool = (await declaredTools(ctx)).find((one) => one.name === args.name);
    if (!tool) return { url, invalid: `This page declares no tool named "${args.name}" (see list_page_tools).` };
    return {
      url,
      // The name and description are what the critical-words check reads, and what the person and the Action Log see.
      label: `page tool "${tool.name}"${named(tool.name)}: ${tool.description}`,
      summary: `the page's tool "${tool.name}" (${effect(tool)})`,
      pageTool: { readOnly: tool.readOnly, consequential: tool.consequential, form: tool.form },
    };
  },
  sends: (args, target) => sendsToPage(leaves(args.input ?? {}), target),
  async run(args, ctx) {
    const input = JSON.stringify(args.input ?? {});
    const reply = await action(ctx, { type: 'CALL_PAGE_TOOL', payload: { name: args.name, input } });
    // A failure's text is the page's too (what its tool threw).
    return output(reply.success ? reply : { ...reply, error: untrusted(reply.error ?? 'Failed') });
  },
});

export const PAGE_DECLARED_TOOLS = [listPageTools, callPageTool];
