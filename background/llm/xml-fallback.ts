import { ProviderError } from '../../src/llm/errors';
import { renderXmlToolCall } from './xml-tools';
import type { ChatTurn, ToolSpec } from './types';

// A 400/422 counts as "tools refused" only when the provider's words are about tools and about refusing them.
const TOOL_WORDS = /\b(tools?|tool[ _-]?(use|calls?|calling|choice)|functions?|function[ _-]?(calls?|calling))\b/i;
const REFUSAL_WORDS =
  /not (be )?(supported|support|allowed|available|enabled|permitted)|unsupported|does ?n[o']t (support|have)|unrecognized|unknown|unexpected|invalid|extra (fields?|inputs?|arguments?)|requires|no endpoints/i;

/** Whether the provider refused the request because of `tools` (Ollama models, some vLLM and LM Studio setups). */
export function toolsRefused(error: unknown): boolean {
  if (!(error instanceof ProviderError) || (error.status !== 400 && error.status !== 422)) return false;
  const words = error.detail ?? error.message;
  return TOOL_WORDS.test(words) && REFUSAL_WORDS.test(words);
}

/** Appended to the system prompt when tools go in as text: the protocol, then each tool with its schema. */
export function xmlToolInstructions(tools: readonly ToolSpec[]): string {
  const example = tools[0]?.name ?? 'tool_name';
  const listing = tools
    .map((tool) => `### ${tool.name}\n${tool.description}\nArguments (JSON Schema): ${JSON.stringify(tool.parameters)}`)
    .join('\n\n');
  return [
    '# Calling tools',
    'Tools are called by writing XML in your answer. To call a tool, write exactly:',
    `<tool_call name="${example}">{"argument": "value"}</tool_call>`,
    "The name attribute is the tool name. The body is one JSON object with the arguments, following the tool's JSON Schema; use {} when it takes none.",
    'You may write several calls in one answer. After your calls, stop and wait: the results come back in the next message inside <tool_result> tags.',
    'When you need no more tools, answer in plain text with no <tool_call>.',
    '',
    '## Available tools',
    '',
    listing,
  ].join('\n');
}

/**
 * The conversation as plain text turns, for a provider that takes no tool messages: earlier calls
 * are shown as the XML the model writes, and results come back as user turns.
 */
export function toXmlTurns(turns: readonly ChatTurn[]): ChatTurn[] {
  return turns.map((turn): ChatTurn => {
    if (turn.role === 'assistant' && turn.toolCalls?.length) {
      const calls = turn.toolCalls.map(renderXmlToolCall);
      return { role: 'assistant', content: [turn.content, ...calls].filter(Boolean).join('\n') };
    }
    if (turn.role !== 'tool') return turn;
    const content = `<tool_result name="${turn.name}" id="${turn.toolCallId}">\n${turn.content}\n</tool_result>`;
    return turn.image ? { role: 'user', content, image: turn.image } : { role: 'user', content };
  });
}

/** The number of earlier tool calls, so XML call ids (`xml_<n>`) stay unique across a conversation. */
export function countToolCalls(turns: readonly ChatTurn[]): number {
  return turns.reduce((count, turn) => count + (turn.role === 'assistant' ? (turn.toolCalls?.length ?? 0) : 0), 0);
}
