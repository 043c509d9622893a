import type { CrawlJobSummary } from '../state';
import { t } from '../../src/i18n';
import { JobButtons, type JobProps } from './LibraryJobButtons';

export type { JobActions } from './LibraryJobButtons';

const STATUS_LABEL: Record<string, string> = {
  pending: t('library_status_pending'),
  in_progress: t('library_status_in_progress'),
  completed: t('done'),
  failed: t('failed'),
  cancelled: t('cancelled'),
  interrupted: t('interrupted'),
};
const when = (ms: number) => new Date(ms).toLocaleString();

/** The pages stored and read, in the same counts the crawl gave the model (background/library/crawl-counts.ts). */
export function jobCounts(job: CrawlJobSummary): string {
  const counts = t('library_job_pages', job.pagesStored, job.pagesProcessed, job.pageLimit ?? '?');
  return job.pagesFailed ? `${counts} · ${t('library_job_failed', job.pagesFailed)}` : counts;
}

/** One crawl: its status and progress; open its pages, cancel, resume, export, delete (after a confirm). */
export function JobItem({ job, opened, actions }: JobProps) {
  const limit = job.pageLimit ?? Math.max(job.pagesProcessed, 1);
  const progressId = `job-progress-${job.id}`;
  return (
    <li class="history-item" data-testid="library-job" data-id={job.id} data-status={job.status}>
      <p class="library-title">{job.title}</p>
      <p class="history-meta">
        <span data-testid="library-job-status">{STATUS_LABEL[job.status] ?? job.status}</span> ·{' '}
        {t('library_job_times', when(job.createdAt), when(job.updatedAt))}
      </p>
      <label for={progressId} class="library-progress" data-testid="library-job-progress">
        {jobCounts(job)}
      </label>
      <progress id={progressId} max={limit} value={Math.min(job.pagesProcessed, limit)} />
      <JobButtons job={job} opened={opened} actions={actions} />
    </li>
  );
}
