import * as v from 'valibot';
import { defineCapability } from '../capability';
import { HttpUrl, JobId } from '../params';

/**
 * Capabilities of the contract (the Webscribe ABP spec) that are not built yet. They are listed
 * with `available: false` and their params schema, so an agent sees the whole contract and a
 * call answers NOT_IMPLEMENTED instead of UNKNOWN_CAPABILITY.
 */

const CrawlOptions = {
  maxWorkers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10))),
  pageLimit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000))),
  strictPathMatching: v.optional(v.boolean()),
  skipCache: v.optional(v.boolean()),
  useIncognito: v.optional(v.boolean()),
  followExternalLinks: v.optional(v.boolean()),
  maxExternalHops: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
};
const Selectors = v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(2000))), v.maxLength(50));

export const PLANNED = [
  defineCapability({
    name: 'crawl.start',
    description: 'Start a new web crawl for one or more URLs; returns a job id at once (poll crawl.status)',
    params: v.strictObject({
      urls: v.union([HttpUrl, v.pipe(v.array(HttpUrl), v.minLength(1), v.maxLength(100))]),
      options: v.optional(v.strictObject({ ...CrawlOptions, waitForSelectors: v.optional(Selectors) })),
    }),
  }),
  defineCapability({ name: 'crawl.status', description: 'Get current status and progress of a crawl job', params: v.strictObject({ jobId: JobId }) }),
  defineCapability({ name: 'crawl.cancel', description: 'Cancel the active crawl', params: v.strictObject({}) }),
  defineCapability({
    name: 'crawl.resume',
    description: 'Resume an interrupted crawl job from the pages already stored',
    params: v.strictObject({ jobId: JobId, options: v.optional(v.strictObject(CrawlOptions)) }),
  }),
];
