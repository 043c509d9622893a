import type { ChatTurn, ToolSpec } from './types';
import type { Settings } from '../../src/protocol/common';

/** What a wire format needs to build one request, after the tools mode has been decided. */
export interface WireRequest {
  settings: Settings;
  system: string;
  turns: ChatTurn[];
  /** Empty when tools are not sent natively (none, or the XML fallback). */
  tools: readonly ToolSpec[];
  maxTokens?: number;
}

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

type OpenAiMessage =
  | { role: 'system' | 'assistant'; content: string | null; tool_calls?: unknown[] }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export function openAiBody(request: WireRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.settings.model,
    messages: openAiMessages(request.system, request.turns),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    body.tool_choice = 'auto';
  }
  if (request.maxTokens !== undefined) {
    // OpenAI's newer models refuse `max_tokens`; the compatible servers only know it.
    body[request.settings.provider === 'openai' ? 'max_completion_tokens' : 'max_tokens'] = request.maxTokens;
  }
  return body;
}

export function openAiMessages(system: string, turns: readonly ChatTurn[]): OpenAiMessage[] {
  const messages: OpenAiMessage[] = system ? [{ role: 'system', content: system }] : [];
  // OpenAI takes no images in tool messages, and an assistant's tool calls must be followed by all
  // their tool messages with nothing between: screenshots go in a user message after the last one.
  let screenshots: ContentPart[] = [];
  const flushScreenshots = () => {
    if (screenshots.length > 0) messages.push({ role: 'user', content: screenshots });
    screenshots = [];
  };
  for (const turn of turns) {
    if (turn.role !== 'tool') flushScreenshots();
    switch (turn.role) {
      case 'user':
        messages.push({ role: 'user', content: turn.image ? withImage(turn.content, turn.image) : turn.content });
        break;
      case 'assistant':
        messages.push(assistantMessage(turn));
        break;
      case 'tool':
        messages.push({ role: 'tool', tool_call_id: turn.toolCallId, content: turn.content });
        if (turn.image)
          screenshots.push(...withImage(`The image returned by ${turn.name} (${turn.toolCallId}):`, turn.image));
    }
  }
  flushScreenshots();
  return messages;
}

function withImage(text: string, url: string): ContentPart[] {
  const parts: ContentPart[] = text ? [{ type: 'text', text }] : [];
  return [...parts, { type: 'image_url', image_url: { url } }];
}

function assistantMessage(turn: Extract<ChatTurn, { role: 'assistant' }>): OpenAiMessage {
  if (!turn.toolCalls?.length) return { role: 'assistant', content: turn.content };
  return {
    role: 'assistant',
    content: turn.content || null,
    tool_calls: turn.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    })),
  };
}
