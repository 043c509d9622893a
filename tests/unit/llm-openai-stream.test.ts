// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { OpenAiStreamReader } from '../../background/llm/openai-stream';

/** Feeds chunk payloads straight to the reader, for shapes the scripted server does not produce. */
function read(chunks: unknown[]) {
  const reader = new OpenAiStreamReader(() => undefined, { received: false });
  for (const chunk of chunks) reader.event({ data: JSON.stringify(chunk), event: undefined, id: undefined });
  reader.event({ data: '[DONE]', event: undefined, id: undefined });
  return reader.finish().toolCalls;
}
const toolDelta = (call: Record<string, unknown>) => ({
  choices: [{ delta: { tool_calls: [call] }, finish_reason: null }],
});
const finish = { choices: [{ delta: {}, finish_reason: 'tool_calls' }] };

describe('OpenAiStreamReader tool calls', () => {
  it('keeps calls apart when a server numbers them all 0 (Gemini) or not at all (older Ollama)', () => {
    const calls = [
      { id: 'a', function: { name: 'click_element', arguments: '{"index":' } },
      { function: { arguments: '1}' } },
      { id: 'b', function: { name: 'read_page', arguments: '{}' } },
    ];
    const expected = [
      { id: 'a', name: 'click_element', args: { index: 1 } },
      { id: 'b', name: 'read_page', args: {} },
    ];
    expect(read([...calls.map((call) => toolDelta({ index: 0, ...call })), finish])).toEqual(expected);
    expect(read([...calls.map((call) => toolDelta(call)), finish])).toEqual(expected);
  });

  it('reads a call with empty arguments as no arguments and gives a missing id one', () => {
    expect(read([toolDelta({ index: 0, function: { name: 'read_page', arguments: '' } }), finish])).toEqual([
      { id: 'call_0', name: 'read_page', args: {} },
    ]);
  });
});
