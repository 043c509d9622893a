import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { SidebarActions } from '../actions';
import type { CrawlJobSummary, CrawlPages, LibraryPage, LibrarySearch } from '../state';
import { CrawlPagesList } from './CrawlPagesList';
import { JobItem, type JobActions } from './LibraryJob';
import { Markdown } from './Markdown';
import { t } from '../../src/i18n';

type LibraryActions = Pick<SidebarActions, 'refreshLibrary' | 'searchLibrary' | 'previewPage' | 'showMorePages'> &
  JobActions;

/** How often the open view asks for the jobs again: a crawl started from the chat or by a page shows up and moves. */
export const LIBRARY_POLL_MS = 1500;

interface LibraryViewProps {
  jobs: CrawlJobSummary[];
  search: LibrarySearch | null;
  preview: LibraryPage | null;
  /** The crawl opened to list its pages. */
  crawl: CrawlPages | null;
  actions: LibraryActions;
}

/**
 * The crawl jobs with their progress and controls, an opened crawl's pages, a search over the
 * pages they stored, a page's preview and a job's ZIP.
 */
export function LibraryView({ jobs, search, preview, crawl, actions }: LibraryViewProps) {
  const query = useSignal(search?.query ?? '');
  useEffect(() => {
    const timer = setInterval(actions.refreshLibrary, LIBRARY_POLL_MS);
    return () => clearInterval(timer);
  }, [actions]);
  const submit = (event: Event) => {
    event.preventDefault();
    actions.searchLibrary(query.value);
  };
  const opened = crawl ? jobs.find((job) => job.id === crawl.jobId) : undefined;
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
      {crawl && opened ? (
        <CrawlPagesList
          crawl={crawl}
          title={opened.title}
          onPreview={actions.previewPage}
          onClose={() => actions.openCrawl(null)}
          onShowMore={actions.showMorePages}
        />
      ) : null}
      <h3>{t('library_jobs_title')}</h3>
      {jobs.length === 0 ? <p class="hint">{t('library_empty')}</p> : null}
      <ul class="history">
        {jobs.map((job) => (
          <JobItem key={job.id} job={job} opened={crawl?.jobId === job.id} actions={actions} />
        ))}
      </ul>
    </main>
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
