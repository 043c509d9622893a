/**
 * Tools a page declares for agents (WebMCP, a W3C draft: `document.modelContext`, whose agent side
 * is `getTools()` and `executeTool(tool, input)` where the browser has it, and `<form toolname>`):
 * the names the page-world script (content/page-world/page-tools.ts) and the content script
 * (content/page-tools.ts) share on their private channel, and the limits both keep. Shared because
 * the two scripts are bundled apart and run in different JavaScript worlds.
 */
/** An order (`{id}` lists the tools, `{id, name, input}` calls one) and its answer, with the same id. */
export const PAGE_TOOLS_ASK = 'page-tools';
export const PAGE_TOOLS_ANSWER = 'page-tools-answer';

/**
 * What is kept of a page's declarations: a page with a thousand tools or a megabyte of text costs no
 * more. An input schema (as JSON) longer than `schema` is left out; `result` is what a call answers.
 */
export const PAGE_TOOL_LIMITS = {
  tools: 32,
  name: 64,
  description: 1000,
  schema: 2000,
  result: 20_000,
} as const;
