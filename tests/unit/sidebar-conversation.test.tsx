// @vitest-environment jsdom
// The conversation: the message box, and how each message shows.
import { signal } from '@preact/signals';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../sidebar/components/Composer';
import { MessageItem } from '../../sidebar/components/MessageItem';
import { at } from './support/sidebar-props';

afterEach(cleanup);

describe('Composer', () => {
  it('sends on Enter, trims, clears the draft; Shift+Enter does not send', () => {
    const onSend = vi.fn();
    render(
      <Composer
        busy={false}
        draft={signal('')}
        context={{ attachments: signal([]), attachError: signal(null) }}
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
        context={{ attachments: signal([]), attachError: signal(null) }}
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
        context={{ attachments: signal([]), attachError: signal(null) }}
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
