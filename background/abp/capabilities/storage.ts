import * as v from 'valibot';
import { AbpError } from '../../../src/abp/response';
import type { CrawlLibrary } from '../../storage/crawl-library';
import type { CrawlPage } from '../../storage/db';
import type { Crawler } from '../../crawl/crawler';
import { defineCapability, CHANGES_BOSUN, READS_BOSUN, REMOVES, type Capability } from '../capability';
import { JobId, JobIds } from '../params';

/**
 * What storage.jobs.update may change: a job's own metadata. Its status and counters belong to
 * the crawl, so an agent cannot make a job look finished or empty.
 */
const JobUpdates = v.pipe(
  v.strictObject({
    title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300))),
    notes: v.optional(v.pipe(v.string(), v.maxLength(10_000))),
    tags: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))), v.maxLength(50))),
  }),
  v.check((updates) => Object.keys(updates).length > 0, 'must change at least one of title, notes, tags'),
);

/** A search hit: the page without its HTML and markdown, which storage.pages.list returns. */
const hit = ({ id, url, canonicalUrl, jobId, title, content, metadata, extractedAt }: CrawlPage) => ({
  id,
  url,
  canonicalUrl,
  jobId,
  title,
  content,
  contentLength: content.length,
  metadata,
  extractedAt,
});

/** `crawler` deletes jobs: one still crawling is cancelled first, as the Library view's delete does. */
export function storageCapabilities(library: CrawlLibrary, crawler: Pick<Crawler, 'remove'>): Capability[] {
  return [
    defineCapability({
      name: 'storage.jobs.list',
      annotations: READS_BOSUN,
      description: 'List all crawl jobs, newest first',
      params: v.strictObject({}),
      handle: async () => ({ jobs: await library.listJobs() }),
    }),
    defineCapability({
      name: 'storage.jobs.get',
      annotations: READS_BOSUN,
      description: 'Get a crawl job by id (null when there is none)',
      params: v.strictObject({ jobId: JobId }),
      handle: async ({ jobId }) => ({ job: await library.getJob(jobId) }),
    }),
    defineCapability({
      name: 'storage.jobs.delete',
      annotations: REMOVES,
      description: 'Delete one or more jobs and all their pages; returns how many jobs were deleted',
      params: v.strictObject({ jobIds: JobIds }),
      handle: async ({ jobIds }) => ({ deleted: await crawler.remove(jobIds) }),
    }),
    defineCapability({
      name: 'storage.jobs.update',
      annotations: CHANGES_BOSUN,
      description: "Update a crawl job's metadata (title, notes, tags); returns the updated job",
      params: v.strictObject({ jobId: JobId, updates: JobUpdates }),
      handle: async ({ jobId, updates }) => {
        const job = await library.updateJob(jobId, updates);
        if (!job) throw new AbpError('INVALID_PARAMS', `jobId: there is no job "${jobId}".`);
        return { job };
      },
    }),
    defineCapability({
      name: 'storage.pages.list',
      annotations: READS_BOSUN,
      description: 'Get all pages of a crawl job, with their text, HTML and markdown',
      params: v.strictObject({ jobId: JobId }),
      handle: async ({ jobId }) => ({ pages: await library.listPages(jobId) }),
    }),
    defineCapability({
      name: 'storage.pages.search',
      annotations: READS_BOSUN,
      description: 'Search the stored pages of every job by URL substring (case-insensitive)',
      params: v.strictObject({
        query: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(2000)),
      }),
      handle: async ({ query }) => ({ results: (await library.searchPages(query)).map(hit) }),
    }),
  ];
}
