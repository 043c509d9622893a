import * as v from 'valibot';
import { AbpError } from '../../../src/abp/response';
import { buildArchive } from '../../library/archive';
import { convertPage, convertPages, DEFAULT_CONFIDENCE_THRESHOLD } from '../../library/convert';
import type { CrawlLibrary } from '../../storage/crawl-library';
import { defineCapability, READS_BOSUN, type Capability } from '../capability';
import { ConfidenceThreshold, JobId, JobIds } from '../params';

/** A job that must exist: naming one that does not is a bad param, not a failure. */
async function existingJob(library: CrawlLibrary, jobId: string, field: string) {
  const job = await library.getJob(jobId);
  if (!job) throw new AbpError('INVALID_PARAMS', `${field}: there is no job "${jobId}".`);
  return job;
}

export function convertExportCapabilities(library: CrawlLibrary): Capability[] {
  return [
    defineCapability({
      name: 'convert.toFormat',
      annotations: READS_BOSUN,
      description:
        'Convert one page (pageId) or all pages of a job to text, markdown (with YAML front matter) or HTML; markdown below the confidence threshold falls back to the text',
      params: v.strictObject({
        jobId: JobId,
        pageId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
        format: v.picklist(['text', 'markdown', 'html']),
        confidenceThreshold: v.optional(ConfidenceThreshold),
        includeMetadata: v.optional(v.boolean()),
      }),
      handle: async ({
        jobId,
        pageId,
        format,
        confidenceThreshold = DEFAULT_CONFIDENCE_THRESHOLD,
        includeMetadata = true,
      }) => {
        const job = await existingJob(library, jobId, 'jobId');
        const pages = await library.listPages(jobId);
        const options = { format, confidenceThreshold, includeMetadata };
        if (pageId === undefined) return convertPages(job, pages, options);
        const page = pages.find((p) => p.id === pageId);
        if (!page) throw new AbpError('INVALID_PARAMS', `pageId: job "${jobId}" has no page "${pageId}".`);
        return convertPage(page, options);
      },
    }),
    defineCapability({
      name: 'export.asArchive',
      annotations: READS_BOSUN,
      description:
        'Package the pages of one or more jobs into a ZIP archive (a folder per job, a .md or .txt file per page), returned as base64',
      params: v.strictObject({
        jobIds: JobIds,
        format: v.picklist(['text', 'markdown']),
        confidenceThreshold: v.optional(ConfidenceThreshold),
      }),
      handle: async ({ jobIds, format, confidenceThreshold = DEFAULT_CONFIDENCE_THRESHOLD }) => {
        const jobs = [];
        for (const jobId of new Set(jobIds))
          jobs.push({ job: await existingJob(library, jobId, 'jobIds'), pages: await library.listPages(jobId) });
        if (jobs.every(({ pages }) => pages.length === 0))
          throw new AbpError('INVALID_PARAMS', 'jobIds: these jobs have no stored pages to export.');
        return { document: await buildArchive(jobs, format, confidenceThreshold, new Date()) };
      },
    }),
  ];
}
