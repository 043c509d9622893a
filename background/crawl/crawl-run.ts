import { linkHops } from '../../src/crawl/scope';
import { canonicalUrl } from '../../src/storage/canonical-url';
import type { CrawlLibrary } from '../../src/storage/crawl-library';
import type { CrawlFrontier, CrawlJob, CrawlSettings } from '../../src/storage/db';
import { describeFailure } from '../../src/storage/storage-errors';
import { browser } from '../../src/platform/browser';
import { extractPage, loadInTab, waitForSelectors } from '../library/page-tabs';
import { settled } from '../tabs/navigation';
import { crawlTabs } from './crawl-tabs';
import { discoverSitemapPages } from './sitemap-discovery';

/** The newest errors a job keeps: enough to see what went wrong, bounded for a site of broken links. */
const KEEP_ERRORS = 100;
const IDLE_POLL_MS = 100;

type Item = CrawlFrontier['queue'][number];

/**
 * Whether the crawl may read a page of another site than its start sites (an external link, a
 * redirect): throws, saying why, when that site's policy refuses. Start sites were admitted by
 * whoever started the crawl.
 */
export type Admit = (url: string, signal: AbortSignal) => Promise<void>;

export interface CrawlProgress {
  pagesProcessed: number;
  pagesFound: number;
  queueSize: number;
  inProgress: string[];
}

/**
 * One crawl of a job: `maxWorkers` workers, each holding one background tab, take pages from a
 * shared queue, store what they extract, and queue the links in scope. The job and the frontier
 * are saved after every page, so a stopped background loses at most the pages in flight, and
 * those are saved as still queued.
 */
export function startCrawlRun(
  job: CrawlJob,
  frontier: CrawlFrontier,
  library: CrawlLibrary,
  discoverSitemap: boolean,
  admit: Admit,
) {
  const settings: CrawlSettings = frontier.settings;
  const abort = new AbortController();
  const queue: Item[] = [...frontier.queue];
  const seen = new Set(frontier.seen);
  const inProgress = new Map<string, Item>();
  let processed = job.pagesProcessed;
  let failed = job.pagesFailed;
  let errors = [...job.errors];

  const enqueue = (url: string, hops: number) => {
    const canonical = canonicalUrl(url);
    if (seen.has(canonical)) return;
    seen.add(canonical);
    queue.push({ url: canonical, hops });
  };

  async function persist(): Promise<void> {
    await library.updateJob(job.id, { pagesFound: seen.size, pagesProcessed: processed, pagesFailed: failed, errors });
    // Pages in flight are saved as queued: if the background stops now, a resume fetches them again.
    await library.saveFrontier({ jobId: job.id, queue: [...inProgress.values(), ...queue], seen: [...seen], settings });
  }

  async function fetchPage(show: (url: string) => Promise<number>, item: Item): Promise<void> {
    // Checked between the steps: a tab that stopped loading because of a cancel still shows the
    // previous page, which must not be stored under this page's address.
    const { signal } = abort;
    await admit(item.url, signal);
    const tabId = await show(item.url);
    signal.throwIfAborted();
    // A redirect may have taken the tab to another site: that site's policy decides before it is read.
    const landed = (await browser.tabs.get(tabId)).url;
    if (landed && landed !== item.url) await admit(landed, signal);
    if (settings.waitForSelectors.length > 0) await waitForSelectors(tabId, settings.waitForSelectors, signal);
    const page = await extractPage(tabId, signal);
    signal.throwIfAborted();
    await library.savePage(job.id, {
      url: page.url,
      title: page.title,
      content: page.text,
      html: page.html,
      markdown: page.markdown,
      // The reader does not measure how sure it is; convert.toFormat falls back only when there is no markdown.
      markdownMeta: null,
      metadata: page.metadata,
      status: 'completed',
      ...(page.canonical ? { declaredCanonical: page.canonical } : {}),
    });
    // A redirect or a declared canonical URL makes another address this page's: it is not fetched again.
    seen.add(canonicalUrl(page.url, page.canonical ?? undefined));
    for (const link of page.links) {
      const hops = linkHops(link, item.hops, job.baseUrls, settings);
      if (hops !== null) enqueue(link, hops);
    }
  }

  async function worker(): Promise<void> {
    // The worker's one tab, opened on its first page and navigated from page to page.
    let tabId: number | undefined;
    const show = async (url: string): Promise<number> => {
      if (tabId !== undefined) {
        await loadInTab(tabId, url, abort.signal);
        return tabId;
      }
      tabId = await crawlTabs.open(url);
      await settled(tabId, abort.signal);
      return tabId;
    };
    try {
      while (!abort.signal.aborted && processed + failed + inProgress.size < settings.pageLimit) {
        const item = queue.shift();
        if (!item) {
          // Other workers may still find links; the crawl is over when nothing is queued or in flight.
          if (inProgress.size === 0) return;
          await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
          continue;
        }
        inProgress.set(item.url, item);
        try {
          await fetchPage(show, item);
          processed += 1;
        } catch (error) {
          if (abort.signal.aborted) {
            queue.unshift(item);
          } else {
            failed += 1;
            errors = [...errors, { url: item.url, message: describeFailure(error), at: Date.now() }].slice(
              -KEEP_ERRORS,
            );
          }
        } finally {
          inProgress.delete(item.url);
          await persist();
        }
      }
    } finally {
      if (tabId !== undefined) await crawlTabs.close(tabId);
    }
  }

  const done = (async () => {
    await library.updateJob(job.id, { status: 'in_progress' });
    if (discoverSitemap) {
      for (const url of await discoverSitemapPages(job.baseUrls, abort.signal))
        if (linkHops(url, 0, job.baseUrls, settings) === 0) enqueue(url, 0);
    }
    await persist();
    const results = await Promise.allSettled(Array.from({ length: settings.maxWorkers }, worker));
    const broken = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (broken)
      errors = [
        ...errors,
        { url: job.baseUrl, message: `A crawl worker stopped: ${String(broken.reason)}`, at: Date.now() },
      ].slice(-KEEP_ERRORS);
    await persist();
    const status = abort.signal.aborted
      ? 'cancelled'
      : processed === 0 && (failed > 0 || broken)
        ? 'failed'
        : 'completed';
    await library.updateJob(job.id, { status });
  })();

  return {
    jobId: job.id,
    done,
    progress: (): CrawlProgress => ({
      pagesProcessed: processed,
      pagesFound: seen.size,
      queueSize: queue.length,
      inProgress: [...inProgress.keys()],
    }),
    /** Stops the workers (pages in flight are abandoned and stay queued) and waits until their tabs are closed. */
    async cancel(): Promise<void> {
      abort.abort(new DOMException('The crawl was cancelled.', 'AbortError'));
      await done;
    },
  };
}
export type CrawlRun = ReturnType<typeof startCrawlRun>;
