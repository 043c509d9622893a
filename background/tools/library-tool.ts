import * as v from 'valibot';
import type { RankedPage } from '../storage/crawl-library';
import { defineTool, type RunContext } from './types';
import { untrusted } from './untrusted';
import { READS_BROWSER } from './annotations';

export const DEFAULT_RESULTS = 5;
export const MAX_RESULTS = 10;

/**
 * The pages each call was judged on, by its arguments object (the gate hands the same object to
 * target and run): the gate judged the best match's site, and run gives what that judgement saw.
 */
const judged = new WeakMap<object, RankedPage[]>();

/** One result as the model reads it: a number to cite, the title, the address, a PDF's page, and the matching text. */
const resultBlock = (page: RankedPage, n: number) =>
  `[${n}] ${page.title}\nURL: ${page.url}\n${page.pdfPage ? `PDF, the match is on p. ${page.pdfPage}\n` : ''}Stored: ${new Date(page.extractedAt).toISOString()}\n${page.excerpt}`;

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : null);

/**
 * Each result is a read of its own site. The best match's site is the one the gate judged (and the
 * person may have allowed just now); another site that Bosun may not read without asking (or at
 * all) is left out, as list_tabs leaves out what such tabs show.
 */
async function readable(pages: RankedPage[], ctx: RunContext): Promise<{ shown: RankedPage[]; withheld: number }> {
  const judgedOrigin = pages[0] ? originOf(pages[0].url) : null;
  const access = await Promise.all(
    pages.map((page) =>
      judgedOrigin !== null && originOf(page.url) === judgedOrigin ? 'allowed' : ctx.readAccess(page.url),
    ),
  );
  const shown = pages.filter((_page, i) => access[i] === 'allowed');
  return { shown, withheld: pages.length - shown.length };
}

export const searchLibrary = defineTool({
  name: 'search_library',
  description: `Search the pages stored in the Library by earlier crawls (crawl_site, or pages using Bosun's protocol), without visiting any site. Returns up to ${MAX_RESULTS} best matches (default ${DEFAULT_RESULTS}), each numbered with its title, URL and the text around the match. Answer from them and cite each page you use by its title and URL (a PDF's with the page it names: "p. 3").`,
  level: 'read-only',
  annotations: READS_BROWSER,
  params: v.object({
    query: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_RESULTS))),
  }),
  // Reading stored pages is a read of the sites they came from: the best match's site is judged
  // (a blocked site's pages are not given; "ask" asks), and run checks the other results' sites.
  target: async (args, ctx) => {
    const pages = await ctx.crawl.library.rankPages(args.query, args.limit ?? DEFAULT_RESULTS);
    const [best] = pages;
    if (!best)
      return {
        url: '',
        invalid: `No page in the Library matches "${args.query}". Try other words, or crawl the site first (crawl_site).`,
      };
    judged.set(args, pages);
    return { url: best.url, summary: `search the Library for "${args.query}" (${pages.length} stored pages match)` };
  },
  async run(args, ctx) {
    const { shown, withheld } = await readable(judged.get(args) ?? [], ctx);
    const note =
      withheld > 0 ? `\n${withheld} more matches are on sites Bosun may not read without asking; not shown.` : '';
    if (shown.length === 0)
      return { success: false, text: `No stored page that may be read matches "${args.query}".${note}` };
    const blocks = shown.map((page, i) => ({ url: page.url, text: resultBlock(page, i + 1) }));
    return {
      success: true,
      text: `${shown.length} stored pages match "${args.query}" (from the Library, not fetched now). Cite the pages you use by title and URL.${note}\n${untrusted(blocks.map((b) => b.text).join('\n\n'))}`,
      // Each match is a reading of the site it was crawled from, for the data-flow rule.
      readings: blocks,
      storedPages: shown.map(({ id, url, title }) => ({ id, url, title })),
    };
  },
});
