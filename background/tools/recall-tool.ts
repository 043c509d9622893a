import * as v from 'valibot';
import { here } from './targets';
import { defineTool } from './types';
import { untrusted } from './untrusted';

export const getCachedSnapshot = defineTool({
  name: 'get_cached_snapshot',
  description:
    'Recall a page read earlier in this session (by URL, or the most recent), and the last product seen, without visiting it again.',
  level: 'read-only',
  params: v.object({ url: v.optional(v.pipe(v.string(), v.maxLength(8192))) }),
  target: here,
  async run(args, ctx) {
    const page = await ctx.pages.get(args.url);
    const product = await ctx.pages.lastProduct();
    if (!page && !product)
      return {
        success: false,
        text: args.url ? `No recent reading of ${args.url}.` : 'No page has been read recently.',
      };
    const parts = [
      page
        ? `Page read at ${new Date(page.timestamp).toISOString()} (${page.url}):\n${untrusted(`Title: ${page.title}\n${page.markdown}`)}`
        : '',
      // Product data comes from the page's markup, so it is marked as page content too.
      product ? `Last product seen:\n${untrusted(JSON.stringify(product))}` : '',
    ];
    return { success: true, text: parts.filter(Boolean).join('\n\n') };
  },
});
