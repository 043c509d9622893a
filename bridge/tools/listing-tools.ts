// What browser_snapshot cuts on a long page: its markers name the chat's read_listing and
// get_page_content, and these tools run them on the snapshot's tab as ABP page.readListing and
// page.getContent, judged by Bosun's gate at the read level, with the snapshot's references.
import * as v from 'valibot';
import { READS, STRING, INTEGER } from './browser-tool-parts';
import { abpError } from '../server/errors';
import { currentSnapshot, Ref } from './ref-tools';
import type { LiveBrowser } from '../server/session';
import { defineTool, objectSchema, type CallInfo } from '../server/tool';

const PART = objectSchema({ url: STRING, tabId: INTEGER, decision: STRING, content: STRING });

/** One read of the last snapshot's tab, while it still shows the snapshot's page. */
async function readPart(browser: LiveBrowser, call: CallInfo, capability: string, args: Record<string, unknown>) {
  const { url, tabId } = await currentSnapshot(browser);
  const response = await (await browser.abp()).call(capability, { tabId, ...args }, call);
  if (!response.success) throw abpError(capability, response);
  const { decision, content } = response.data as { decision: string; content: string };
  return { summary: content, data: { url, tabId, decision, content } };
}

export const browserReadListing = defineTool({
  name: 'browser_read_listing',
  title: 'Read more of the listing',
  annotations: READS,
  outputSchema: PART,
  description:
    'Another part of the element listing of the last browser_snapshot, when it said "more elements not listed: read_listing with from=N": from a reference (from), around one (around), or after a heading of the page (heading). The references stay those of that snapshot. Through Bosun\'s permission policy.',
  params: v.pipe(
    v.strictObject({
      from: v.optional(v.pipe(Ref, v.minValue(1))),
      around: v.optional(v.pipe(Ref, v.minValue(1))),
      heading: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
    }),
    v.check((a) => Object.keys(a).length === 1, 'give one of from, around or heading'),
  ),
  run: (args, browser, call) => readPart(browser, call, 'page.readListing', args),
});

export const browserGetPageContent = defineTool({
  name: 'browser_get_page_content',
  title: 'Read part of the page',
  annotations: READS,
  outputSchema: PART,
  description:
    'Part of the page of the last browser_snapshot: its text (or html, or links) inside the element a reference names. The whole value of a field the snapshot cut ("more characters: get_page_content with this index"). Through Bosun\'s permission policy.',
  params: v.strictObject({
    ref: v.pipe(Ref, v.minValue(1)),
    type: v.optional(v.picklist(['text', 'html', 'links']), 'text'),
  }),
  run: ({ ref, type }, browser, call) => readPart(browser, call, 'page.getContent', { index: ref, type }),
});

export const LISTING_TOOLS = [browserReadListing, browserGetPageContent];
