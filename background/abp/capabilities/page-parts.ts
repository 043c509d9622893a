import * as v from 'valibot';
import type { GateResult } from '../../permissions/gate';
import { readListing } from '../../tools/listing-tools';
import { getPageContent } from '../../tools/page-tools';
import { defineCapability, READS_SITES, type CallContext, type Capability } from '../capability';
import { HttpUrl, TabId } from '../params';

/** Runs one of Bosun's tools on a tab through the gate, as page.read does (so with its snapshots). */
type RunTool = (name: string, args: unknown, tabId: number, call: CallContext) => Promise<GateResult>;
type ResolveTab = (params: { tabId?: number; url?: string }) => Promise<number>;

const Index = v.pipe(v.number(), v.integer(), v.minValue(1));
const oneTab = <T extends { tabId?: number; url?: string }>() =>
  v.check<T, string>((p) => (p.tabId === undefined) !== (p.url === undefined), 'give either tabId or url');

/**
 * The rest of what page.read cuts on a long page: its listing's markers name the chat's
 * read_listing and get_page_content, and these run those very tools (at the read level, on the
 * indices of the tab's last page.read), so an ABP client can follow them.
 */
export function pagePartCapabilities(run: RunTool, resolveTab: ResolveTab): Capability[] {
  const read = async (name: string, { tabId, url, ...args }: { tabId?: number; url?: string }, call: CallContext) => {
    const id = await resolveTab({ ...(tabId !== undefined ? { tabId } : {}), ...(url !== undefined ? { url } : {}) });
    const result = await run(name, args, id, call);
    return { tabId: id, site: result.site, decision: result.decision, content: result.text };
  };
  return [
    defineCapability({
      name: 'page.readListing',
      annotations: READS_SITES,
      description:
        'Another part of the element listing of the last page.read of a tab (by tabId, or the tab showing url), when it said "more elements not listed: read_listing with from=N": from an index (from), around one (around), or after a heading of the page (heading). The indices stay those of that page.read, for page.act. At the read level, like page.read.',
      params: v.pipe(
        v.strictObject({
          tabId: v.optional(TabId),
          url: v.optional(HttpUrl),
          from: v.optional(Index),
          around: v.optional(Index),
          heading: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
        }),
        oneTab(),
      ),
      handle: (params, call) => read(readListing.name, params, call),
    }),
    defineCapability({
      name: 'page.getContent',
      annotations: READS_SITES,
      description:
        'Part of an open tab (by tabId, or the tab showing url): its text, html, title, url or links, optionally only inside an element (index from the last page.read) or a CSS selector. With an index and type "text": the whole value of a field the listing cut ("more characters: get_page_content with this index"). At the read level, like page.read.',
      params: v.pipe(
        v.strictObject({
          tabId: v.optional(TabId),
          url: v.optional(HttpUrl),
          type: v.picklist(['text', 'html', 'title', 'url', 'links']),
          index: v.optional(Index),
          selector: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(1000))),
        }),
        oneTab(),
      ),
      handle: (params, call) => read(getPageContent.name, params, call),
    }),
  ];
}
