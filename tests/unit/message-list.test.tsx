// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_WINDOW, MessageList } from '../../sidebar/components/MessageList';
import type { ChatMessage } from '../../src/protocol/common';

afterEach(cleanup);

const conversation = (prefix: string, count: number): ChatMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    role: i % 2 ? 'assistant' : 'user',
    content: `${prefix} message ${i}`,
    status: 'done',
  }));
const drawn = () =>
  [...document.querySelectorAll('[data-testid="message"]')].map((el) =>
    el.textContent?.replace(/^(You|Bosun) said:/, ''),
  );

describe('MessageList', () => {
  it('draws the latest messages of a long conversation, and earlier ones a window at a time', () => {
    render(<MessageList messages={conversation('a', 120)} />);
    expect(drawn()).toHaveLength(MESSAGE_WINDOW);
    expect(drawn().at(-1)).toBe('a message 119');
    expect(screen.getByTestId('show-earlier').textContent).toBe('Show earlier messages (70 more)');
    fireEvent.click(screen.getByTestId('show-earlier'));
    expect(drawn()).toHaveLength(2 * MESSAGE_WINDOW);
    fireEvent.click(screen.getByTestId('show-earlier'));
    expect(drawn()).toHaveLength(120);
    expect(drawn()[0]).toBe('a message 0');
    expect(screen.queryByTestId('show-earlier')).toBeNull();
  });

  it('starts again from the latest messages when another conversation opens, and draws a short one whole', () => {
    const { rerender } = render(<MessageList messages={conversation('a', 120)} />);
    fireEvent.click(screen.getByTestId('show-earlier'));
    rerender(<MessageList messages={conversation('b', 200)} />);
    expect(drawn()).toHaveLength(MESSAGE_WINDOW);
    expect(drawn().at(-1)).toBe('b message 199');
    rerender(<MessageList messages={conversation('c', 3)} />);
    expect(drawn()).toEqual(['c message 0', 'c message 1', 'c message 2']);
  });

  it('redraws only the messages that were replaced, as the sidebar state replaces the one a streamed word changed', () => {
    const messages = conversation('a', 60);
    const { rerender } = render(<MessageList messages={messages} />);
    // Changed in place, the first drawn message keeps its object: it is not drawn again, which is
    // how a streamed word leaves the other messages of a long conversation alone.
    (messages[10] as ChatMessage).content = 'changed in place';
    const replaced = { ...(messages[59] as ChatMessage), content: 'a message 59, edited' };
    rerender(<MessageList messages={[...messages.slice(0, 59), replaced]} />);
    expect(drawn()[0]).toBe('a message 10');
    expect(drawn().at(-1)).toBe('a message 59, edited');
  });
});
