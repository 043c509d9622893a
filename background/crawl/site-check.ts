import type { Gate } from '../permissions/gate';
import { OPERATIONS } from '../permissions/operations';
import type { SiteCheck } from './crawler';

/**
 * A crawl reading a page of a site it did not start on (an external link, a redirect) is a read
 * of that site: the gate decides at crawl_page's level (read-only), asks where the policy says ask, and
 * logs the decision under the job's id, or, for an ABP client's crawl, in the client's name, under its
 * runs and its task (so its address is checked against what the client read, as its own calls are).
 */
export const crawlSiteCheck =
  (gate: Gate): SiteCheck =>
  async (url, jobId, signal, caller) => {
    const refused = await gate.authorize(
      {
        operation: OPERATIONS.crawlPage,
        url,
        args: { url },
        ...(caller ?? { runId: jobId, requester: `crawl ${jobId}` }),
        summary: `read ${url} in a background tab (crawl ${jobId})`,
      },
      signal,
    );
    return refused ? refused.text : null;
  };
