import * as v from 'valibot';
import { PAGE_CACHE_LIMITS } from '../storage/page-cache';
import { here } from './targets';
import { defineTool, type ToolContext } from './types';
import { untrusted } from './untrusted';
import { READS_BROWSER } from './annotations';

/**
 * The snapshot each call was judged on, by its arguments object (the gate hands the same object to
 * target and run): a page cached while the person was being asked is not the one they allowed.
 */
const judged = new WeakMap<object, string>();

const sameOrigin = (a: string, b: string) =>
  URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin;

/** The page asked for, or the newest page this task or its conversation read: never another task's by default. */
async function recalled(url: string | undefined, ctx: ToolContext) {
  if (url !== undefined) return ctx.pages.get(url);
  const newest = (await ctx.pages.recent(PAGE_CACHE_LIMITS.count)).find((page) => ctx.readings.has(page.url));
  return newest ? ctx.pages.get(newest.url) : null;
}

export const getCachedSnapshot = defineTool({
  name: 'get_cached_snapshot',
  description:
    'Recall a page read earlier in this conversation (by URL, or the most recent), and the last product seen, without visiting it again.',
  level: 'read-only',
  annotations: READS_BROWSER,
  params: v.object({ url: v.optional(v.pipe(v.string(), v.maxLength(8192))) }),
  // Recalling a page is a read of the site it came from, whichever tab the task is on: that site's
  // policy decides (a blocked site's page is not given, "ask" asks). A page another task read (the
  // person's webmail, read for another request) is not this task's to carry anywhere: it asks.
  target: async (args, ctx) => {
    const page = await recalled(args.url, ctx);
    if (!page) return here(args, ctx);
    judged.set(args, page.url);
    const { origin, host } = new URL(page.url);
    return {
      url: page.url,
      summary: `recall the reading of ${origin} made earlier`,
      ...(ctx.readings.has(page.url) ? {} : { outsideTask: { kind: 'recall' as const, site: host } }),
    };
  },
  async run(args, ctx) {
    const url = judged.get(args);
    const page = url === undefined ? null : await ctx.pages.get(url);
    // Allowed (by the person, where it was another task's): from now on this conversation has read it.
    if (page) ctx.readings.add(page.url);
    const last = await ctx.pages.lastProduct();
    // The product came from some page too: given only with its own page, or from a page this task
    // read on a site that may be read.
    const product =
      last &&
      ((page && sameOrigin(last.url, page.url)) ||
        (ctx.readings.has(last.url) && (await ctx.readAccess(last.url)) === 'allowed'))
        ? last
        : null;
    if (!page && !product)
      return {
        success: false,
        text: args.url ? `No recent reading of ${args.url}.` : 'No page has been read recently in this conversation.',
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
