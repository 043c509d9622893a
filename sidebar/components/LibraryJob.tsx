import { useSignal } from '@preact/signals';
import type { SidebarActions } from '../actions';
import type { CrawlJobSummary } from '../state';
import { t } from '../../src/i18n';

export type JobActions = Pick<
  SidebarActions,
  'openCrawl' | 'cancelCrawl' | 'resumeCrawl' | 'deleteCrawl' | 'exportCrawlJob'
>;

const STATUS_LABEL: Record<string, string> = {
  pending: t('library_status_pending'),
  in_progress: t('library_status_in_progress'),
  completed: t('done'),
  failed: t('failed'),
  cancelled: t('cancelled'),
  interrupted: t('interrupted'),
};
const RUNNING = new Set(['pending', 'in_progress']);
/** A crawl stopped before its queue was done; the background refuses a resume of any other. */
const RESUMABLE = new Set(['cancelled', 'interrupted']);
const when = (ms: number) => new Date(ms).toLocaleString();

/** The pages stored and read, in the same counts the crawl gave the model (src/library/crawl-counts.ts). */
export function jobCounts(job: CrawlJobSummary): string {
  const counts = t('library_job_pages', job.pagesStored, job.pagesProcessed, job.pageLimit ?? '?');
  return job.pagesFailed ? `${counts} · ${t('library_job_failed', job.pagesFailed)}` : counts;
}

/** One crawl: its status and progress; open its pages, cancel, resume, export, delete (after a confirm). */
export function JobItem({ job, opened, actions }: { job: CrawlJobSummary; opened: boolean; actions: JobActions }) {
  const confirming = useSignal(false);
  const limit = job.pageLimit ?? Math.max(job.pagesProcessed, 1);
  const progressId = `job-progress-${job.id}`;
  const running = RUNNING.has(job.status);
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
      <div class="history-buttons">
        <button
          type="button"
          class="icon-button"
          onClick={() => actions.openCrawl(opened ? null : job.id)}
          aria-expanded={opened}
          aria-label={t('library_open_label', job.title)}
          data-testid="library-open-job"
        >
          {t('library_open_job')}
        </button>
        {running ? (
          <button
            type="button"
            class="icon-button"
            onClick={() => actions.cancelCrawl(job.id)}
            aria-label={t('library_cancel_label', job.title)}
            data-testid="library-cancel"
          >
            {t('library_cancel')}
          </button>
        ) : null}
        {RESUMABLE.has(job.status) ? (
          <button
            type="button"
            class="icon-button"
            onClick={() => actions.resumeCrawl(job.id)}
            aria-label={t('library_resume_label', job.title)}
            data-testid="library-resume"
          >
            {t('library_resume')}
          </button>
        ) : null}
        <button
          type="button"
          class="icon-button"
          onClick={() => actions.exportCrawlJob(job.id)}
          disabled={job.pagesStored === 0}
          data-testid="library-export"
          aria-label={t('library_export_label', job.title)}
        >
          {t('library_export')}
        </button>
        {confirming.value ? (
          <>
            <button
              type="button"
              class="icon-button icon-button--danger"
              onClick={() => actions.deleteCrawl(job.id)}
              aria-label={t('library_delete_confirm_label', job.title)}
              data-testid="library-confirm-delete"
            >
              {t('library_delete_confirm')}
            </button>
            <button
              type="button"
              class="icon-button"
              onClick={() => (confirming.value = false)}
              data-testid="library-keep"
            >
              {t('library_keep')}
            </button>
          </>
        ) : (
          <button
            type="button"
            class="icon-button"
            onClick={() => (confirming.value = true)}
            aria-label={t('library_delete_label', job.title)}
            data-testid="library-delete"
          >
            {t('delete')}
          </button>
        )}
      </div>
    </li>
  );
}
