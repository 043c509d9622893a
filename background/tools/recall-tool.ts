import * as v from 'valibot';
import { here } from './targets';
import { defineTool } from './types';
import { untrusted } from './untrusted';
import { READS_BROWSER } from './annotations';

/**
 * The snapshot each call was judged on, by its arguments object (the gate hands the same object to
 * target and run): a page cached while the person was being asked is not the one they allowed.
 */
const judged = new WeakMap<object, string>();

const sameOrigin = (a: string, b: string) =>
  URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin;

export const getCachedSnapshot = defineTool({
  name: 'get_cached_snapshot',
  description:
    'Recall a page read earlier in this session (by URL, or the most recent), and the last product seen, without visiting it again.',
  level: 'read-only',
  annotations: READS_BROWSER,
  params: v.object({ url: v.optional(v.pipe(v.string(), v.maxLength(8192))) }),
  // Recalling a page is a read of the site it came from, whichever tab the task is on: that site's
  // policy decides (a blocked site's page is not given, "ask" asks).
  target: async (args, ctx) => {
    const page = await ctx.pages.get(args.url);
    if (!page) return here(args, ctx);
    judged.set(args, page.url);
    return { url: page.url, summary: `recall the reading of ${new URL(page.url).origin} made earlier` };
  },
  async run(args, ctx) {
    const url = judged.get(args);
    const page = url === undefined ? null : await ctx.pages.get(url);
    const last = await ctx.pages.lastProduct();
    // The product came from some page too: given only with its own page, or where its site may be read.
    const product =
      last && ((page && sameOrigin(last.url, page.url)) || (await ctx.readAccess(last.url)) === 'allowed')
        ? last
        : null;
    if (!page && !product)
      return {
        success: false,
        text: args.url ? `No recent reading of ${args.url}.` : 'No page has been read recently.',
      };
    const parts = [
      page && {
        url: page.url,
        text: `Page read at ${new Date(page.timestamp).toISOString()} (${page.url}):\n${untrusted(`Title: ${page.title}\n${page.markdown}`)}`,
      },
      // Product data comes from the page's markup, so it is marked as page content too.
      product && { url: product.url, text: `Last product seen:\n${untrusted(JSON.stringify(product))}` },
    ].filter((part) => !!part);
    // Each part is a reading of the site it came from, for the data-flow rule.
    return { success: true, text: parts.map((p) => p.text).join('\n\n'), readings: parts };
  },
});
