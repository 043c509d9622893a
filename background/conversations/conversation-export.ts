import * as v from 'valibot';
import { describeIssues } from '../../src/messaging/router';
import type { ChatMessage } from '../../src/protocol/common';
import { ConversationExport } from '../../src/protocol/conversations';

/** A conversation as a JSON file: every message with its tool calls and results. */
export const toJson = (title: string, messages: readonly ChatMessage[], now = new Date()): string =>
  JSON.stringify(
    {
      format: 'bosun-conversation',
      version: 1,
      title,
      exportedAt: now.toISOString(),
      messages: [...messages],
    } satisfies ConversationExport,
    null,
    2,
  );

const fence = (text: string) => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}\n${text}\n${ticks}`;
};

/** A conversation as markdown a person can read: who said what, each tool call and what it returned. */
export function toMarkdown(title: string, messages: readonly ChatMessage[], now = new Date()): string {
  const parts = [`# ${title}`, `Exported from Bosun on ${now.toISOString()}.`];
  for (const m of messages) {
    if (m.role === 'user') parts.push(`## You\n\n${m.content}`);
    else if (m.role === 'assistant') {
      const calls = (m.toolCalls ?? []).map(
        (c) => `- Tool call \`${c.name}\`: ${fence(JSON.stringify(c.args, null, 2))}`,
      );
      parts.push([`## Bosun`, m.content, ...calls, m.error ? `> Error: ${m.error}` : ''].filter(Boolean).join('\n\n'));
    } else {
      parts.push(
        `### Result of \`${m.name ?? 'tool'}\` (${m.outcome ?? 'success'}${m.site ? `, ${m.site}` : ''})\n\n${fence(m.content)}`,
      );
    }
  }
  return `${parts.join('\n\n')}\n`;
}

/** Reads an exported conversation back; a clear error names what is wrong, and nothing is half-read. */
export function parseExport(
  data: string,
): { ok: true; conversation: ConversationExport } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return { ok: false, error: 'The file is not JSON. Choose a conversation exported from Bosun as JSON.' };
  }
  const parsed = v.safeParse(ConversationExport, raw);
  if (!parsed.success)
    return { ok: false, error: `The file is not a Bosun conversation: ${describeIssues(parsed.issues)}` };
  return { ok: true, conversation: parsed.output };
}

/** A file name from a title: letters, digits and dashes. */
export const fileName = (title: string, extension: 'md' | 'json') =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'conversation'
  }.${extension}`;
