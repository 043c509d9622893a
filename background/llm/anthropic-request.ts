import type { WireRequest } from './openai-request';
import type { ChatTurn } from './types';

export const DEFAULT_MAX_TOKENS = 4096;

type ImageBlock = {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };
};
type TextBlock = { type: 'text'; text: string };
type Block =
  | TextBlock
  | ImageBlock
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: (TextBlock | ImageBlock)[] };

interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

export function anthropicBody(request: WireRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.settings.model,
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages: anthropicMessages(request.turns),
    stream: true,
  };
  if (request.system) body.system = request.system;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.parameters,
    }));
  }
  return body;
}

/**
 * Anthropic wants strictly alternating roles, tool results as `tool_result` blocks in a user
 * message, and no empty text blocks: consecutive turns of one role become one message.
 */
export function anthropicMessages(turns: readonly ChatTurn[]): AnthropicMessage[] {
  const messages: AnthropicMessage[] = [];
  for (const turn of turns) {
    const role = turn.role === 'assistant' ? 'assistant' : 'user';
    const content = blocks(turn);
    if (content.length === 0) continue;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...content);
    else messages.push({ role, content });
  }
  return messages;
}

function blocks(turn: ChatTurn): Block[] {
  const text: TextBlock[] = turn.content ? [{ type: 'text', text: turn.content }] : [];
  switch (turn.role) {
    case 'user':
      return turn.image ? [...text, imageBlock(turn.image)] : text;
    case 'assistant':
      return [
        ...text,
        ...(turn.toolCalls ?? []).map((call) => ({
          type: 'tool_use' as const,
          id: call.id,
          name: call.name,
          input: call.args,
        })),
      ];
    case 'tool':
      return [
        {
          type: 'tool_result',
          tool_use_id: turn.toolCallId,
          content: turn.image ? [...text, imageBlock(turn.image)] : text,
        },
      ];
  }
}

/** A data: URL (a screenshot) becomes a base64 source; anything else is passed as a URL source. */
export function imageBlock(url: string): ImageBlock {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (match)
    return { type: 'image', source: { type: 'base64', media_type: match[1] ?? 'image/png', data: match[2] ?? '' } };
  return { type: 'image', source: { type: 'url', url } };
}
