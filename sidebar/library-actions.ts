import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { SidebarState } from './state';

/** The Library view's requests. */
export interface LibraryActions {
  /** The Library view: jobs asked for again (a crawl is running), a search (empty clears it), a page previewed or closed, a job's ZIP. */
  refreshLibrary(): void;
  searchLibrary(query: string): void;
  previewPage(pageId: string | null): void;
  exportCrawlJob(jobId: string): void;
  /** A crawl opened to list its pages (null closes the list); cancelled, resumed, deleted. */
  openCrawl(jobId: string | null): void;
  /** The opened crawl's next slice of pages, after those it lists. */
  showMorePages(): void;
  cancelCrawl(jobId: string): void;
  resumeCrawl(jobId: string): void;
  deleteCrawl(jobId: string): void;
}

export function createLibraryActions(
  send: (message: SidebarToBackground) => void,
  state: SidebarState,
): LibraryActions {
  return {
    refreshLibrary: () => {
      send({ type: 'LIST_CRAWL_JOBS' });
      // The pages of an opened crawl that is still running grow: they are listed again too.
      const opened = state.libraryCrawl.value;
      const job = opened && state.crawlJobs.value.find((j) => j.id === opened.jobId);
      if (job && (job.status === 'in_progress' || job.status === 'pending'))
        send({ type: 'LIST_CRAWL_PAGES', payload: { jobId: job.id } });
    },
    searchLibrary: (query) => {
      const trimmed = query.trim();
      if (trimmed) send({ type: 'SEARCH_LIBRARY', payload: { query: trimmed.slice(0, 200) } });
      else state.librarySearch.value = null;
    },
    previewPage: (pageId) => {
      if (pageId) send({ type: 'GET_LIBRARY_PAGE', payload: { pageId } });
      else state.libraryPage.value = null;
    },
    exportCrawlJob: (jobId) => send({ type: 'EXPORT_CRAWL_JOB', payload: { jobId } }),
    openCrawl: (jobId) => {
      if (jobId) send({ type: 'LIST_CRAWL_PAGES', payload: { jobId } });
      else state.libraryCrawl.value = null;
    },
    showMorePages: () => {
      const opened = state.libraryCrawl.value;
      if (opened) send({ type: 'LIST_CRAWL_PAGES', payload: { jobId: opened.jobId, offset: opened.pages.length } });
    },
    cancelCrawl: (jobId) => send({ type: 'CANCEL_CRAWL_JOB', payload: { jobId } }),
    resumeCrawl: (jobId) => send({ type: 'RESUME_CRAWL_JOB', payload: { jobId } }),
    deleteCrawl: (jobId) => send({ type: 'DELETE_CRAWL_JOB', payload: { jobId } }),
  };
}
