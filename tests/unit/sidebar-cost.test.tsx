// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsForm } from '../../sidebar/components/SettingsForm';
import { StatusBar } from '../../sidebar/components/StatusBar';
import { DEFAULT_VOICE, type ChatMessage, type Settings } from '../../src/protocol/common';
import { settingsStore } from './support/sidebar-props';

afterEach(cleanup);

const answer = (inputTokens: number, outputTokens: number): ChatMessage => ({
  id: `a${inputTokens}`,
  createdAt: '2026-01-01T00:00:00Z',
  role: 'assistant',
  content: 'ok',
  status: 'done',
  usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
});

describe('the cost in the status bar', () => {
  const messages = [answer(1000, 200), answer(1100, 300)];

  it('shows the estimate next to the tokens, and says what it rests on', () => {
    render(
      <StatusBar
        tab={null}
        policy={null}
        messages={messages}
        busy={false}
        price={{ inputPerMillion: 3, outputPerMillion: 15 }}
        nameSite={() => null}
      />,
    );
    expect(screen.getByTestId('status-tokens').textContent).toBe('2,600 tokens');
    // 2100 × $3 + 500 × $15 per million tokens.
    expect(screen.getByTestId('status-cost').textContent).toBe('≈ $0.0138');
    expect(screen.getByTestId('status-cost').title).toMatch(
      /^An estimate: the tokens the provider reported, at \$3 per million input and \$15 per million output tokens\./,
    );
  });

  it('shows no cost when the price is not known', () => {
    render(<StatusBar tab={null} policy={null} messages={messages} busy={false} price={null} nameSite={() => null} />);
    expect(screen.getByTestId('status-tokens')).toBeTruthy();
    expect(screen.queryByTestId('status-cost')).toBeNull();
  });
});

describe('prices in the settings', () => {
  const saved: Settings = {
    provider: 'openai',
    model: 'gpt-4o-mini',
    apiKey: 'sk-test',
    baseUrl: 'https://api.openai.com/v1',
  };
  const setup = (settings: Settings) => {
    const onSave = vi.fn();
    render(
      <SettingsForm
        saved={settings}
        {...settingsStore()}
        testResult={null}
        firstRun={false}
        ollama={null}
        onSave={onSave}
        onTest={vi.fn()}
      />,
    );
    const type = (id: string, text: string) =>
      fireEvent.input(screen.getByTestId(`settings-${id}`), { target: { value: text } });
    const save = () => fireEvent.submit(screen.getByTestId('settings-form'));
    return { onSave, type, save };
  };

  it('are optional, and saved as numbers when both are given', () => {
    const { onSave, type, save } = setup(saved);
    save();
    expect(onSave).toHaveBeenLastCalledWith(
      { ...saved, voice: DEFAULT_VOICE, planFirst: true, agentsMayConnect: false },
      null,
    );
    type('inputPrice', '0.15');
    type('outputPrice', ' 0.6 ');
    save();
    expect(onSave).toHaveBeenLastCalledWith(
      {
        ...saved,
        voice: DEFAULT_VOICE,
        planFirst: true,
        agentsMayConnect: false,
        prices: { inputPerMillion: 0.15, outputPerMillion: 0.6 },
      },
      null,
    );
  });

  it('refuse a missing, negative or non-numeric price, and change nothing', () => {
    const { onSave, type, save } = setup(saved);
    type('inputPrice', '2.5');
    save();
    expect(screen.getByTestId('settings-outputPrice').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('settings-outputPrice-error')?.textContent).toBe(
      'Enter a price in US dollars, such as 2.50.',
    );
    type('outputPrice', '-1');
    save();
    expect(document.getElementById('settings-outputPrice-error')?.textContent).toBe('A price cannot be negative.');
    type('inputPrice', 'ten');
    save();
    expect(document.getElementById('settings-inputPrice-error')?.textContent).toBe(
      'Enter a price in US dollars, such as 2.50.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('are not asked for where the provider says (OpenRouter) or nothing is paid (Ollama)', () => {
    setup({ ...saved, provider: 'openrouter', baseUrl: 'https://openrouter.ai/api/v1' });
    expect(screen.queryByTestId('settings-inputPrice')).toBeNull();
    cleanup();
    setup({ ...saved, provider: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    expect(screen.queryByTestId('settings-inputPrice')).toBeNull();
  });
});
