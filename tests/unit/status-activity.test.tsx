// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../sidebar/components/StatusBar';
import type { ChatMessage } from '../../src/protocol/common';

afterEach(cleanup);

const messages: ChatMessage[] = [
  { id: 'u1', createdAt: '2026-01-01T00:00:00Z', role: 'user', content: 'Buy it', status: 'done' },
  {
    id: 'a1',
    createdAt: '2026-01-01T00:00:01Z',
    role: 'assistant',
    content: '',
    status: 'done',
    toolCalls: [{ id: 'c1', name: 'click_element', args: { selector: '#buy' } }],
  },
];

const bar = (step: { toolCallId: string; target: string; url: string } | null) =>
  render(
    <StatusBar tab={null} policy={null} messages={messages} busy step={step} price={null} nameSite={() => null} />,
  );

describe('the "now doing" line', () => {
  it('names the running action’s element as the page does once the gate has read it', () => {
    bar({ toolCallId: 'c1', target: 'Buy now', url: 'https://shop.example/' });
    expect(screen.getByTestId('status-activity').textContent).toBe('Step 1: Clicking ‘Buy now’');
  });

  it('says what the model wrote until then, and never takes another action’s element', () => {
    bar(null);
    expect(screen.getByTestId('status-activity').textContent).toBe('Step 1: Clicking ‘#buy’');
    cleanup();
    bar({ toolCallId: 'c0', target: 'Cancel order', url: 'https://shop.example/' });
    expect(screen.getByTestId('status-activity').textContent).toBe('Step 1: Clicking ‘#buy’');
  });
});
