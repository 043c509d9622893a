// @vitest-environment jsdom
// The sidebar as a whole: which view it opens on, notices, the connection.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createSidebarState } from '../../sidebar/state';
import { renderApp } from './support/render-app';
import { actions, at, saved } from './support/sidebar-props';

afterEach(cleanup);

describe('App', () => {
  it('opens on the settings form until a provider is saved', async () => {
    const state = createSidebarState();
    state.settings.value = null;
    renderApp(state);
    // The settings load as a chunk of their own.
    expect(await screen.findByText('Connect a model')).toBeTruthy();
    expect(screen.queryByTestId('composer-input')).toBeNull();
  });

  it('shows the conversation and the composer once configured, and toggles settings', () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.messages.value = [{ id: 'u', createdAt: at, role: 'user', content: 'Hi there', status: 'done' }];
    const a = actions();
    renderApp(state, a);
    expect(screen.getByText('Hi there')).toBeTruthy();
    fireEvent.click(screen.getByTestId('view-settings'));
    expect(a.show).toHaveBeenCalledWith('settings');
  });

  it('shows the saved settings and the limits in the settings view', async () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.limits.value = { maxSteps: 30, maxTokens: 400000, promptTimeoutSeconds: 120 };
    state.view.value = 'settings';
    renderApp(state);
    expect(((await screen.findByTestId('settings-model')) as HTMLInputElement).value).toBe('llama3.1');
    expect((screen.getByTestId('limit-maxSteps') as HTMLInputElement).value).toBe('30');
  });

  it('shows an error notice that can be dismissed', () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.notice.value = 'Unknown message type "X".';
    const a = actions();
    renderApp(state, a);
    expect(screen.getByRole('alert').textContent).toContain('Unknown message type');
    fireEvent.click(screen.getByLabelText('Dismiss'));
    expect(a.dismissNotice).toHaveBeenCalled();
  });

  it('tells the person when the connection is being re-established', () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.connection.value = 'reconnecting';
    renderApp(state);
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
  });
});
