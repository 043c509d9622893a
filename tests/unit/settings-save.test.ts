import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../src/protocol/common';
import { createSettingsActions } from '../../sidebar/settings-actions';
import { sidebarWithInbox } from './support/sidebar-inbox';

const OPENAI: Settings = { provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o', apiKey: 'sk-1' };
const ANTHROPIC: Settings = {
  provider: 'anthropic',
  baseUrl: 'https://api.anthropic.com/v1',
  model: 'claude',
  apiKey: 'sk-2',
};

/** The sidebar behind its real inbox, on the Settings page, with its actions over a recorded port. */
function onSettingsPage() {
  const sidebar = sidebarWithInbox();
  const send = vi.fn();
  const actions = createSettingsActions(send, sidebar);
  sidebar.apply({ type: 'SETTINGS', payload: OPENAI });
  sidebar.view.value = 'settings';
  return { sidebar, send, actions };
}

describe('saving the Settings page', () => {
  it('opens the chat once the background has the settings, so what the chat does uses them', () => {
    const { sidebar, send, actions } = onSettingsPage();
    actions.saveSettings(ANTHROPIC);

    expect(send).toHaveBeenCalledWith({ type: 'SAVE_SETTINGS', payload: ANTHROPIC });
    expect(sidebar.view.value).toBe('settings');
    expect(sidebar.settings.value).toEqual(OPENAI);
    sidebar.apply({ type: 'SETTINGS', payload: ANTHROPIC });
    expect(sidebar.view.value).toBe('chat');
    expect(sidebar.settings.value).toEqual(ANTHROPIC);
  });

  it('a refused save stays on Settings and says why; settings saved elsewhere later open nothing', () => {
    const { sidebar, actions } = onSettingsPage();
    actions.saveSettings(ANTHROPIC);
    sidebar.apply({ type: 'ERROR', payload: { error: 'Storage is full.', inReplyTo: 'SAVE_SETTINGS' } });

    expect(sidebar.view.value).toBe('settings');
    expect(sidebar.notice.value).toBe('Storage is full.');
    expect(sidebar.settings.value).toEqual(OPENAI);
    // Another sidebar saved, or the chat's model switch: this one stays where the person is.
    sidebar.apply({ type: 'SETTINGS', payload: ANTHROPIC });
    expect(sidebar.view.value).toBe('settings');
  });
});
