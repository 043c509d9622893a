import type * as v from 'valibot';
import { TOOLS } from '../tools/registry';
import type { Tool } from '../tools/types';

/** The tools ABP offers on one of its page surfaces, as the tools declare it. */
export const toolsOfferedAs = (surface: NonNullable<Tool['abp']>): Tool[] =>
  [...TOOLS.values()].filter((tool) => tool.abp === surface);

/** The one tool ABP offers as its own capability (page.read, page.readListing, page.getContent). */
export function toolOfferedAs(surface: NonNullable<Tool['abp']>): Tool {
  const [tool, ...more] = toolsOfferedAs(surface);
  if (!tool || more.length > 0) throw new Error(`${surface} must be offered by exactly one tool.`);
  return tool;
}

/**
 * A tool's own parameters (the entries of its object schema), for a capability that adds where to
 * act (tabId or url): the capability's schema then cannot differ from the tool's.
 */
export function toolEntries(tool: Tool): v.ObjectEntries {
  const entries = (tool.params as { entries?: v.ObjectEntries }).entries;
  if (!entries) throw new Error(`${tool.name}'s params are not an object.`);
  return entries;
}

/** The checks a tool's schema makes on its arguments as a whole (its pipe after the object), for the same capability. */
export function toolRules(tool: Tool): readonly unknown[] {
  return ((tool.params as { pipe?: readonly unknown[] }).pipe ?? []).slice(1);
}
