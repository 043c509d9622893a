import { describe, expect, it } from 'vitest';
import { fileName, parseExport, toJson, toMarkdown } from '../../background/conversations/conversation-export';
import type { ChatMessage } from '../../src/protocol/common';

const createdAt = '2026-11-21T09:00:00.000Z';
const now = new Date(createdAt);
const messages: ChatMessage[] = [
  { id: 'm1', createdAt, role: 'user', content: 'Add the shoes to my cart', status: 'done' },
  {
    id: 'm2',
    createdAt,
    role: 'assistant',
    content: '',
    status: 'done',
    toolCalls: [{ id: 't1', name: 'click_element', args: { selector: '#add' } }],
  },
  {
    id: 'm3',
    createdAt,
    role: 'tool',
    content: 'Clicked ``` the button',
    status: 'done',
    toolCallId: 't1',
    name: 'click_element',
    outcome: 'success',
    site: 'shop.example',
  },
  { id: 'm4', createdAt, role: 'assistant', content: 'Done: **added**.', status: 'done' },
];

describe('conversation export', () => {
  it('writes markdown with who said what, each tool call and its result', () => {
    const md = toMarkdown('Shoes', messages, now);
    expect(md).toContain('# Shoes\n\nExported from Bosun on 2026-11-21T09:00:00.000Z.');
    expect(md).toContain('## You\n\nAdd the shoes to my cart');
    expect(md).toContain('- Tool call `click_element`: ```\n{\n  "selector": "#add"\n}\n```');
    // A fence longer than any backtick run in the result, so the result cannot break out of it.
    expect(md).toContain('### Result of `click_element` (success, shop.example)\n\n````\nClicked ``` the button\n````');
    expect(md).toContain('## Bosun\n\nDone: **added**.');
  });

  it('round-trips through JSON, tool calls included', () => {
    const parsed = parseExport(toJson('Shoes', messages, now));
    expect(parsed).toEqual({
      ok: true,
      conversation: { format: 'bosun-conversation', version: 1, title: 'Shoes', exportedAt: createdAt, messages },
    });
  });

  it('refuses what is not an export, saying what is wrong', () => {
    expect(parseExport('not json')).toEqual({
      ok: false,
      error: 'The file is not JSON. Choose a conversation exported from Bosun as JSON.',
    });
    const wrong = parseExport(
      JSON.stringify({
        format: 'bosun-conversation',
        version: 1,
        title: 'x',
        exportedAt: createdAt,
        messages: [{ ...messages[0], role: 'system' }],
      }),
    );
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.error).toMatch(/^The file is not a Bosun conversation: .*messages\.0\.role/);
    expect(
      parseExport(
        JSON.stringify({ format: 'bosun-conversation', version: 1, title: 'x', exportedAt: createdAt, messages: [] }),
      ).ok,
    ).toBe(false);
    expect(
      parseExport(JSON.stringify({ format: 'other', version: 1, title: 'x', exportedAt: createdAt, messages })).ok,
    ).toBe(false);
  });

  it('names files after the title', () => {
    expect(fileName('Shoes: size 42?', 'md')).toBe('shoes-size-42.md');
    expect(fileName('???', 'json')).toBe('conversation.json');
  });
});
