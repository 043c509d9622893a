import { newId } from './ids';
import type { CrawlFrontier, CrawlJob, Db } from './db';

export type JobChanges = Pick<CrawlJob, 'title' | 'notes' | 'tags'>;
/** What only the crawl changes on a job. */
export type JobProgress = Partial<
  Pick<CrawlJob, 'status' | 'pagesFound' | 'pagesProcessed' | 'pagesFailed' | 'errors'>
>;

const newJob = (baseUrls: string[], at: number): CrawlJob => ({
  id: newId('job'),
  baseUrl: baseUrls[0] ?? '',
  baseUrls,
  status: 'pending',
  pagesFound: 0,
  pagesProcessed: 0,
  pagesFailed: 0,
  createdAt: at,
  updatedAt: at,
  errors: [],
});

/** The library's crawl jobs and the frontier each one left to crawl. */
export function createJobStore(database: Promise<Db>, now: () => number) {
  return {
    async createJob(baseUrls: string[]): Promise<CrawlJob> {
      const job = newJob(baseUrls, now());
      await (await database).put('crawlJobs', job);
      return job;
    },

    async getJob(id: string): Promise<CrawlJob | null> {
      return (await (await database).get('crawlJobs', id)) ?? null;
    },

    /** Newest first. */
    async listJobs(): Promise<CrawlJob[]> {
      return (await (await database).getAllFromIndex('crawlJobs', 'byCreated')).reverse();
    },

    /** Null when there is no such job; nothing else changes then. */
    async updateJob(id: string, changes: JobChanges | JobProgress): Promise<CrawlJob | null> {
      const tx = (await database).transaction('crawlJobs', 'readwrite');
      const job = await tx.store.get(id);
      if (!job) return null;
      const updated = { ...job, ...changes, updatedAt: now() };
      await tx.store.put(updated);
      await tx.done;
      return updated;
    },

    async getFrontier(jobId: string): Promise<CrawlFrontier | null> {
      return (await (await database).get('crawlFrontiers', jobId)) ?? null;
    },

    /**
     * A running crawl's counts and what it has left to crawl, in one transaction: a background
     * stopped between two writes would count a page as processed and still have it queued, so a
     * resume would crawl it and count it again.
     */
    async saveProgress(progress: JobProgress, frontier: CrawlFrontier): Promise<void> {
      const tx = (await database).transaction(['crawlJobs', 'crawlFrontiers'], 'readwrite');
      const job = await tx.objectStore('crawlJobs').get(frontier.jobId);
      if (job) await tx.objectStore('crawlJobs').put({ ...job, ...progress, updatedAt: now() });
      await tx.objectStore('crawlFrontiers').put(frontier);
      await tx.done;
    },

    deleteJobs: (ids: string[]) => deleteJobs(database, ids),
  };
}

/** Deletes the jobs and all their pages in one transaction; returns how many jobs there were. */
async function deleteJobs(database: Promise<Db>, ids: string[]): Promise<number> {
  const tx = (await database).transaction(['crawlJobs', 'crawlPages', 'crawlFrontiers'], 'readwrite');
  let deleted = 0;
  for (const id of new Set(ids)) {
    if (!(await tx.objectStore('crawlJobs').get(id))) continue;
    await tx.objectStore('crawlJobs').delete(id);
    await tx.objectStore('crawlFrontiers').delete(id);
    for await (const cursor of tx.objectStore('crawlPages').index('byJob').iterate(id)) await cursor.delete();
    deleted += 1;
  }
  await tx.done;
  return deleted;
}
