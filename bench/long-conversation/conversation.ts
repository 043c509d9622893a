// A long conversation as Bosun exports it (format bosun-conversation, version 1), so it enters
// the extension through the History view's import, the path a person's file takes. Every fourth
// message starts a new exchange: a question, a turn that calls a tool, the tool's result, and a
// markdown answer with a list, a table and a code block, as real answers have.
import type { ChatMessage } from '../../src/protocol/common';

function exchange(n: number, at: (i: number) => string, first: number): ChatMessage[] {
  return [
    {
      id: `m${first}`,
      createdAt: at(first),
      role: 'user',
      content: `Question ${n}: what does the page about item ${n} say about its price and delivery?`,
      status: 'done',
    },
    {
      id: `m${first + 1}`,
      createdAt: at(first + 1),
      role: 'assistant',
      content: 'Let me read the page.',
      status: 'done',
      toolCalls: [{ id: `call${n}`, name: 'read_page', args: {} }],
    },
    {
      id: `m${first + 2}`,
      createdAt: at(first + 2),
      role: 'tool',
      content: `Item ${n} — price ${10 + (n % 90)}.99 USD, ships in ${1 + (n % 5)} days.`,
      status: 'done',
      toolCallId: `call${n}`,
      name: 'read_page',
      outcome: 'success',
      decision: 'auto-approved',
      site: 'shop.example',
    },
    {
      id: `m${first + 3}`,
      createdAt: at(first + 3),
      role: 'assistant',
      status: 'done',
      usage: { inputTokens: 900 + n, outputTokens: 120, totalTokens: 1020 + n },
      content: [
        `Item **${n}** costs *${10 + (n % 90)}.99 USD*. What the page says:`,
        '',
        `- ships in ${1 + (n % 5)} days`,
        '- free returns within 30 days',
        '',
        '| field | value |',
        '| --- | --- |',
        `| price | ${10 + (n % 90)}.99 |`,
        `| stock | ${n % 7} |`,
        '',
        '```json',
        `{ "item": ${n}, "currency": "USD" }`,
        '```',
      ].join('\n'),
    },
  ];
}

/** The export of a conversation of `count` messages (a multiple of 4 is a whole number of exchanges). */
export function conversationExport(count: number, title = `A conversation of ${count} messages`): string {
  const start = Date.UTC(2026, 0, 1);
  const at = (i: number) => new Date(start + i * 60_000).toISOString();
  const messages: ChatMessage[] = [];
  for (let n = 0; messages.length < count; n++) messages.push(...exchange(n, at, messages.length));
  return JSON.stringify({
    format: 'bosun-conversation',
    version: 1,
    title,
    exportedAt: at(count),
    messages: messages.slice(0, count),
  });
}
