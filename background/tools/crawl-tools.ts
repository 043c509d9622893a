import * as v from 'valibot';
import { countsInWords, crawlCounts } from '../library/crawl-counts';
import type { CrawlSettings } from '../storage/db';
import { CrawlRefused } from '../crawl/crawl-refused';
import { sendsUrl } from './targets';
import { defineTool, type ToolContext } from './types';
import { untrusted } from './untrusted';
import { CHANGES_PAGE } from './annotations';

/** A small crawl by default: the chat waits for it, and the person asked for a site, not the web. */
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;
/** How long the chat waits for the crawl before answering with where to follow it. */
export const CRAWL_WAIT_MS = 90_000;
const POLL_MS = 500;

const CRAWL_SETTINGS: Omit<CrawlSettings, 'pageLimit'> = {
  maxWorkers: 3,
  strictPathMatching: true,
  followExternalLinks: false,
  maxExternalHops: 1,
  waitForSelectors: [],
};

const StartUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(8192),
  v.check((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL'),
);

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Waits while the crawl runs, up to the bound or until the task is stopped; true when it finished. */
async function finished(jobId: string, ctx: ToolContext, deadline: number): Promise<boolean> {
  while (!ctx.signal.aborted && Date.now() < deadline) {
    if (!(await ctx.crawl.crawler.status(jobId))?.active) return true;
    await pause(POLL_MS, ctx.signal);
  }
  return false;
}

export const crawlSite = defineTool({
  name: 'crawl_site',
  description: `Crawl a website into the Library: Bosun visits pages under the start URL in background tabs (sitemap, then links within its path) and stores each as markdown. pageLimit defaults to ${DEFAULT_PAGE_LIMIT} (at most ${MAX_PAGE_LIMIT}). Waits for the crawl to finish (up to ${CRAWL_WAIT_MS / 1000} s) and lists what it stored. One crawl runs at a time.`,
  level: 'navigate',
  annotations: CHANGES_PAGE,
  params: v.object({
    url: StartUrl,
    pageLimit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_LIMIT))),
  }),
  target: async (args) => ({
    url: args.url,
    summary: `crawl up to ${args.pageLimit ?? DEFAULT_PAGE_LIMIT} pages of ${args.url} in background tabs`,
  }),
  sends: (args) => sendsUrl(args.url),
  async run(args, ctx) {
    let jobId: string;
    try {
      jobId = (
        await ctx.crawl.crawler.start([args.url], {
          ...CRAWL_SETTINGS,
          pageLimit: args.pageLimit ?? DEFAULT_PAGE_LIMIT,
        })
      ).id;
    } catch (error) {
      if (!(error instanceof CrawlRefused)) throw error;
      return {
        success: false,
        text: 'Another crawl is running; only one runs at a time. Wait for it to finish (the Library view shows its progress) and try again.',
      };
    }
    const where = `Crawl job ${jobId}: the person can follow it, search its pages and export them in the Library view.`;
    if (!(await finished(jobId, ctx, Date.now() + CRAWL_WAIT_MS))) {
      return { success: true, text: `${where} It is still running; it goes on in the background.` };
    }
    const job = await ctx.crawl.library.getJob(jobId);
    const pages = await ctx.crawl.library.listPages(jobId);
    const titles = pages.map((page) => `- ${page.title || page.url} (${page.url})`).join('\n');
    // The counts the Library view shows for this job (read, stored, failed), in words.
    const counts = countsInWords(crawlCounts(job ?? { pagesProcessed: 0, pagesFailed: 0 }, pages.length));
    return {
      success: true,
      text: `${where} It ended ${job?.status ?? 'unknown'}: ${counts}.${pages.length ? `\n${untrusted(titles)}` : ''}`,
    };
  },
});

export const CRAWL_TOOLS = [crawlSite];
