import type { SidebarActions } from '../actions';
import type { CrawlJobSummary } from '../state';
import { t } from '../../src/i18n';
import { ConfirmDelete } from './ConfirmDelete';

export type JobActions = Pick<
  SidebarActions,
  'openCrawl' | 'cancelCrawl' | 'resumeCrawl' | 'deleteCrawl' | 'exportCrawlJob'
>;

export interface JobProps {
  job: CrawlJobSummary;
  opened: boolean;
  actions: JobActions;
}

const RUNNING = new Set(['pending', 'in_progress']);
/** A crawl stopped before its queue was done; the background refuses a resume of any other. */
const RESUMABLE = new Set(['cancelled', 'interrupted']);

/** What can be done with a crawl: open its pages, cancel it while it runs, resume it, export, delete. */
export function JobButtons({ job, opened, actions }: JobProps) {
  const running = RUNNING.has(job.status);
  return (
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
      <ConfirmDelete
        prefix="library"
        look="icon-button"
        confirm={t('library_delete_confirm')}
        deleteLabel={t('library_delete_label', job.title)}
        confirmLabel={t('library_delete_confirm_label', job.title)}
        onDelete={() => actions.deleteCrawl(job.id)}
      />
    </div>
  );
}
