// @vitest-environment jsdom
// Views loaded on first use (sidebar/view-loader.ts): a loading line, then the view; a failed load
// says why and loads again on Try again.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSidebarState } from '../../sidebar/state';
import { renderApp } from './support/render-app';
import { saved } from './support/sidebar-props';

afterEach(cleanup);

/** Vitest transforms a chunk's modules on their first import: seconds on a busy machine. */
const LOADED = { timeout: 10_000 };

function showApp(view: 'library' | 'history') {
  const state = createSidebarState();
  state.settings.value = saved;
  state.view.value = view;
  renderApp(state);
}

describe('a view loaded on first use', () => {
  it('shows "Loading…" until its code has arrived, then the view, at once the next time', async () => {
    showApp('library');
    expect(screen.getByTestId('view-loading').textContent).toBe('Loading…');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await screen.findByTestId('library-view', {}, LOADED);
    expect(screen.queryByTestId('view-loading')).toBeNull();
    cleanup();
    showApp('library');
    expect(screen.getByTestId('library-view')).toBeTruthy();
  });

  it('says why it could not be loaded, and loads it on Try again', async () => {
    // A chunk the browser could not read: the module's evaluation fails.
    vi.doMock('../../sidebar/components/HistoryView', () => {
      throw new Error('chunk unreadable');
    });
    showApp('history');
    const failed = await screen.findByTestId('view-load-failed', {}, LOADED);
    expect(failed.getAttribute('role')).toBe('alert');
    // The import's own message (Vitest wraps the module's error in its own words).
    expect(failed.querySelector('span')?.textContent).toMatch(/^This view could not be loaded: \S/);
    vi.doUnmock('../../sidebar/components/HistoryView');
    fireEvent.click(screen.getByTestId('view-load-retry'));
    expect(screen.getByTestId('view-loading')).toBeTruthy();
    await screen.findByTestId('history-view', {}, LOADED);
    expect(screen.queryByTestId('view-load-failed')).toBeNull();
  });
});
