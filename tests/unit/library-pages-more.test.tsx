// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlPagesList } from '../../sidebar/components/CrawlPagesList';
import { createLibraryActions } from '../../sidebar/library-actions';
import { sidebarWithInbox } from './support/sidebar-inbox';

afterEach(cleanup);

const listed = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `page_${from + i}`,
    jobId: 'job_1',
    title: `Page ${from + i}`,
    url: `https://docs.test/${from + i}`,
    bytes: 100,
  }));

describe('"Show more" in an opened crawl', () => {
  it('asks for the pages after those listed, appends them, and goes once all are listed', () => {
    const state = sidebarWithInbox();
    const send = vi.fn();
    const actions = createLibraryActions(send, state);
    state.apply({ type: 'CRAWL_PAGES', payload: { jobId: 'job_1', total: 3, offset: 0, pages: listed(0, 2) } });
    const show = () =>
      render(
        <CrawlPagesList
          crawl={state.libraryCrawl.value!}
          title="Docs"
          onPreview={vi.fn()}
          onClose={vi.fn()}
          onShowMore={actions.showMorePages}
        />,
      );
    show();
    expect(screen.getByTestId('library-pages-shown').textContent).toBe('Showing 2 of 3 pages.');
    fireEvent.click(screen.getByRole('button', { name: 'Show more pages' }));
    expect(send).toHaveBeenCalledWith({ type: 'LIST_CRAWL_PAGES', payload: { jobId: 'job_1', offset: 2 } });

    state.apply({ type: 'CRAWL_PAGES', payload: { jobId: 'job_1', total: 3, offset: 2, pages: listed(2, 1) } });
    cleanup();
    show();
    expect(screen.getAllByTestId('library-page').map((li) => li.getAttribute('data-id'))).toEqual([
      'page_0',
      'page_1',
      'page_2',
    ]);
    expect(screen.queryByTestId('library-pages-more')).toBeNull();
    expect(screen.queryByTestId('library-pages-shown')).toBeNull();
  });
});
