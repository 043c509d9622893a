import { canonicalUrl } from '../../src/storage/canonical-url';
import type { CrawlLibrary } from '../../src/storage/crawl-library';
import type { CrawlFrontier, CrawlJob, CrawlSettings } from '../../src/storage/db';
import type { PageReader } from './page-reader';

/** The newest errors a job keeps: enough to see what went wrong, bounded for a site of broken links. */
const KEEP_ERRORS = 100;

export type CrawlItem = CrawlFrontier['queue'][number];

/**
 * Whether the crawl may read a page of another site than its start sites (an external link, a
 * redirect): throws, saying why, when that site's policy refuses. Start sites were admitted by
 * whoever started the crawl.
 */
export type Admit = (url: string, signal: AbortSignal) => Promise<void>;

/** What one crawl of a job holds while it runs, shared by its workers. */
export interface CrawlState {
  readonly job: CrawlJob;
  readonly settings: CrawlSettings;
  readonly library: CrawlLibrary;
  readonly admit: Admit;
  /** Reads fetched HTML without a tab (see page-reader.ts). */
  readonly reader: PageReader;
  readonly abort: AbortController;
  readonly queue: CrawlItem[];
  /** Every address queued or stored, canonical: none is fetched twice. */
  readonly seen: Set<string>;
  readonly inProgress: Map<string, CrawlItem>;
  processed: number;
  failed: number;
  errors: CrawlJob['errors'];
}

/** The crawl's state, from the job and its frontier as saved (new, or left by a stopped background). */
export function createCrawlState(
  job: CrawlJob,
  frontier: CrawlFrontier,
  library: CrawlLibrary,
  admit: Admit,
  reader: PageReader,
): CrawlState {
  return {
    job,
    settings: frontier.settings,
    library,
    admit,
    reader,
    abort: new AbortController(),
    queue: [...frontier.queue],
    seen: new Set(frontier.seen),
    inProgress: new Map(),
    processed: job.pagesProcessed,
    failed: job.pagesFailed,
    errors: [...job.errors],
  };
}

/** Queues a page once, under its canonical address. */
export function enqueue(state: CrawlState, url: string, hops: number): void {
  const canonical = canonicalUrl(url);
  if (state.seen.has(canonical)) return;
  state.seen.add(canonical);
  state.queue.push({ url: canonical, hops });
}

export function recordError(state: CrawlState, url: string, message: string): void {
  state.errors = [...state.errors, { url, message, at: Date.now() }].slice(-KEEP_ERRORS);
}

export async function persist(state: CrawlState): Promise<void> {
  const { job, library, seen, inProgress, queue, settings } = state;
  // Pages in flight are saved as queued: if the background stops now, a resume fetches them again.
  await library.saveProgress(
    { pagesFound: seen.size, pagesProcessed: state.processed, pagesFailed: state.failed, errors: state.errors },
    { jobId: job.id, queue: [...inProgress.values(), ...queue], seen: [...seen], settings },
  );
}
