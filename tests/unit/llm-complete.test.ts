// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { complete } from '../../background/llm/complete';
import type { ChatTurn, CompletionRequest, ToolSpec } from '../../background/llm/types';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';

let llm: LlmServer;
beforeAll(async () => {
  llm = await startLlmServer({ apiKey: 'sk-good' });
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const FORMATS = [
  { name: 'OpenAI-compatible', provider: 'openai' },
  { name: 'Anthropic', provider: 'anthropic' },
] as const;

const CLICK: ToolSpec = {
  name: 'click_element',
  description: 'Clicks the element with this index.',
  parameters: { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] },
};
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

type Body = Record<string, unknown> & { messages: Record<string, unknown>[] };

describe.each(FORMATS)('complete() over $name', ({ provider }) => {
  const settings = (): Settings => ({ provider, model: 'test-model', apiKey: 'sk-good', baseUrl: llm.baseUrl });
  async function run(overrides: Partial<CompletionRequest> = {}) {
    const deltas: string[] = [];
    const result = await complete({
      settings: settings(),
      system: 'You are Bosun.',
      turns: [{ role: 'user', content: 'Hello' }],
      tools: [],
      signal: new AbortController().signal,
      onText: (delta) => deltas.push(delta),
      ...overrides,
    });
    return { result, deltas };
  }

  it('streams each piece of text as it arrives and reports usage', async () => {
    llm.script({ kind: 'text', chunks: ['Hel', 'lo ', 'world'], usage: { prompt_tokens: 11, completion_tokens: 3 } });
    const { result, deltas } = await run();
    expect(deltas).toEqual(['Hel', 'lo ', 'world']);
    expect(result).toEqual({
      text: 'Hello world',
      toolCalls: [],
      usage: { inputTokens: 11, outputTokens: 3, totalTokens: 14 },
      usedToolFallback: false,
    });
  });

  it('reassembles two tool calls whose arguments arrive in pieces', async () => {
    llm.script({
      kind: 'tool_calls',
      text: 'Let me do that.',
      calls: [
        { id: 'call_1', name: 'click_element', arguments: { index: 3 } },
        { id: 'call_2', name: 'type_text', arguments: { index: 5, text: 'Hello "world" — ünïcode' } },
      ],
    });
    const { result, deltas } = await run({ tools: [CLICK] });
    expect(deltas.join('')).toBe('Let me do that.');
    expect(result.text).toBe('Let me do that.');
    expect(result.toolCalls).toEqual([
      { id: 'call_1', name: 'click_element', args: { index: 3 } },
      { id: 'call_2', name: 'type_text', args: { index: 5, text: 'Hello "world" — ünïcode' } },
    ]);
    expect(result.usedToolFallback).toBe(false);
    expect(result.usage?.outputTokens).toBeGreaterThan(0);
  });

  it("sends the tools, the system prompt and the headers in the provider's format", async () => {
    llm.script({
      kind: 'text',
      chunks: ['ok'],
      expect: (raw, headers) => {
        const body = raw as Body;
        expect(body).toMatchObject({ model: 'test-model', stream: true });
        if (provider === 'anthropic') {
          expect(headers).toMatchObject({
            'x-api-key': 'sk-good',
            'anthropic-version': '2023-06-01',
            'anthropic-dangerous-direct-browser-access': 'true',
            'content-type': 'application/json',
          });
          expect(headers.authorization).toBeUndefined();
          expect(body).toMatchObject({ system: 'You are Bosun.', max_tokens: 4096, messages: [{ role: 'user' }] });
          expect(body.tools).toEqual([
            { name: CLICK.name, description: CLICK.description, input_schema: CLICK.parameters },
          ]);
        } else {
          expect(headers.authorization).toBe('Bearer sk-good');
          expect(body).toMatchObject({ stream_options: { include_usage: true }, tool_choice: 'auto' });
          expect(body.messages).toEqual([
            { role: 'system', content: 'You are Bosun.' },
            { role: 'user', content: 'Hello' },
          ]);
          expect(body.tools).toEqual([
            {
              type: 'function',
              function: { name: CLICK.name, description: CLICK.description, parameters: CLICK.parameters },
            },
          ]);
        }
      },
    });
    await run({ tools: [CLICK] });
    expect(llm.failures).toEqual([]);
    expect(llm.requests.at(-1)?.path).toBe(provider === 'anthropic' ? '/v1/messages' : '/v1/chat/completions');
  });

  it('sends earlier tool calls and their results, a screenshot included', async () => {
    const turns: ChatTurn[] = [
      { role: 'user', content: 'Click the button and read the page' },
      {
        role: 'assistant',
        content: 'On it.',
        toolCalls: [
          { id: 'call_1', name: 'click_element', args: { index: 3 } },
          { id: 'call_2', name: 'read_page', args: {} },
        ],
      },
      { role: 'tool', toolCallId: 'call_1', name: 'click_element', content: 'Clicked.', image: PNG },
      { role: 'tool', toolCallId: 'call_2', name: 'read_page', content: '# Page' },
      { role: 'user', content: 'Go on' },
    ];
    llm.script({
      kind: 'text',
      chunks: ['Done.'],
      expect: (raw) => void expect((raw as Body).messages).toEqual(expectedMessages()),
    });
    await run({ turns, tools: [CLICK] });
    expect(llm.failures).toEqual([]);
  });

  function expectedMessages(): unknown[] {
    if (provider === 'anthropic') {
      return [
        { role: 'user', content: [{ type: 'text', text: 'Click the button and read the page' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'On it.' },
            { type: 'tool_use', id: 'call_1', name: 'click_element', input: { index: 3 } },
            { type: 'tool_use', id: 'call_2', name: 'read_page', input: {} },
          ],
        },
        // Both results and the next user turn merge into one user message: Anthropic wants alternating roles.
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'call_1',
              content: [
                { type: 'text', text: 'Clicked.' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
              ],
            },
            { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: '# Page' }] },
            { type: 'text', text: 'Go on' },
          ],
        },
      ];
    }
    return [
      { role: 'system', content: 'You are Bosun.' },
      { role: 'user', content: 'Click the button and read the page' },
      {
        role: 'assistant',
        content: 'On it.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'click_element', arguments: '{"index":3}' } },
          { id: 'call_2', type: 'function', function: { name: 'read_page', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Clicked.' },
      { role: 'tool', tool_call_id: 'call_2', content: '# Page' },
      // Tool messages take no images, and nothing may come between them: the screenshot follows the last one.
      {
        role: 'user',
        content: [
          { type: 'text', text: 'The image returned by click_element (call_1):' },
          { type: 'image_url', image_url: { url: PNG } },
        ],
      },
      { role: 'user', content: 'Go on' },
    ];
  }

  it('passes maxTokens on', async () => {
    llm.script({ kind: 'text', chunks: ['ok'] });
    await run({ maxTokens: 321 });
    const body = llm.requests.at(-1)?.body as Body;
    expect(provider === 'anthropic' ? body.max_tokens : body.max_completion_tokens).toBe(321);
  });
});
