// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SidebarActions } from '../../sidebar/actions';
import { App } from '../../sidebar/components/App';
import { Composer } from '../../sidebar/components/Composer';
import { MessageItem } from '../../sidebar/components/MessageItem';
import { PermissionPrompt } from '../../sidebar/components/PermissionPrompt';
import { PermissionsView } from '../../sidebar/components/PermissionsView';
import { SettingsForm } from '../../sidebar/components/SettingsForm';
import { createSidebarState } from '../../sidebar/state';
import { applyTheme, cycleTheme, theme } from '../../sidebar/theme';

afterEach(cleanup);

const actions = (): SidebarActions => ({
  send: vi.fn(),
  summarize: vi.fn(),
  stop: vi.fn(),
  clear: vi.fn(),
  saveSettings: vi.fn(),
  testConnection: vi.fn(),
  forgetTestResult: vi.fn(),
  listModels: vi.fn(),
  switchModel: vi.fn(),
  dismissNotice: vi.fn(),
  answer: vi.fn(),
  detectOllama: vi.fn(),
  saveLimits: vi.fn(),
  changePermissions: vi.fn(),
  clearLog: vi.fn(),
  show: vi.fn(),
  saveVoice: vi.fn(),
  newConversation: vi.fn(),
  openConversation: vi.fn(),
  renameConversation: vi.fn(),
  deleteConversation: vi.fn(),
  exportConversation: vi.fn(),
  importConversation: vi.fn(),
  refreshLibrary: vi.fn(),
  searchLibrary: vi.fn(),
  previewPage: vi.fn(),
  exportCrawlJob: vi.fn(),
  openCrawl: vi.fn(),
  cancelCrawl: vi.fn(),
  resumeCrawl: vi.fn(),
  deleteCrawl: vi.fn(),
  workflow: {
    start: vi.fn(),
    approve: vi.fn(),
    cancel: vi.fn(),
    resume: vi.fn(),
    exportZip: vi.fn(),
    save: vi.fn(),
    runSaved: vi.fn(),
    removeSaved: vi.fn(),
    dismissError: vi.fn(),
  },
});
const voice = () => ({ start: vi.fn(), finish: vi.fn(), cancel: vi.fn() });
const at = '2026-01-01T00:00:00Z';
const saved = { provider: 'ollama' as const, model: 'llama3.1', apiKey: '', baseUrl: 'http://localhost:11434/v1' };

describe('keyboard', () => {
  const question = {
    id: 'q1',
    toolName: 'click_element',
    parameters: {},
    site: 'shop.example',
    permissionLevel: 'interact' as const,
    reason: 'r',
    timestamp: 0,
  };
  const setup = (change: (state: ReturnType<typeof createSidebarState>) => void) => {
    const state = createSidebarState();
    state.settings.value = saved;
    change(state);
    const a = actions();
    const v = voice();
    render(
      <App workTab={signal(null)} price={signal(null)} nameSite={() => null} state={state} actions={a} voice={v} />,
    );
    return { a, v };
  };
  const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });

  it('Escape cancels the most recent thing: a recording, then a question, then the task', () => {
    const recording = setup((s) => {
      s.busy.value = true;
      s.prompts.value = [question];
      s.voice.value = { ...s.voice.value, phase: 'recording' };
    });
    key('Escape');
    expect(recording.v.cancel).toHaveBeenCalledOnce();
    expect(recording.a.answer).not.toHaveBeenCalled();
    cleanup();

    const asking = setup((s) => {
      s.busy.value = true;
      s.prompts.value = [question];
    });
    key('Escape');
    expect(asking.a.answer).toHaveBeenCalledWith('q1', 'deny');
    expect(asking.a.stop).not.toHaveBeenCalled();
    cleanup();

    const working = setup((s) => (s.busy.value = true));
    key('Escape');
    expect(working.a.stop).toHaveBeenCalledOnce();
    cleanup();

    const idle = setup(() => {});
    key('Escape');
    expect(idle.a.stop).not.toHaveBeenCalled();
  });

  it('"/" goes to the message box, except while typing in a field', () => {
    setup(() => {});
    const input = screen.getByTestId('composer-input');
    key('/');
    expect(document.activeElement).toBe(input);
    fireEvent.input(input, { target: { value: 'a/b' } });
    key('/', input);
    expect((input as HTMLTextAreaElement).value).toBe('a/b');
  });

  it('gives the two common answers access keys', () => {
    setup((s) => (s.prompts.value = [question]));
    expect(screen.getByTestId('decision-allow-once').getAttribute('accesskey')).toBe('a');
    expect(screen.getByTestId('decision-deny').getAttribute('accesskey')).toBe('d');
  });
});

describe('App', () => {
  it('opens on the settings form until a provider is saved', () => {
    const state = createSidebarState();
    state.settings.value = null;
    render(
      <App
        workTab={signal(null)}
        price={signal(null)}
        nameSite={() => null}
        state={state}
        actions={actions()}
        voice={voice()}
      />,
    );
    expect(screen.getByText('Connect a model')).toBeTruthy();
    expect(screen.queryByTestId('composer-input')).toBeNull();
  });

  it('shows the conversation and the composer once configured, and toggles settings', () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.messages.value = [{ id: 'u', createdAt: at, role: 'user', content: 'Hi there', status: 'done' }];
    const a = actions();
    render(
      <App
        workTab={signal(null)}
        price={signal(null)}
        nameSite={() => null}
        state={state}
        actions={a}
        voice={voice()}
      />,
    );
    expect(screen.getByText('Hi there')).toBeTruthy();
    fireEvent.click(screen.getByTestId('view-settings'));
    expect(a.show).toHaveBeenCalledWith('settings');
  });

  it('shows the saved settings and the limits in the settings view', () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.limits.value = { maxSteps: 30, maxTokens: 400000, promptTimeoutSeconds: 120 };
    state.view.value = 'settings';
    render(
      <App
        workTab={signal(null)}
        price={signal(null)}
        nameSite={() => null}
        state={state}
        actions={actions()}
        voice={voice()}
      />,
    );
    expect((screen.getByTestId('settings-model') as HTMLInputElement).value).toBe('llama3.1');
    expect((screen.getByTestId('limit-maxSteps') as HTMLInputElement).value).toBe('30');
  });

  it('shows an error notice that can be dismissed', () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.notice.value = 'Unknown message type "X".';
    const a = actions();
    render(
      <App
        workTab={signal(null)}
        price={signal(null)}
        nameSite={() => null}
        state={state}
        actions={a}
        voice={voice()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Unknown message type');
    fireEvent.click(screen.getByLabelText('Dismiss'));
    expect(a.dismissNotice).toHaveBeenCalled();
  });

  it('tells the person when the connection is being re-established', () => {
    const state = createSidebarState();
    state.settings.value = saved;
    state.connection.value = 'reconnecting';
    render(
      <App
        workTab={signal(null)}
        price={signal(null)}
        nameSite={() => null}
        state={state}
        actions={actions()}
        voice={voice()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
  });
});

describe('Composer', () => {
  it('sends on Enter, trims, clears the draft; Shift+Enter does not send', () => {
    const onSend = vi.fn();
    render(
      <Composer
        busy={false}
        draft={signal('')}
        listening={false}
        onSend={onSend}
        onStop={vi.fn()}
        onSummarize={vi.fn()}
        onTalk={vi.fn()}
      />,
    );
    const input = screen.getByTestId('composer-input') as HTMLTextAreaElement;
    fireEvent.input(input, { target: { value: '  find a cheaper one ' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('find a cheaper one');
    expect(input.value).toBe('');
  });

  it('does not send an empty message', () => {
    const onSend = vi.fn();
    render(
      <Composer
        busy={false}
        draft={signal('')}
        listening={false}
        onSend={onSend}
        onStop={vi.fn()}
        onSummarize={vi.fn()}
        onTalk={vi.fn()}
      />,
    );
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('offers Stop instead of Send while answering', () => {
    const onStop = vi.fn();
    render(
      <Composer
        busy
        draft={signal('')}
        listening={false}
        onSend={vi.fn()}
        onStop={onStop}
        onSummarize={vi.fn()}
        onTalk={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('send')).toBeNull();
    fireEvent.click(screen.getByTestId('stop'));
    expect(onStop).toHaveBeenCalled();
  });
});

describe('MessageItem', () => {
  it("renders model output as sanitized markdown, and the person's words as text", () => {
    render(
      <>
        <MessageItem
          message={{
            id: 'a',
            createdAt: at,
            role: 'assistant',
            content: '**Done.** <img src=x onerror=alert(1)>',
            status: 'done',
          }}
        />
        <MessageItem
          message={{ id: 'b', createdAt: at, role: 'user', content: '**not bold** <img src=x>', status: 'done' }}
        />
      </>,
    );
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('[data-role="assistant"] strong')?.textContent).toBe('Done.');
    expect(screen.getByText('**not bold** <img src=x>')).toBeTruthy();
  });
  it('shows a failed answer with its error, a stopped one as stopped, and usage', () => {
    render(
      <>
        <MessageItem
          message={{
            id: 'a',
            createdAt: at,
            role: 'assistant',
            content: '',
            status: 'error',
            error: 'Invalid API key.',
          }}
        />
        <MessageItem
          message={{
            id: 'b',
            createdAt: at,
            role: 'assistant',
            content: 'Part',
            status: 'stopped',
            usage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 },
          }}
        />
      </>,
    );
    expect(screen.getByTestId('message-error').textContent).toBe('Invalid API key.');
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.getByTitle('12 in · 3 out')).toBeTruthy();
  });
});

describe('SettingsForm', () => {
  const form = (overrides: Partial<Parameters<typeof SettingsForm>[0]> = {}) => {
    const props = {
      saved: null,
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
    expect(screen.getByText('must not be empty')).toBeTruthy();
    expect(screen.getByText(/must be a URL/)).toBeTruthy();
    expect(screen.getByTestId('settings-model').getAttribute('aria-invalid')).toBe('true');
  });

  it('saves normalised settings', () => {
    const props = form();
    type('settings-model', ' gpt-4o-mini ');
    type('settings-apiKey', 'sk-123');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(props.onSave).toHaveBeenCalledWith({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-123',
      baseUrl: 'https://api.openai.com/v1',
    });
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

describe('PermissionsView', () => {
  const policy = {
    version: 1 as const,
    defaults: {
      'read-only': 'auto-approve' as const,
      navigate: 'ask' as const,
      interact: 'ask' as const,
      submit: 'ask' as const,
    },
    sites: { 'shop.example': 'interact' as const },
    tools: { submit_form: 'deny' as const },
    grants: [{ tool: 'click_element', site: 'shop.example', effect: 'allow' as const, scope: 'session' as const }],
    allowFileUrls: false,
  };

  it('lists defaults, grants, site rules and overrides, and sends each change', () => {
    const onChange = vi.fn();
    render(<PermissionsView policy={policy} onChange={onChange} />);
    expect(screen.getByTestId('grant').textContent).toContain(
      'shop.example · click_element · allowed until the browser closes',
    );
    expect(screen.getByTestId('site-rule').textContent).toContain('trusted up to interact');
    expect(screen.getByTestId('tool-override').textContent).toContain('submit_form · never');

    fireEvent.change(screen.getByTestId('default-navigate'), { target: { value: 'deny' } });
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'set-default', level: 'navigate', verdict: 'deny' });
    fireEvent.click(screen.getByTestId('revoke'));
    expect(onChange).toHaveBeenLastCalledWith({
      kind: 'revoke-grant',
      toolName: 'click_element',
      site: 'shop.example',
      scope: 'session',
    });

    fireEvent.input(screen.getByTestId('rule-site'), { target: { value: 'bank.example' } });
    fireEvent.change(screen.getByTestId('rule-level'), { target: { value: 'blocked' } });
    fireEvent.click(screen.getByTestId('rule-add'));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'set-site', site: 'bank.example', rule: 'blocked' });

    fireEvent.change(screen.getByTestId('override-tool'), { target: { value: 'navigate' } });
    fireEvent.change(screen.getByTestId('override-value'), { target: { value: 'allow' } });
    fireEvent.click(screen.getByTestId('override-add'));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'set-tool', toolName: 'navigate', override: 'allow' });
  });
});

describe('PermissionPrompt', () => {
  const request = {
    id: 'perm_1',
    toolName: 'click_element',
    parameters: { selector: '#buy' },
    site: 'shop.example',
    permissionLevel: 'interact' as const,
    reason: 'r',
    timestamp: 0,
  };

  it.each([
    ['abp', 'an AI agent, through the ABP page (abp-app.html)'],
    ['chat', 'the chat'],
    ['workflow step 2', 'workflow step 2'],
  ])('names the requester %s as a person reads it', (requester, shown) => {
    render(<PermissionPrompt prompt={{ ...request, requester }} waiting={0} onAnswer={vi.fn()} />);
    expect(screen.getByTestId('prompt-requester').textContent).toBe(shown);
  });
});
