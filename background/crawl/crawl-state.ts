import { canonicalUrl } from '../storage/canonical-url';
import type { CrawlLibrary } from '../storage/crawl-library';
import type { CrawlFrontier, CrawlJob, CrawlSettings } from '../storage/db';
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
  /** Workers waiting for a page in flight to finish (it may queue links, or end the crawl). */
  readonly waiting: (() => void)[];
  /** The save under way, and the one that will follow it with every change made meanwhile. */
  saves: { running: Promise<void> | null; next: Promise<void> | null };
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
    waiting: [],
    saves: { running: null, next: null },
  };
}

/** Resolves when a page in flight finishes, or after `ms` at the latest. */
export function pageFinished(state: CrawlState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    state.waiting.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function finishPage(state: CrawlState, url: string): void {
  state.inProgress.delete(url);
  for (const wake of state.waiting.splice(0)) wake();
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

/**
 * Saves the job's counts and its frontier as they are now. Saves run one at a time: one asked for
 * while another runs waits for it and then saves once for every worker that asked meanwhile, so
 * more workers do not mean more IndexedDB transactions queueing on the same two records. Each
 * caller's save still starts after its change, so what it awaits holds that change.
 */
export function persist(state: CrawlState): Promise<void> {
  const { saves } = state;
  if (!saves.running) {
    saves.running = write(state).finally(() => {
      saves.running = null;
    });
    return saves.running;
  }
  saves.next ??= saves.running
    .catch(() => {})
    .then(() => {
      saves.next = null;
      return persist(state);
    });
  return saves.next;
}

async function write(state: CrawlState): Promise<void> {
  const { job, library, seen, inProgress, queue, settings } = state;
  // Pages in flight are saved as queued: if the background stops now, a resume fetches them again.
  await library.saveProgress(
    { pagesFound: seen.size, pagesProcessed: state.processed, pagesFailed: state.failed, errors: state.errors },
    { jobId: job.id, queue: [...inProgress.values(), ...queue], seen: [...seen], settings },
  );
}
