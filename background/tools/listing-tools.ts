import * as v from 'valibot';
import { ContentResponses } from '../../src/protocol/background-to-content';
import { askContent } from '../content-channel/content-client';
import { here } from './targets';
import { defineTool } from './types';
import { untrusted } from './untrusted';
import { READS_PAGE } from './annotations';

/** What one part of a listing may cost the model's context. */
const PART_BUDGET = 12_000;

const Index = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * read_listing: the rest of a long page's listing, in parts, with the indices of the last
 * read_page (so no re-reading of the whole page, and the indices stay valid for actions).
 */
export const readListing = defineTool({
  name: 'read_listing',
  description:
    'Read another part of the interactive-elements listing of the last read_page, when it said more elements were not listed: ' +
    'from an index (from), around an index (around), or after a heading of the page (heading). The indices are those of that read_page.',
  level: 'read-only',
  annotations: READS_PAGE,
  abp: 'page.readListing',
  bridge: { name: 'browser_read_listing', title: 'Read more of the listing' },
  params: v.pipe(
    v.object({
      from: v.optional(v.pipe(Index, v.description('The first index to list'))),
      around: v.optional(v.pipe(Index, v.description('List this index and the elements around it'))),
      heading: v.optional(
        v.pipe(
          v.string(),
          v.minLength(1),
          v.maxLength(200),
          v.description('Text of a heading: list from the first element after it'),
        ),
      ),
    }),
    v.check(
      (a) => [a.from, a.around, a.heading].filter((part) => part !== undefined).length === 1,
      'give one of from, around or heading',
    ),
  ),
  target: here,
  async run(args, ctx) {
    const snapshotId = ctx.snapshotId(ctx.tabId);
    if (!snapshotId) return { success: false, text: 'The page has not been read yet: call read_page first.' };
    const reply = await askContent(
      ctx.tabId,
      { type: 'READ_LISTING', payload: { snapshotId, maxChars: PART_BUDGET, ...args } },
      v.union([ContentResponses.LISTING, v.object({ success: v.literal(false), error: v.string() })]),
      ctx.signal,
    );
    if (!reply.success) return { success: false, text: reply.error };
    const of = reply.complete ? `of ${reply.count}` : `of at least ${reply.count}`;
    return { success: true, text: untrusted(`Elements ${reply.from}–${reply.to} ${of}:\n${reply.text}`) };
  },
});

export const LISTING_TOOLS = [readListing];
