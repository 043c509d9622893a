import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { buildArchive } from './archive';
import { crawlCounts } from './crawl-counts';
import { contentForFormat, DEFAULT_CONFIDENCE_THRESHOLD } from './convert';
import type { CrawlLibrary } from '../storage/crawl-library';
import type { CrawlJob, CrawlPage } from '../storage/db';

/** The most pages a Library search lists: enough to browse, small enough for one port message. */
export const MAX_SEARCH_RESULTS = 50;
/** The pages an opened crawl lists at a time; "Show more" asks for the next slice. */
export const PAGES_PER_SLICE = 200;

const encoder = new TextEncoder();

const pageSummary = (page: CrawlPage) => ({
  id: page.id,
  jobId: page.jobId,
  title: page.title || page.url,
  url: page.url,
});

/**
 * What the sidebar's Library view asks of the crawl library: the jobs with their progress,
 * a search over stored pages, one page as markdown, one job as a ZIP. Each answer is a
 * message; a refusal is a string.
 */
export function libraryView(
  library: CrawlLibrary,
  live: (jobId: string) => Promise<{ pagesProcessed: number } | null>,
) {
  const summary = (job: CrawlJob) => jobSummary(library, live, job);

  return {
    async jobs(): Promise<BackgroundToSidebar> {
      return { type: 'CRAWL_JOBS', payload: { jobs: await Promise.all((await library.listJobs()).map(summary)) } };
    },

    async search(query: string): Promise<BackgroundToSidebar> {
      const pages = await library.searchText(query, MAX_SEARCH_RESULTS);
      return { type: 'LIBRARY_SEARCH_RESULTS', payload: { query, pages: pages.map(pageSummary) } };
    },

    /** A slice of the pages a job stored, as the opened crawl lists them: title, address, size of its markdown. */
    pages: (jobId: string, offset = 0) => jobPages(library, jobId, offset),

    async page(pageId: string): Promise<BackgroundToSidebar | Refusal> {
      const page = await library.getPage(pageId);
      if (!page) return refuse('That page is no longer in the library.');
      // Doubtful markdown falls back to the page's text, as in an export.
      const { content } = contentForFormat(page, 'markdown', DEFAULT_CONFIDENCE_THRESHOLD);
      return { type: 'LIBRARY_PAGE', payload: { ...pageSummary(page), markdown: content } };
    },

    async exportJob(jobId: string): Promise<BackgroundToSidebar | Refusal> {
      const job = await library.getJob(jobId);
      if (!job) return refuse('That crawl job is no longer in the library.');
      const pages = await library.listPages(jobId);
      if (pages.length === 0) return refuse('This crawl job has no stored pages to export yet.');
      const archive = await buildArchive([{ job, pages }], 'markdown', DEFAULT_CONFIDENCE_THRESHOLD, new Date());
      return { type: 'CRAWL_JOB_EXPORT', payload: { jobId, fileName: archive.filename, base64: archive.content } };
    },
  };
}
export type LibraryView = ReturnType<typeof libraryView>;

/** A job as the Library lists it: its status and the pages read, stored and failed. */
async function jobSummary(
  library: CrawlLibrary,
  live: (jobId: string) => Promise<{ pagesProcessed: number } | null>,
  job: CrawlJob,
) {
  const frontier = await library.getFrontier(job.id);
  // A running crawl counts pages before it saves them on the job: the live count is the fresher one.
  const progress = job.status === 'in_progress' ? await live(job.id) : null;
  // The pages stored, not those read: the crawl's answer to the model gives the same count.
  const counts = crawlCounts(
    { pagesProcessed: progress?.pagesProcessed ?? job.pagesProcessed, pagesFailed: job.pagesFailed },
    await library.countPages(job.id),
  );
  return {
    id: job.id,
    title: job.title ?? job.baseUrl,
    baseUrl: job.baseUrl,
    status: job.status,
    pagesProcessed: counts.read,
    pagesStored: counts.stored,
    pagesFailed: counts.failed,
    pageLimit: frontier?.settings.pageLimit ?? null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

async function jobPages(library: CrawlLibrary, jobId: string, offset: number): Promise<BackgroundToSidebar | Refusal> {
  if (!(await library.getJob(jobId))) return refuse('That crawl job is no longer in the library.');
  const total = await library.countPages(jobId);
  // A job's pages only grow while it exists: fewer than the list already shows means it is not the crawl the list came from.
  if (offset > total)
    return refuse("This crawl's pages changed while they were listed: close the list and open it again.");
  const pages = await library.pagesOf(jobId, PAGES_PER_SLICE, offset);
  return {
    type: 'CRAWL_PAGES',
    payload: {
      jobId,
      total,
      offset,
      pages: pages.map((page) => ({
        ...pageSummary(page),
        bytes: encoder.encode(contentForFormat(page, 'markdown', DEFAULT_CONFIDENCE_THRESHOLD).content).length,
      })),
    },
  };
}
