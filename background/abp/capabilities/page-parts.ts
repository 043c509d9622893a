import * as v from 'valibot';
import type { GateResult } from '../../permissions/gate';
import type { Tool } from '../../tools/types';
import { defineCapability, READS_SITES, type CallContext, type Capability } from '../capability';
import { HttpUrl, TabId } from '../params';
import { toolEntries, toolOfferedAs, toolRules } from '../tool-params';

/**
 * Runs one of Bosun's tools on a tab through the gate, as page.read does (so with its snapshots);
 * `argsChecked`: the capability's schema (tabAndArgs) checked them already, the tool's whole schema.
 */
type RunTool = (
  name: string,
  args: unknown,
  tabId: number,
  call: CallContext,
  argsChecked: boolean,
) => Promise<GateResult>;
type ResolveTab = (params: { tabId?: number; url?: string }) => Promise<number>;

const readListing = toolOfferedAs('page.readListing');
const getPageContent = toolOfferedAs('page.getContent');

/**
 * A capability's params: the tab (by tabId, or the tab showing url) and the tool's own arguments,
 * from the tool's schema, so they cannot differ from what the chat's model may give: its entries and
 * its cross-field rules, so that this one check at the background's door is the only one (the gate
 * takes the arguments as checked).
 */
export function tabAndArgs(tool: Tool) {
  const object = v.strictObject({ tabId: v.optional(TabId), url: v.optional(HttpUrl), ...toolEntries(tool) });
  const oneTab = v.check<v.InferOutput<typeof object>, string>(
    (p) => (p.tabId === undefined) !== (p.url === undefined),
    'give either tabId or url',
  );
  // pipe's typed overloads take no spread: typed as the object and its tab rule, the tool's rules run after them.
  const pipe = v.pipe as (...items: unknown[]) => unknown;
  return pipe(object, oneTab, ...toolRules(tool)) as v.SchemaWithPipe<readonly [typeof object, typeof oneTab]>;
}

/**
 * The rest of what page.read cuts on a long page: its listing's markers name the chat's
 * read_listing and get_page_content, and these run those very tools (at the read level, on the
 * indices of the tab's last page.read), so an ABP client can follow them.
 */
export function pagePartCapabilities(run: RunTool, resolveTab: ResolveTab): Capability[] {
  const read = async (name: string, { tabId, url, ...args }: { tabId?: number; url?: string }, call: CallContext) => {
    const id = await resolveTab({ ...(tabId !== undefined ? { tabId } : {}), ...(url !== undefined ? { url } : {}) });
    const result = await run(name, args, id, call, true);
    return { tabId: id, site: result.site, decision: result.decision, content: result.text };
  };
  return [
    defineCapability({
      name: 'page.readListing',
      annotations: READS_SITES,
      description:
        'Another part of the element listing of the last page.read of a tab (by tabId, or the tab showing url), when it said "more elements not listed: read_listing with from=N": from an index (from), around one (around), or after a heading of the page (heading). The indices stay those of that page.read, for page.act. At the read level, like page.read.',
      params: tabAndArgs(readListing),
      handle: (params, call) => read(readListing.name, params, call),
    }),
    defineCapability({
      name: 'page.getContent',
      annotations: READS_SITES,
      description:
        'Part of an open tab (by tabId, or the tab showing url): its text, html, title, url or links, optionally only inside an element (index from the last page.read) or a CSS selector. With an index and type "text": the whole value of a field the listing cut ("more characters: get_page_content with this index"). A long text or html is cut with a marker naming the "from" to read on with. At the read level, like page.read.',
      params: tabAndArgs(getPageContent),
      handle: (params, call) => read(getPageContent.name, params, call),
    }),
  ];
}
