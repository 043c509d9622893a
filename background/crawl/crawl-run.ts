import { linkHops } from './scope';
import { canonicalUrl } from '../storage/canonical-url';
import type { CrawlLibrary } from '../storage/crawl-library';
import type { CrawlFrontier, CrawlJob } from '../storage/db';
import { describeFailure } from '../storage/storage-errors';
import {
  createCrawlState,
  enqueue,
  finishPage,
  pageFinished,
  persist,
  recordError,
  type Admit,
  type CrawlItem,
  type CrawlState,
} from './crawl-state';
import { readPage, workerTab, type WorkerTab } from './crawl-page';
import { createPageReader } from './page-reader';
import { discoverSitemapPages } from './sitemap-discovery';

export type { Admit } from './crawl-state';

const IDLE_POLL_MS = 100;

export interface CrawlProgress {
  pagesProcessed: number;
  pagesFound: number;
  queueSize: number;
  inProgress: string[];
}

/**
 * One crawl of a job: `maxWorkers` workers take pages from a shared queue, read each from its
 * fetched HTML (or, when only a rendered page shows its content, in a background tab the worker
 * holds), store what they extract, and queue the links in scope. The job and the frontier
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
  const state = createCrawlState(job, frontier, library, admit, createPageReader());
  const done = runCrawl(state, discoverSitemap);
  return {
    jobId: job.id,
    done,
    progress: (): CrawlProgress => ({
      pagesProcessed: state.processed,
      pagesFound: state.seen.size,
      queueSize: state.queue.length,
      inProgress: [...state.inProgress.keys()],
    }),
    /** Stops the workers (pages in flight are abandoned and stay queued) and waits until their tabs are closed. */
    async cancel(): Promise<void> {
      state.abort.abort(new DOMException('The crawl was cancelled.', 'AbortError'));
      await done;
    },
  };
}
export type CrawlRun = ReturnType<typeof startCrawlRun>;

/** Reads one page, stores it, and queues its links in scope. */
async function crawlPage(state: CrawlState, tab: WorkerTab, item: CrawlItem): Promise<void> {
  const { job, settings, library } = state;
  const page = await readPage(state, tab, item);
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
  state.seen.add(canonicalUrl(page.url, page.canonical ?? undefined));
  for (const link of page.links) {
    const hops = linkHops(link, item.hops, job.baseUrls, settings);
    if (hops !== null) enqueue(state, link, hops);
  }
}

/** One worker: takes pages from the shared queue until the crawl is over, the limit is reached, or it is cancelled. */
async function worker(state: CrawlState): Promise<void> {
  const { abort, queue, inProgress, settings } = state;
  const tab = workerTab(abort);
  try {
    while (!abort.signal.aborted && state.processed + state.failed + inProgress.size < settings.pageLimit) {
      const item = queue.shift();
      if (!item) {
        // Other workers may still find links; the crawl is over when nothing is queued or in flight.
        if (inProgress.size === 0) return;
        await pageFinished(state, IDLE_POLL_MS);
        continue;
      }
      await crawlItem(state, tab, item);
    }
  } finally {
    await tab.close();
  }
}

/** Fetches one page and counts it processed or failed; a page a cancel interrupted goes back to the queue. */
async function crawlItem(state: CrawlState, tab: WorkerTab, item: CrawlItem): Promise<void> {
  state.inProgress.set(item.url, item);
  try {
    await crawlPage(state, tab, item);
    state.processed += 1;
  } catch (error) {
    if (state.abort.signal.aborted) {
      state.queue.unshift(item);
    } else {
      state.failed += 1;
      recordError(state, item.url, describeFailure(error));
    }
  } finally {
    finishPage(state, item.url);
    await persist(state);
  }
}

/** The crawl from start to end: the sitemap's pages queued, the workers run, and the job's final status. */
async function runCrawl(state: CrawlState, discoverSitemap: boolean): Promise<void> {
  const { job, library, settings, abort } = state;
  await library.updateJob(job.id, { status: 'in_progress' });
  if (discoverSitemap) {
    for (const url of await discoverSitemapPages(job.baseUrls, abort.signal))
      if (linkHops(url, 0, job.baseUrls, settings) === 0) enqueue(state, url, 0);
  }
  await persist(state);
  const results = await Promise.allSettled(Array.from({ length: settings.maxWorkers }, () => worker(state)));
  await state.reader.close();
  const broken = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (broken) recordError(state, job.baseUrl, `A crawl worker stopped: ${String(broken.reason)}`);
  await persist(state);
  const status = abort.signal.aborted
    ? 'cancelled'
    : state.processed === 0 && (state.failed > 0 || broken)
      ? 'failed'
      : 'completed';
  await library.updateJob(job.id, { status });
}
