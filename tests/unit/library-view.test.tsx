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
  openCrawl: vi.fn(),
  showMorePages: vi.fn(),
  cancelCrawl: vi.fn(),
  resumeCrawl: vi.fn(),
  deleteCrawl: vi.fn(),
});
const job = {
  id: 'job_1',
  title: 'https://docs.test/',
  baseUrl: 'https://docs.test/',
  status: 'in_progress',
  pagesProcessed: 3,
  pagesStored: 2,
  pagesFailed: 1,
  pageLimit: 20,
  createdAt: 0,
  updatedAt: 0,
};

describe('the Library view', () => {
  it('shows each job with its status and a progress bar against its page limit', () => {
    render(
      <LibraryView
        jobs={[job, { ...job, id: 'job_2', status: 'completed', pagesProcessed: 0, pagesStored: 0, pageLimit: null }]}
        search={null}
        preview={null}
        crawl={null}
        actions={actions()}
      />,
    );
    const [running, empty] = screen.getAllByTestId('library-job');
    expect(running?.textContent).toMatch(/Crawling/);
    expect(screen.getAllByTestId('library-job-progress')[0]?.textContent).toBe(
      '2 stored · 3 of 20 pages read · 1 failed',
    );
    expect(screen.getByRole('progressbar', { name: '2 stored · 3 of 20 pages read · 1 failed' })).toMatchObject({
      value: 3,
      max: 20,
    });
    expect(empty?.querySelector<HTMLButtonElement>('[data-testid="library-export"]')?.disabled).toBe(true);
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
        crawl={null}
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
        crawl={null}
        actions={a}
      />,
    );
    const preview = screen.getByTestId('library-preview');
    expect(preview.querySelector('h1')?.textContent).toBe('Alpha');
    expect(preview.querySelector('[onerror]')).toBeNull();
    fireEvent.click(screen.getByTestId('library-close-preview'));
    expect(a.previewPage).toHaveBeenCalledWith(null);
  });

  it('offers cancel on a running crawl, resume on a stopped one, and deletes only after a confirm', () => {
    const a = actions();
    render(
      <LibraryView
        jobs={[job, { ...job, id: 'job_2', status: 'interrupted' }, { ...job, id: 'job_3', status: 'completed' }]}
        search={null}
        preview={null}
        crawl={null}
        actions={a}
      />,
    );
    const [running, interrupted, done] = screen.getAllByTestId('library-job');
    expect(running?.querySelector('[data-testid="library-resume"]')).toBeNull();
    fireEvent.click(running!.querySelector('[data-testid="library-cancel"]')!);
    expect(a.cancelCrawl).toHaveBeenCalledWith('job_1');
    expect(interrupted?.querySelector('[data-testid="library-cancel"]')).toBeNull();
    fireEvent.click(interrupted!.querySelector('[data-testid="library-resume"]')!);
    expect(a.resumeCrawl).toHaveBeenCalledWith('job_2');
    expect(done?.querySelector('[data-testid="library-cancel"], [data-testid="library-resume"]')).toBeNull();

    fireEvent.click(done!.querySelector('[data-testid="library-delete"]')!);
    expect(a.deleteCrawl).not.toHaveBeenCalled();
    fireEvent.click(done!.querySelector('[data-testid="library-keep"]')!);
    expect(done?.querySelector('[data-testid="library-confirm-delete"]')).toBeNull();
    fireEvent.click(done!.querySelector('[data-testid="library-delete"]')!);
    fireEvent.click(done!.querySelector('[data-testid="library-confirm-delete"]')!);
    expect(a.deleteCrawl).toHaveBeenCalledWith('job_3');
  });

  it("opens a crawl's pages: title to preview, address as a web link only, size; closes again", () => {
    const a = actions();
    render(
      <LibraryView
        jobs={[job]}
        search={null}
        preview={null}
        crawl={{
          jobId: 'job_1',
          total: 3,
          pages: [
            { id: 'page_1', jobId: 'job_1', title: 'Alpha', url: 'https://docs.test/a', bytes: 2500 },
            { id: 'page_2', jobId: 'job_1', title: 'Odd', url: 'javascript:alert(1)', bytes: 10 },
          ],
        }}
        actions={a}
      />,
    );
    const list = screen.getByRole('region', { name: 'Stored pages of https://docs.test/' });
    expect(list.textContent).toContain('Showing 2 of 3 pages.');
    const links = [...list.querySelectorAll('a')];
    expect(links.map((l) => [l.getAttribute('href'), l.target, l.rel])).toEqual([
      ['https://docs.test/a', '_blank', 'noopener noreferrer'],
    ]);
    expect(screen.getAllByTestId('library-page-size')[0]?.textContent).toMatch(/^2\.5\s?kB$/);
    fireEvent.click(screen.getByRole('button', { name: 'Alpha' }));
    expect(a.previewPage).toHaveBeenCalledWith('page_1');
    expect(screen.getByTestId('library-open-job').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByTestId('library-open-job'));
    expect(a.openCrawl).toHaveBeenCalledWith(null);
    fireEvent.click(screen.getByTestId('library-close-pages'));
    expect(a.openCrawl).toHaveBeenCalledTimes(2);
  });

  it("a deleted crawl's pages, preview and search results go with it", () => {
    const state = sidebarWithInbox();
    state.apply({ type: 'CRAWL_JOBS', payload: { jobs: [job, { ...job, id: 'job_2' }] } });
    state.apply({ type: 'CRAWL_PAGES', payload: { jobId: 'job_1', total: 0, pages: [] } });
    state.apply({ type: 'LIBRARY_PAGE', payload: { id: 'p', jobId: 'job_1', title: 'T', url: 'u', markdown: 'm' } });
    const hit = (id: string, jobId: string) => ({ id, jobId, title: id, url: `https://docs.test/${id}` });
    state.apply({
      type: 'LIBRARY_SEARCH_RESULTS',
      payload: { query: 'a', pages: [hit('p', 'job_1'), hit('q', 'job_2')] },
    });
    expect(state.libraryCrawl.value?.jobId).toBe('job_1');
    state.apply({ type: 'CRAWL_JOBS', payload: { jobs: [{ ...job, id: 'job_2' }] } });
    expect([state.libraryCrawl.value, state.libraryPage.value]).toEqual([null, null]);
    expect(state.librarySearch.value?.pages.map((p) => p.id)).toEqual(['q']);
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
