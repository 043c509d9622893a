import { canonicalUrl } from '../storage/canonical-url';
import type { CrawlLibrary } from '../storage/crawl-library';
import type { CrawlFrontier, CrawlJob, CrawlSettings } from '../storage/db';
import { startCrawlRun, type Admit, type CrawlRun } from './crawl-run';
import { CrawlRefused } from './crawl-refused';
import { crawlTabs } from './crawl-tabs';
import { closeLeftoverDocument } from './offscreen-document';
import type { ScopeHolder } from '../permissions/scope-check';

/** The start addresses of a saved job (older jobs kept only `baseUrl`). */
export const jobUrls = (job: { baseUrl: string; baseUrls?: string[] }): string[] =>
  (job.baseUrls && job.baseUrls.length > 0 ? job.baseUrls : [job.baseUrl]).filter((url) => URL.canParse(url));

/**
 * Who started or resumed a crawl, where an ABP client did: the other sites its crawl reaches are put
 * to the gate in the client's name, under its runs (its grants, and the readings the data-flow rule
 * checks) and the task it stated, as its own calls are.
 */
export interface CrawlCaller {
  runId: string;
  flowRun: string;
  requester: string;
  scope?: ScopeHolder;
}

/**
 * Asks the permission gate whether a crawl job may read a site; null when it may, otherwise why
 * not (already in the Action Log).
 */
export type SiteCheck = (
  url: string,
  jobId: string,
  signal: AbortSignal,
  caller?: CrawlCaller,
) => Promise<string | null>;

/**
 * Each site outside the job's start sites is put to `check` once per run (workers share the
 * answer, so a question is asked once); a refusal fails every page of that site.
 */
function admissionFor(job: CrawlJob, check: SiteCheck, caller: CrawlCaller | undefined): Admit {
  const starts = new Set(job.baseUrls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin));
  const verdicts = new Map<string, Promise<string | null>>();
  return async (url, signal) => {
    const { origin } = new URL(url);
    if (starts.has(origin)) return;
    let verdict = verdicts.get(origin);
    if (!verdict) {
      verdict = check(url, job.id, signal, caller);
      verdicts.set(origin, verdict);
    }
    const refused = await verdict;
    if (refused !== null) throw new CrawlRefused(`Not read: ${origin} is not allowed (${refused}).`);
  };
}

/** A job's progress: live from its run while it runs (`current`), else as saved; null for an unknown job. */
async function crawlStatus(library: CrawlLibrary, current: () => CrawlRun | null, jobId: string) {
  const job = await library.getJob(jobId);
  if (!job) return null;
  const active = current();
  const live = active?.jobId === jobId ? active.progress() : null;
  const saved = live ? null : await library.getFrontier(jobId);
  return {
    active: live !== null,
    jobId,
    pagesProcessed: live?.pagesProcessed ?? job.pagesProcessed,
    pagesFound: live?.pagesFound ?? job.pagesFound,
    queueSize: live?.queueSize ?? saved?.queue.length ?? 0,
    inProgress: live?.inProgress ?? [],
    job,
  };
}

/**
 * The one crawl that may run at a time (its tabs are the person's browser's), and what is
 * known of the others: started, polled, cancelled, resumed from the saved frontier. Pages of
 * other sites than the start sites are read only if `check` admits their site.
 */
export function createCrawler(library: CrawlLibrary, holdAlive: <T>(work: Promise<T>) => Promise<T>, check: SiteCheck) {
  let active: CrawlRun | null = null;

  function launch(job: CrawlJob, frontier: CrawlFrontier, discoverSitemap: boolean, caller?: CrawlCaller): void {
    const run = startCrawlRun(job, frontier, library, discoverSitemap, admissionFor(job, check, caller));
    active = run;
    void holdAlive(run.done).finally(() => {
      if (active === run) active = null;
    });
  }

  const refuseIfBusy = () => {
    if (active)
      throw new CrawlRefused(
        `A crawl is running (job ${active.jobId}); cancel it with crawl.cancel or wait for it to finish.`,
      );
  };

  return {
    async start(urls: string[], settings: CrawlSettings, caller?: CrawlCaller): Promise<CrawlJob> {
      refuseIfBusy();
      const job = await library.createJob(urls);
      const queue = [...new Set(urls.map((url) => canonicalUrl(url)))].map((url) => ({ url, hops: 0 }));
      launch(job, { jobId: job.id, queue, seen: queue.map((item) => item.url), settings }, true, caller);
      return job;
    },

    /** Live progress while the job runs, what was saved otherwise; null for an unknown job. */
    status: (jobId: string) => crawlStatus(library, () => active, jobId),

    /**
     * Cancels the running crawl (only if it is job `jobId`, when one is named) and waits until its
     * tabs are closed; null when it did not run.
     */
    async cancel(jobId?: string): Promise<string | null> {
      const run = active;
      if (!run || (jobId !== undefined && run.jobId !== jobId)) return null;
      await run.cancel();
      return run.jobId;
    },

    /**
     * Deletes jobs with their pages; a job still crawling is cancelled first, so no page of it is
     * stored after it is gone. Returns how many jobs there were.
     */
    async remove(jobIds: string[]): Promise<number> {
      const run = active;
      if (run && jobIds.includes(run.jobId)) await run.cancel();
      return library.deleteJobs(jobIds);
    },

    /** Continues a job from its saved frontier, with its saved settings unless others are given. */
    async resume(jobId: string, changes: Partial<CrawlSettings>, caller?: CrawlCaller): Promise<CrawlJob> {
      refuseIfBusy();
      const job = await library.getJob(jobId);
      const frontier = await library.getFrontier(jobId);
      if (!job || !frontier) throw new CrawlRefused(`jobId: there is no crawl job "${jobId}" to resume.`);
      launch(job, { ...frontier, settings: { ...frontier.settings, ...changes } }, false, caller);
      return job;
    },

    /**
     * At background start no crawl runs: a job still marked in progress was cut off by a stop.
     * It is marked interrupted (crawl.resume continues it), and the tabs and the offscreen
     * document it held are closed.
     */
    async markInterrupted(): Promise<void> {
      await crawlTabs.closeLeftovers();
      if (__TARGET__ === 'chrome') await closeLeftoverDocument();
      for (const job of await library.listJobs()) {
        if (job.status === 'in_progress' || job.status === 'pending')
          await library.updateJob(job.id, { status: 'interrupted' });
      }
    },
  };
}
export type Crawler = ReturnType<typeof createCrawler>;
