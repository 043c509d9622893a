// The bridge's tools for Bosun's page actions (browser_snapshot, browser_click, browser_type,
// browser_fill_form…), generated from the chat tools' one declaration as the build describes it
// (dist/bridge/page-actions.json), as the abp_* tools are from the capability table: the same
// parameters, descriptions and annotations, an element's [index] named `ref` (its number in the last
// browser_snapshot). Each call runs the chat's own tool through its ABP surface (page.read,
// page.readListing, page.getContent or page.act), so Bosun's gate judges it at that tool's level,
// with the element's facts, as it judges the chat's.
import { fromJsonSchema, type JsonSchemaType } from '@modelcontextprotocol/server';
import type { PageActionInfo } from '../../src/abp/response';
import { INTEGER, STRING } from './browser-tool-parts';
import { abpError } from '../server/errors';
import { currentSnapshot, rememberSnapshot, workingTab } from './ref-tools';
import type { LiveBrowser } from '../server/session';
import { objectSchema, type BridgeTool, type CallInfo, type ToolOutput } from '../server/tool';

/** The chat's name for an element (its [index] in the last reading) and the bridge's. */
const INDEX = 'index';
const REF = 'ref';

type Schema = { [key: string]: unknown };
const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The chat's words as the bridge says them: its tools by their bridge names, its indices as refs. */
function bridgeWords(text: string, names: ReadonlyMap<string, string>): string {
  let said = text;
  // Only names with an underscore: "hover" and "drag" are words of the prose too.
  for (const [tool, bridge] of names)
    if (tool.includes('_')) said = said.replace(new RegExp(`\\b${tool}\\b`, 'g'), bridge);
  return said
    .replace(/\[index\]/g, '[ref]')
    .replace(/\ban index\b/g, 'a ref')
    .replace(/\bindices\b/g, 'refs')
    .replace(/\bindex\b/g, 'ref');
}

/** Whether a parameter names an element of the last reading: `index`, or a number its declaration calls an index. */
const namesElement = (name: string, schema: unknown) =>
  name === INDEX ||
  (isObject(schema) && schema.type === 'integer' && /\bindex\b/i.test(String(schema.description ?? '')));

/**
 * A declaration's JSON Schema for the bridge: `index` named `ref` wherever an object has it (a
 * field of fill_form too), descriptions in the bridge's words; and the names of the parameters
 * that name an element (by reference: they need the snapshot).
 */
function bridgeSchema(schema: unknown, names: ReadonlyMap<string, string>, refs = new Set<string>()): unknown {
  if (Array.isArray(schema)) return schema.map((each) => bridgeSchema(each, names, refs));
  if (!isObject(schema)) return schema;
  const mapped: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' && typeof value === 'string') mapped[key] = bridgeWords(value, names);
    else if (key === 'properties' && isObject(value)) {
      mapped[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => {
          const bridgeName = name === INDEX ? REF : name;
          if (namesElement(name, property)) refs.add(bridgeName);
          return [bridgeName, bridgeSchema(property, names, refs)];
        }),
      );
    } else if (key === 'required' && Array.isArray(value))
      mapped[key] = value.map((name) => (name === INDEX ? REF : name));
    else mapped[key] = bridgeSchema(value, names, refs);
  }
  return mapped;
}

/** A call's arguments as the chat's tool takes them: every `ref` is its `index` again. */
function chatArgs(args: unknown): unknown {
  if (Array.isArray(args)) return args.map(chatArgs);
  if (!isObject(args)) return args;
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key === REF ? INDEX : key, chatArgs(value)]));
}

/** Whether a call names an element by reference anywhere in its arguments. */
function usesRefs(args: unknown, refs: ReadonlySet<string>): boolean {
  if (Array.isArray(args)) return args.some((each) => usesRefs(each, refs));
  if (!isObject(args)) return false;
  return Object.entries(args).some(([key, value]) => (refs.has(key) && value !== undefined) || usesRefs(value, refs));
}

/** What each surface's tool hands back. */
const PART = objectSchema({ url: STRING, tabId: INTEGER, decision: STRING, content: STRING });
const OUTPUTS: Record<PageActionInfo['surface'], Record<string, unknown>> = {
  'page.read': objectSchema({ url: STRING, tabId: INTEGER, decision: STRING, snapshot: STRING }),
  'page.readListing': PART,
  'page.getContent': PART,
  'page.act': objectSchema({ url: STRING, decision: STRING, result: STRING }),
};

/** Runs the chat's tool through its ABP surface on the working tab, named by its id in Bosun. */
async function runAction(
  action: PageActionInfo,
  args: Record<string, unknown>,
  byRef: boolean,
  browser: LiveBrowser,
  call: CallInfo,
): Promise<ToolOutput> {
  const { url, tabId: known, snapshot: shown } = await workingTab(browser);
  // A reference means nothing without a snapshot of the page the tab shows: this says to take one.
  const snapshot = byRef || action.surface === 'page.readListing' ? await currentSnapshot(browser) : shown;
  // The tab by its id, never by its address, which another tab may show too; only a document without
  // Bosun's content script (Firefox's PDF viewer), which cannot say its id, is named by its address.
  const where = known !== null ? { tabId: known } : snapshot ? { tabId: snapshot.tabId } : { url };
  const abp = await browser.abp();
  const params = action.surface === 'page.act' ? { ...where, action: action.tool, args } : { ...where, ...args };
  const response = await abp.call(action.surface, params, call);
  if (!response.success) throw abpError(action.surface, response);
  const data = response.data as { tabId: number; decision: string; content: string; result: string };
  const tabId = known ?? data.tabId;
  switch (action.surface) {
    case 'page.read':
      rememberSnapshot(browser, { url, tabId });
      return {
        summary: `Snapshot of ${url}`,
        data: { url, tabId, decision: data.decision, snapshot: data.content },
        body: 'snapshot',
      };
    case 'page.act':
      return { summary: data.result, data: { url, decision: data.decision, result: data.result } };
    default:
      return {
        summary: `${action.bridge.title}: ${url}`,
        data: { url, tabId, decision: data.decision, content: data.content },
        body: 'content',
      };
  }
}

/** The bridge's tool for one page action of the catalogue. */
function pageActionTool(action: PageActionInfo, names: ReadonlyMap<string, string>): BridgeTool {
  const refs = new Set<string>();
  const { $schema: _dialect, ...schema } = bridgeSchema(action.inputSchema, names, refs) as Schema;
  // What the declaration does not name is refused here, before anything runs.
  const inputSchema = { ...schema, type: 'object', additionalProperties: false };
  const properties = schema.properties as Schema | undefined;
  const check = fromJsonSchema(inputSchema as JsonSchemaType)['~standard'];
  const level = `Through Bosun's permission policy, judged as the chat's ${action.tool} is (${action.level}).`;
  return {
    name: action.bridge.name,
    title: action.bridge.title,
    description: `${bridgeWords(action.description, names)} ${level}`,
    annotations: action.annotations,
    inputSchema,
    outputSchema: OUTPUTS[action.surface],
    validate(args) {
      const unknown = Object.keys(args ?? {}).filter((key) => !(key in (properties ?? {})));
      if (unknown.length > 0)
        return {
          ok: false,
          message: `${unknown.join(', ')}: not a parameter of ${action.bridge.name}, which takes ${Object.keys(properties ?? {}).join(', ')}`,
        };
      const result = check.validate(args ?? {});
      if (result instanceof Promise) throw new Error('JSON Schema validation is synchronous');
      if (result.issues) return { ok: false, message: result.issues.map((issue) => issue.message).join('; ') };
      const given = result.value as Schema;
      // A call names its element one way: a reference or a selector.
      if (given[REF] !== undefined && given.selector !== undefined)
        return { ok: false, message: 'give either ref (from browser_snapshot) or selector' };
      return { ok: true, args: given };
    },
    run: (args, browser, call) =>
      runAction(action, chatArgs(args) as Record<string, unknown>, usesRefs(args, refs), browser, call),
  };
}

/** The chat's tool names and their bridge tools' names, for the words the descriptions share. */
const bridgeNames = (actions: readonly PageActionInfo[]) =>
  new Map(actions.map((action) => [action.tool, action.bridge.name]));

/** One tool per page action the catalogue offers on the bridge. */
export const pageActionTools = (actions: readonly PageActionInfo[]): BridgeTool[] =>
  actions.map((action) => pageActionTool(action, bridgeNames(actions)));
