import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { CrawlRefused } from '../crawl/crawl-refused';
import { jobUrls, type Crawler } from '../crawl/crawler';
import type { Gate } from '../permissions/gate';
import { OPERATIONS } from '../permissions/operations';
import { sitesRefusal } from '../permissions/sites-refusal';
import type { LibraryView } from './library-view';

/** How the Action Log and a permission question name the person's Library view. */
const REQUESTER = 'library';
/** Statuses a crawl can be continued from: stopped before its queue was done. */
const RESUMABLE = new Set(['cancelled', 'interrupted']);

/**
 * What the person does to a crawl from the Library view: cancel it, resume it, delete it. Each uses
 * the crawler's one way of doing it (the ABP crawl.* and storage.jobs.delete capabilities use the
 * same), and answers with the jobs as they now are, so the view shows the change at once.
 */
export function libraryControl(crawler: Crawler, gate: Gate, view: LibraryView) {
  return {
    async cancel(jobId: string): Promise<BackgroundToSidebar | Refusal> {
      if ((await crawler.cancel(jobId)) === null) return refuse('That crawl is not running.');
      return view.jobs();
    },

    /**
     * A resumed crawl visits its sites again, and the person's policy may have changed since it
     * started: each start site goes to the gate as any crawl's does, at crawl_site's level.
     */
    async resume(jobId: string): Promise<BackgroundToSidebar | Refusal> {
      const status = await crawler.status(jobId);
      if (!status) return refuse('That crawl job is no longer in the library.');
      if (!RESUMABLE.has(status.job.status)) return refuse('Only a cancelled or interrupted crawl can be resumed.');
      const urls = jobUrls(status.job);
      const refusal = await sitesRefusal(
        gate,
        { operation: OPERATIONS.crawl, urls, requester: REQUESTER },
        new AbortController().signal,
      );
      if (refusal) return refuse(`The crawl was not resumed: ${refusal.refused.text}`);
      try {
        await crawler.resume(jobId, {});
      } catch (error) {
        if (!(error instanceof CrawlRefused)) throw error;
        return refuse('Another crawl is running; only one runs at a time. Cancel it or wait for it to finish.');
      }
      return view.jobs();
    },

    async remove(jobId: string): Promise<BackgroundToSidebar | Refusal> {
      if ((await crawler.remove([jobId])) === 0) return refuse('That crawl job is no longer in the library.');
      return view.jobs();
    },
  };
}
export type LibraryControl = ReturnType<typeof libraryControl>;
