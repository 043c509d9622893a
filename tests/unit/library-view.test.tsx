// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_POLL_MS, LibraryView } from '../../sidebar/components/LibraryView';
import { sidebarWithInbox } from './support/sidebar-inbox';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const actions = () => ({
  refreshLibrary: vi.fn(),
  searchLibrary: vi.fn(),
  previewPage: vi.fn(),
  exportCrawlJob: vi.fn(),
});
const job = {
  id: 'job_1',
  title: 'https://docs.test/',
  baseUrl: 'https://docs.test/',
  status: 'in_progress',
  pagesProcessed: 3,
  pagesFailed: 1,
  pageLimit: 20,
  createdAt: 0,
  updatedAt: 0,
};

describe('the Library view', () => {
  it('shows each job with its status and a progress bar against its page limit', () => {
    render(
      <LibraryView
        jobs={[job, { ...job, id: 'job_2', status: 'completed', pagesProcessed: 0, pageLimit: null }]}
        search={null}
        preview={null}
        actions={actions()}
      />,
    );
    const [running, empty] = screen.getAllByTestId('library-job');
    expect(running?.textContent).toMatch(/Crawling/);
    expect(screen.getAllByTestId('library-job-progress')[0]?.textContent).toBe('3 of 20 pages · 1 failed');
    expect(screen.getByRole('progressbar', { name: '3 of 20 pages · 1 failed' })).toMatchObject({ value: 3, max: 20 });
    expect(empty?.querySelector('button')?.disabled).toBe(true);
  });

  it('searches on submit, opens a result, exports a job, and polls while it is open', () => {
    vi.useFakeTimers();
    const a = actions();
    const { unmount } = render(
      <LibraryView
        jobs={[job]}
        search={{
          query: 'alpha',
          pages: [{ id: 'page_1', jobId: 'job_1', title: 'Alpha', url: 'https://docs.test/a' }],
        }}
        preview={null}
        actions={a}
      />,
    );
    fireEvent.input(screen.getByTestId('library-search'), { target: { value: 'beta' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(a.searchLibrary).toHaveBeenCalledWith('beta');
    fireEvent.click(screen.getByRole('button', { name: 'Alpha' }));
    expect(a.previewPage).toHaveBeenCalledWith('page_1');
    fireEvent.click(screen.getByTestId('library-export'));
    expect(a.exportCrawlJob).toHaveBeenCalledWith('job_1');
    vi.advanceTimersByTime(LIBRARY_POLL_MS * 2);
    expect(a.refreshLibrary).toHaveBeenCalledTimes(2);
    unmount();
    vi.advanceTimersByTime(LIBRARY_POLL_MS * 2);
    expect(a.refreshLibrary).toHaveBeenCalledTimes(2);
  });

  it('previews a page as sanitized markdown', () => {
    const a = actions();
    render(
      <LibraryView
        jobs={[]}
        search={null}
        preview={{
          id: 'page_1',
          jobId: 'job_1',
          title: 'Alpha',
          url: 'https://docs.test/a',
          markdown: '# Alpha\n\n<img src=x onerror=alert(1)>text',
        }}
        actions={a}
      />,
    );
    const preview = screen.getByTestId('library-preview');
    expect(preview.querySelector('h1')?.textContent).toBe('Alpha');
    expect(preview.querySelector('[onerror]')).toBeNull();
    fireEvent.click(screen.getByTestId('library-close-preview'));
    expect(a.previewPage).toHaveBeenCalledWith(null);
  });

  it('keeps the jobs, results and preview the background sends', () => {
    const state = sidebarWithInbox();
    state.apply({ type: 'CRAWL_JOBS', payload: { jobs: [job] } });
    state.apply({ type: 'LIBRARY_SEARCH_RESULTS', payload: { query: 'a', pages: [] } });
    state.apply({ type: 'LIBRARY_PAGE', payload: { id: 'p', jobId: 'job_1', title: 'T', url: 'u', markdown: 'm' } });
    expect([state.crawlJobs.value, state.librarySearch.value?.query, state.libraryPage.value?.markdown]).toEqual([
      [job],
      'a',
      'm',
    ]);
  });
});
