import * as v from 'valibot';
import { describeIssues } from '../../src/messaging/router';
import { toolSpec } from '../llm/tool-spec';
import type { ToolSpec } from '../llm/types';
import { CRAWL_TOOLS } from './crawl-tools';
import { acceptDialog } from './dialog-tool';
import { askPerson } from './hand-over-tool';
import { INPUT_TOOLS } from './input-tools';
import { searchLibrary } from './library-tool';
import { LISTING_TOOLS } from './listing-tools';
import { markElement } from './mark-tool';
import { PAGE_DECLARED_TOOLS } from './page-declared-tools';
import { PAGE_TOOLS } from './page-tools';
import { readPdfTool } from './pdf-tool';
import { getCachedSnapshot } from './recall-tool';
import { takeScreenshot } from './screenshot-tool';
import { searchWeb } from './search-tool';
import { isAvailable, TAB_GROUP_TOOLS } from './tab-group-tools';
import { TAB_TOOLS } from './tab-tools';
import type { Tool } from './types';

/** Every tool Bosun has, by name. Each declares its permission level; the gate is the only caller of `run`. */
export const TOOLS: ReadonlyMap<string, Tool> = new Map(
  [
    ...PAGE_TOOLS,
    ...INPUT_TOOLS,
    acceptDialog,
    ...LISTING_TOOLS,
    readPdfTool,
    ...TAB_TOOLS,
    takeScreenshot,
    searchWeb,
    getCachedSnapshot,
    ...TAB_GROUP_TOOLS,
    ...CRAWL_TOOLS,
    searchLibrary,
    markElement,
    ...PAGE_DECLARED_TOOLS,
    askPerson,
  ].map((tool) => [tool.name, tool]),
);

/** Tools for ABP clients that drive the browser themselves (the MCP bridge), not offered to the chat's model. */
const FOR_DRIVERS = new Set([markElement.name]);

let specs: readonly ToolSpec[] | undefined;

/**
 * The tools offered to the model in this browser, in the provider-neutral format. Made once: every
 * model turn sends them, and generating them from the schemas each time cost milliseconds a turn.
 */
export function toolSpecs(): readonly ToolSpec[] {
  specs ??= [...TOOLS.values()]
    .filter((tool) => isAvailable(tool.name) && !FOR_DRIVERS.has(tool.name))
    .map((tool) => toolSpec(tool.name, tool.description, tool.params));
  return specs;
}

export type ParsedCall = { ok: true; tool: Tool; args: unknown } | { ok: false; error: string };

/** A call from the model, checked like any other outside input before anything runs. */
export function parseCall(name: string, args: unknown): ParsedCall {
  const found = checkedCall(name, args);
  if (!found.ok) return found;
  const parsed = v.safeParse(found.tool.params, args);
  if (!parsed.success) return { ok: false, error: `Invalid arguments for ${name}: ${describeIssues(parsed.issues)}` };
  return { ok: true, tool: found.tool, args: parsed.output };
}

/**
 * A call whose arguments were checked against the tool's own schema where they entered the
 * background (an ABP capability whose schema holds the tool's entries): its tool, the arguments as they are.
 */
export function checkedCall(name: string, args: unknown): ParsedCall {
  const tool = TOOLS.get(name);
  if (!tool || !isAvailable(name)) return { ok: false, error: `There is no tool "${name}" in this browser.` };
  return { ok: true, tool, args };
}
