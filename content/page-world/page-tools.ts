/**
 * Runs in the page's own world: the tools the page declares for agents (WebMCP, src/page-tools.ts),
 * read and called through the draft's agent side, `getTools()` and `executeTool(tool, input)` on
 * `document.modelContext`. Where the browser has it (Chromium's ModelContext), its own methods are
 * taken at document_start, before any page script could replace them; otherwise a page's own
 * stand-in for the draft (a polyfill) is used as it is. Either way what the tools say and do is the
 * page's: running them runs page code, and everything sent back is cut to the shared limits and
 * checked again on the isolated side. Where there is no such API, the answer lists only the forms'
 * tools (form-tools.ts), if any.
 */
import { PAGE_TOOL_LIMITS, PAGE_TOOLS_ANSWER, PAGE_TOOLS_ASK } from '../../src/page-tools';
import { listen, send } from './channel';
import { formTools, submitFormTool } from './form-tools';
import { call, native } from './natives';

type Method = (...args: unknown[]) => unknown;
interface AgentSide {
  self: object;
  getTools: Method;
  executeTool: Method;
}

const builtIn = (globalThis as { ModelContext?: { prototype: Record<string, unknown> } }).ModelContext?.prototype;
const documentGetter = native.getOwnPropertyDescriptor(Document.prototype, 'modelContext')?.get;
const builtInMethods = builtIn && { getTools: builtIn.getTools, executeTool: builtIn.executeTool };

const isMethod = (value: unknown): value is Method => typeof value === 'function';

/** The browser's ModelContext, else a page's stand-in on document or navigator; null without one. */
function agentSide(): AgentSide | null {
  if (documentGetter && builtInMethods && isMethod(builtInMethods.getTools) && isMethod(builtInMethods.executeTool)) {
    const self = call<unknown>(documentGetter, document);
    if (typeof self === 'object' && self !== null)
      return { self, getTools: builtInMethods.getTools, executeTool: builtInMethods.executeTool };
  }
  for (const holder of [document, navigator] as unknown as Record<string, unknown>[]) {
    const context = (holder as Record<string, unknown>).modelContext as Record<string, unknown> | undefined;
    if (typeof context !== 'object' || context === null) continue;
    const { getTools, executeTool } = context;
    if (isMethod(getTools) && isMethod(executeTool)) return { self: context, getTools, executeTool };
  }
  return null;
}

const json = (value: unknown): string => call<string>(native.stringify, JSON, value);

/** The page's value as a string of at most `max` characters ('' for anything else). */
function cut(value: unknown, max: number): string {
  return typeof value === 'string' ? call<string>(native.slice, value, 0, max) : '';
}

/** One declared tool as plain data, within the limits; null when it has no name. */
function plain(tool: Record<string, unknown>): Record<string, unknown> | null {
  const name = cut(tool.name, PAGE_TOOL_LIMITS.name);
  if (name === '') return null;
  let schema = '';
  try {
    schema = json(tool.inputSchema ?? null) ?? '';
  } catch {
    // A schema that cannot be written as JSON is left out, like one too long.
  }
  const annotations = (typeof tool.annotations === 'object' && tool.annotations) || {};
  return {
    name,
    description: cut(tool.description, PAGE_TOOL_LIMITS.description),
    inputSchema: schema.length <= PAGE_TOOL_LIMITS.schema ? schema : '',
    readOnly: (annotations as Record<string, unknown>).readOnlyHint === true,
    consequential: (annotations as Record<string, unknown>).consequentialHint === true,
    form: false,
  };
}

async function declared(side: AgentSide): Promise<Record<string, unknown>[]> {
  const all = await call<unknown>(side.getTools, side.self);
  if (!Array.isArray(all)) return [];
  return all;
}

/** Answers a listing: the forms' tools, then the API's. */
function list(id: unknown): void {
  const side = agentSide();
  // A form's tool comes first: a name the API lists too is the form's (form-tools.ts).
  const tools = formTools();
  const names = new native.Set<unknown>(tools.map((tool) => tool.name));
  const answer = () => send(document, PAGE_TOOLS_ANSWER, json({ id, tools: tools.slice(0, PAGE_TOOL_LIMITS.tools) }));
  // Without the API the answer comes at once: the content script does not wait for a page that has none.
  if (!side) return answer();
  declared(side).then(
    (all) => {
      for (let i = 0; i < all.length && tools.length < PAGE_TOOL_LIMITS.tools; i++) {
        const tool = all[i];
        const one = typeof tool === 'object' && tool !== null ? plain(tool) : null;
        if (one && !call(native.setHas, names, one.name)) call(native.push, tools, one);
      }
      answer();
    },
    () => answer(),
  );
}

/** What a tool returned, as text the model reads. */
function resultText(value: unknown): string {
  if (typeof value === 'string') return cut(value, PAGE_TOOL_LIMITS.result);
  try {
    return cut(json(value ?? null), PAGE_TOOL_LIMITS.result);
  } catch {
    return '';
  }
}

/** Runs the tool the order names with its input, and answers what it returned or why it failed. */
function run(order: { id?: unknown; name?: unknown; input?: unknown }): void {
  const reply = (ok: boolean, text: string) => send(document, PAGE_TOOLS_ANSWER, json({ id: order.id, ok, text }));
  const submitted = submitFormTool(order.name, order.input);
  if (submitted) return reply(submitted.ok, submitted.text);
  const side = agentSide();
  if (!side) return reply(false, 'The page no longer declares tools.');
  declared(side)
    .then((all) => {
      const tool = all.find((t) => typeof t === 'object' && t !== null && t.name === order.name);
      if (!tool) throw new Error(`The page no longer declares a tool named "${String(order.name)}".`);
      return call<unknown>(side.executeTool, side.self, tool, order.input);
    })
    .then(
      (value) => reply(true, resultText(value)),
      (error: unknown) => reply(false, cut(error instanceof Error ? error.message : String(error), 2000)),
    );
}

// An order is `{id}` for the listing, `{id, name, input}` (the input as JSON) for a call.
listen(PAGE_TOOLS_ASK, (detail) => {
  let order: { id?: unknown; name?: unknown; input?: unknown };
  try {
    order = call(native.parse, JSON, detail);
    if (typeof order.input === 'string') order.input = call(native.parse, JSON, order.input);
  } catch {
    return;
  }
  if (typeof order.name === 'string') run(order);
  else list(order.id);
});
