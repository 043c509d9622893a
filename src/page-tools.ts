/**
 * Tools a page declares for agents (WebMCP, a W3C draft: `document.modelContext`, whose agent side
 * is `getTools()` and `executeTool(tool, input)` where the browser has it, and `<form toolname>`):
 * the names the page-world script (content/page-world/page-tools.ts) and the content script
 * (content/page-tools.ts) share on their private channel, and the limits both keep. Shared because
 * the two scripts are bundled apart and run in different JavaScript worlds.
 */
export const PAGE_TOOLS_REQUEST = 'which-page-tools';
export const PAGE_TOOLS_ANSWER = 'page-tools';
export const PAGE_TOOL_CALL = 'call-page-tool';
export const PAGE_TOOL_RESULT = 'page-tool-result';

/** What is kept of a page's declarations: a page with a thousand tools or a megabyte of text costs no more. */
export const PAGE_TOOL_LIMITS = {
  tools: 32,
  name: 64,
  description: 1000,
  /** The input schema, as JSON: a longer one is dropped, and the tool is offered without it. */
  schema: 2000,
  /** What a call answers, as the model reads it. */
  result: 20_000,
} as const;
