import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { SidebarActions } from '../actions';
import type { CrawlJobSummary, LibraryPage, LibrarySearch } from '../state';
import { Markdown } from './Markdown';
import { t } from '../../src/i18n';

type LibraryActions = Pick<SidebarActions, 'refreshLibrary' | 'searchLibrary' | 'previewPage' | 'exportCrawlJob'>;

/** How often the open view asks for the jobs again: a crawl started from the chat or by a page shows up and moves. */
export const LIBRARY_POLL_MS = 1500;

const STATUS_LABEL: Record<string, string> = {
  pending: t('library_status_pending'),
  in_progress: t('library_status_in_progress'),
  completed: t('done'),
  failed: t('failed'),
  cancelled: t('cancelled'),
  interrupted: t('interrupted'),
};
const when = (ms: number) => new Date(ms).toLocaleString();

interface LibraryViewProps {
  jobs: CrawlJobSummary[];
  search: LibrarySearch | null;
  preview: LibraryPage | null;
  actions: LibraryActions;
}

/** The crawl jobs with their progress, a search over the pages they stored, a page's preview and a job's ZIP. */
export function LibraryView({ jobs, search, preview, actions }: LibraryViewProps) {
  const query = useSignal(search?.query ?? '');
  useEffect(() => {
    const timer = setInterval(actions.refreshLibrary, LIBRARY_POLL_MS);
    return () => clearInterval(timer);
  }, [actions]);
  const submit = (event: Event) => {
    event.preventDefault();
    actions.searchLibrary(query.value);
  };
  return (
    <main class="page" data-testid="library-view">
      <h2>{t('view_library')}</h2>
      <form class="library-search" role="search" onSubmit={submit}>
        <label for="library-search" class="visually-hidden">
          {t('library_search_label')}
        </label>
        <input
          id="library-search"
          type="search"
          placeholder={t('library_search_label')}
          maxLength={200}
          value={query.value}
          onInput={(e) => (query.value = e.currentTarget.value)}
          data-testid="library-search"
        />
        <button type="submit" class="icon-button" data-testid="library-search-submit">
          {t('library_search_submit')}
        </button>
      </form>
      {preview ? <PagePreview page={preview} onClose={() => actions.previewPage(null)} /> : null}
      {search ? <SearchResults search={search} onOpen={actions.previewPage} /> : null}
      <h3>{t('library_jobs_title')}</h3>
      {jobs.length === 0 ? <p class="hint">{t('library_empty')}</p> : null}
      <ul class="history">
        {jobs.map((job) => (
          <JobItem key={job.id} job={job} onExport={() => actions.exportCrawlJob(job.id)} />
        ))}
      </ul>
    </main>
  );
}

function JobItem({ job, onExport }: { job: CrawlJobSummary; onExport(): void }) {
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
        {t('library_job_pages', job.pagesProcessed, job.pageLimit ?? '?')}
        {job.pagesFailed ? ` · ${t('library_job_failed', job.pagesFailed)}` : ''}
      </label>
      <progress id={progressId} max={limit} value={Math.min(job.pagesProcessed, limit)} />
      <div class="history-buttons">
        <button
          type="button"
          class="icon-button"
          onClick={onExport}
          disabled={job.pagesProcessed === 0}
          data-testid="library-export"
          aria-label={t('library_export_label', job.title)}
        >
          {t('library_export')}
        </button>
      </div>
    </li>
  );
}

function SearchResults({ search, onOpen }: { search: LibrarySearch; onOpen(pageId: string): void }) {
  return (
    <section aria-label={t('library_results_label')} data-testid="library-results">
      <h3>{t('library_results_title', search.query)}</h3>
      {search.pages.length === 0 ? <p class="hint">{t('library_no_match')}</p> : null}
      <ul class="history">
        {search.pages.map((page) => (
          <li key={page.id} class="history-item" data-testid="library-result">
            <button type="button" class="history-open" onClick={() => onOpen(page.id)} data-testid="library-open">
              {page.title}
            </button>
            <p class="history-meta">{page.url}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PagePreview({ page, onClose }: { page: LibraryPage; onClose(): void }) {
  return (
    <section class="library-preview" aria-label={t('library_preview_label', page.title)} data-testid="library-preview">
      <div class="page-head">
        <h3>{page.title}</h3>
        <button type="button" class="icon-button" onClick={onClose} data-testid="library-close-preview">
          {t('close')}
        </button>
      </div>
      <p class="history-meta">{page.url}</p>
      <Markdown text={page.markdown} />
    </section>
  );
}
