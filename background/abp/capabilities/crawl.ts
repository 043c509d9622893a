import * as v from 'valibot';
import { AbpError } from '../../../src/abp/response';
import type { CrawlSettings } from '../../storage/db';
import { CrawlRefused } from '../../crawl/crawl-refused';
import { jobUrls, type Crawler, type CrawlCaller } from '../../crawl/crawler';
import type { Gate } from '../../permissions/gate';
import { OPERATIONS } from '../../permissions/operations';
import {
  defineCapability,
  CHANGES_BOSUN,
  REACHES_SITES,
  READS_BOSUN,
  type CallContext,
  type Capability,
} from '../capability';
import { callerAccess, requireAccess } from '../site-access';
import { HttpUrl, JobId } from '../params';

const DEFAULTS: CrawlSettings = {
  maxWorkers: 5,
  pageLimit: 500,
  strictPathMatching: true,
  followExternalLinks: false,
  maxExternalHops: 1,
  waitForSelectors: [],
};

const SettingsParams = {
  maxWorkers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10))),
  pageLimit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000))),
  strictPathMatching: v.optional(v.boolean()),
  followExternalLinks: v.optional(v.boolean()),
  maxExternalHops: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  skipCache: v.optional(
    v.pipe(
      v.boolean(),
      v.description('Accepted for compatibility: Bosun keeps no crawl cache and always fetches pages fresh.'),
    ),
  ),
  useIncognito: v.optional(v.boolean()),
};
const Selectors = v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(2000))), v.maxLength(50));

type SettingsInput = Partial<CrawlSettings> & { skipCache?: boolean; useIncognito?: boolean };

/** The settings a crawl runs with; the options only Webscribe had are checked here. */
function settingsOf(options: SettingsInput | undefined): Partial<CrawlSettings> {
  const { skipCache: _alwaysFresh, useIncognito, ...settings } = options ?? {};
  // Bosun does not ask for access to private windows, so it cannot open one.
  if (useIncognito)
    throw new AbpError('CAPABILITY_UNAVAILABLE', 'options.useIncognito: Bosun has no access to private windows.');
  return settings;
}

/** The crawler's refusals are the agent's to fix (a running crawl, an unknown job). */
async function refusalsAsErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof CrawlRefused)) throw error;
    throw new AbpError(error.message.startsWith('jobId:') ? 'INVALID_PARAMS' : 'OPERATION_FAILED', error.message);
  }
}

/**
 * The caller the crawl's other sites are judged for. Not its question time: the crawl runs on after
 * the call has answered, so its questions wait for the person as the crawl's own do.
 */
function crawlCaller(call: CallContext): CrawlCaller {
  const { questionTimeoutMs: _answered, ...caller } = callerAccess(call);
  return caller;
}

/**
 * A crawl opens pages in background tabs: each start site goes through the gate as the chat's
 * crawl_site does, at its level (a blocked site is not opened, "ask" asks); the crawler puts every
 * other site it reaches to the gate as well.
 */
export function crawlCapabilities(crawler: Crawler, gate: Gate): Capability[] {
  return [
    defineCapability({
      name: 'crawl.start',
      annotations: REACHES_SITES,
      description:
        'Start a crawl of one or more URLs in background tabs (sitemap, then links within the path scope); returns the job id at once: poll crawl.status',
      params: v.strictObject({
        urls: v.union([HttpUrl, v.pipe(v.array(HttpUrl), v.minLength(1), v.maxLength(100))]),
        options: v.optional(v.strictObject({ ...SettingsParams, waitForSelectors: v.optional(Selectors) })),
      }),
      handle: async ({ urls, options }, call) => {
        const settings = { ...DEFAULTS, ...settingsOf(options) };
        const list = Array.isArray(urls) ? urls : [urls];
        await requireAccess(gate, OPERATIONS.crawl, list, call);
        const job = await refusalsAsErrors(crawler.start(list, settings, crawlCaller(call)));
        return { jobId: job.id, status: 'started' };
      },
    }),
    defineCapability({
      name: 'crawl.status',
      annotations: READS_BOSUN,
      description: "A crawl job's progress: live while it runs (active: true), as saved otherwise",
      params: v.strictObject({ jobId: JobId }),
      handle: async ({ jobId }) => {
        const status = await crawler.status(jobId);
        if (!status) throw new AbpError('INVALID_PARAMS', `jobId: there is no job "${jobId}".`);
        return status;
      },
    }),
    defineCapability({
      name: 'crawl.cancel',
      annotations: CHANGES_BOSUN,
      description: 'Cancel the running crawl; the pages stored so far are kept, and crawl.resume can continue it',
      params: v.strictObject({}),
      handle: async () => {
        const jobId = await crawler.cancel();
        return jobId ? { status: 'cancelled', jobId } : { status: 'idle' };
      },
    }),
    defineCapability({
      name: 'crawl.resume',
      annotations: REACHES_SITES,
      description:
        'Resume an interrupted or cancelled crawl job from what is stored, with its settings unless options change them',
      params: v.strictObject({ jobId: JobId, options: v.optional(v.strictObject(SettingsParams)) }),
      handle: async ({ jobId, options }, call) => {
        const settings = settingsOf(options);
        const saved = await crawler.status(jobId);
        if (!saved) throw new AbpError('INVALID_PARAMS', `jobId: there is no crawl job "${jobId}" to resume.`);
        // A resumed crawl visits its sites again: the person's policy may have changed since it started.
        await requireAccess(gate, OPERATIONS.crawl, jobUrls(saved.job), call);
        const job = await refusalsAsErrors(crawler.resume(jobId, settings, crawlCaller(call)));
        return { jobId: job.id, status: 'resumed' };
      },
    }),
  ];
}
