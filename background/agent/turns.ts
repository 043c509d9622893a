import type { ChatTurn } from '../llm/types';
import type { ChatMessage } from '../../src/protocol/common';
import { untrusted } from '../tools/untrusted';

const NOT_RUN = 'Not run: the task was interrupted before this action.';

/**
 * The conversation as the model sees it. Answers without text or calls are left out; every
 * tool call gets a result (providers reject a call without one), so a call cut off by a stop
 * or restart is answered as not run.
 */
export function toTurns(messages: readonly ChatMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  const results = new Map(
    messages.filter((m) => m.role === 'tool' && m.toolCallId).map((m) => [m.toolCallId as string, m]),
  );
  for (const message of messages) {
    if (message.role === 'user') turns.push({ role: 'user', content: userWords(message) });
    if (message.role !== 'assistant' || message.status === 'streaming') continue;
    const calls = message.toolCalls ?? [];
    if (!message.content.trim() && calls.length === 0) continue;
    turns.push({ role: 'assistant', content: message.content, ...(calls.length > 0 ? { toolCalls: calls } : {}) });
    for (const call of calls) {
      const result = results.get(call.id);
      turns.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result?.content ?? NOT_RUN });
    }
  }
  return turns;
}

/** The person's words, and the page text they pointed at after them, marked as the page's. */
const userWords = ({ content, quote }: ChatMessage): string =>
  quote === undefined ? content : `${content}\n\nThe part of the page the person selected:\n${untrusted(quote)}`;
