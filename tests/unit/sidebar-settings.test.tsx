// @vitest-environment jsdom
// The settings form and the theme.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsForm } from '../../sidebar/components/SettingsForm';
import { applyTheme, cycleTheme, theme } from '../../sidebar/theme';
import { DEFAULT_VOICE } from '../../src/protocol/common';
import { saved, settingsStore } from './support/sidebar-props';

afterEach(cleanup);

describe('SettingsForm', () => {
  const form = (overrides: Partial<Parameters<typeof SettingsForm>[0]> = {}) => {
    const props = {
      saved: null,
      ...settingsStore(),
      testResult: null,
      firstRun: true,
      ollama: null,
      onSave: vi.fn(),
      onTest: vi.fn(),
      ...overrides,
    };
    render(<SettingsForm {...props} />);
    return props;
  };
  const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });

  it('offers a local Ollama on first run, and fills the form with it', () => {
    form({ ollama: { baseUrl: 'http://localhost:11434/v1', models: ['llama3.2', 'qwen3'] } });
    expect(screen.getByTestId('ollama-detected').textContent).toContain('with 2 models');
    fireEvent.click(screen.getByTestId('use-ollama'));
    expect((screen.getByTestId('settings-provider') as HTMLSelectElement).value).toBe('ollama');
    expect((screen.getByTestId('settings-model') as HTMLInputElement).value).toBe('llama3.2');
    expect(
      [...document.querySelectorAll('#settings-model-options option')].map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['llama3.2', 'qwen3']);
  });

  it('says how to get a model when Ollama has none', () => {
    form({ ollama: { baseUrl: 'http://localhost:11434/v1', models: [] } });
    expect(screen.getByTestId('ollama-detected').textContent).toContain('ollama pull');
    expect(screen.queryByTestId('use-ollama')).toBeNull();
  });

  it('shows field errors and saves nothing when invalid', () => {
    const props = form();
    type('settings-model', '');
    type('settings-baseUrl', 'not a url');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByText(/Type the model’s name, or press Test connection to list the models/)).toBeTruthy();
    expect(screen.getByText(/must be a URL/)).toBeTruthy();
    expect(screen.getByTestId('settings-model').getAttribute('aria-invalid')).toBe('true');
  });

  it('takes a field’s error away as soon as the field is fixed, and keeps the others', () => {
    form();
    type('settings-model', '');
    type('settings-baseUrl', 'not a url');
    fireEvent.click(screen.getByTestId('settings-save'));
    type('settings-model', 'gpt-4o-mini');
    expect(screen.queryByText(/Type the model’s name/)).toBeNull();
    expect(screen.getByTestId('settings-model').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(/must be a URL/)).toBeTruthy();
  });

  it('saves normalised settings', () => {
    const props = form();
    type('settings-model', ' gpt-4o-mini ');
    type('settings-apiKey', 'sk-123');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(props.onSave).toHaveBeenCalledWith(
      {
        provider: 'openai',
        model: 'gpt-4o-mini',
        apiKey: 'sk-123',
        baseUrl: 'https://api.openai.com/v1',
        voice: DEFAULT_VOICE,
        planFirst: true,
        agentsMayConnect: false,
      },
      null,
    );
  });

  it('moves the base URL along with the provider unless the person typed their own', () => {
    form();
    fireEvent.change(screen.getByTestId('settings-provider'), { target: { value: 'ollama' } });
    expect((screen.getByTestId('settings-baseUrl') as HTMLInputElement).value).toBe('http://localhost:11434/v1');
    type('settings-baseUrl', 'http://10.0.0.5:8080/v1');
    fireEvent.change(screen.getByTestId('settings-provider'), { target: { value: 'custom' } });
    expect((screen.getByTestId('settings-baseUrl') as HTMLInputElement).value).toBe('http://10.0.0.5:8080/v1');
  });

  it('tests the connection and shows the result', () => {
    const props = form({
      saved,
      firstRun: false,
      testResult: { success: false, error: 'Cannot reach localhost:11434.' },
    });
    fireEvent.click(screen.getByTestId('settings-test'));
    expect(props.onTest).toHaveBeenCalledWith(saved);
    expect(screen.getByTestId('test-result').textContent).toBe('Cannot reach localhost:11434.');
  });

  it('hides the key unless asked', () => {
    form({ saved: { ...saved, apiKey: 'sk-secret' }, firstRun: false });
    const key = screen.getByTestId('settings-apiKey') as HTMLInputElement;
    expect(key.type).toBe('password');
    fireEvent.click(screen.getByText('Show'));
    expect(key.type).toBe('text');
  });
});

describe('theme', () => {
  it('cycles system → light → dark and marks the document', () => {
    theme.value = 'system';
    applyTheme('system');
    cycleTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
    cycleTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('bosun-theme')).toBe('dark');
    cycleTheme();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
