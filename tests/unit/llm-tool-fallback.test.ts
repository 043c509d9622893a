// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { complete } from '../../background/llm/complete';
import { ProviderError } from '../../src/llm/errors';
import type { ChatTurn, CompletionRequest, ToolSpec } from '../../background/llm/types';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer, type Step } from '../fixtures/llm-server';

let llm: LlmServer;
beforeAll(async () => {
  llm = await startLlmServer();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const FORMATS = [
  {
    name: 'OpenAI-compatible',
    provider: 'ollama',
    refusal: (message: string) => ({ error: { message, type: 'invalid_request_error', code: null } }),
    noTools: 'registry.ollama.ai/library/gemma:2b does not support tools',
  },
  {
    name: 'Anthropic',
    provider: 'anthropic',
    refusal: (message: string) => ({ type: 'error', error: { type: 'invalid_request_error', message } }),
    noTools: 'This model does not support tools',
  },
] as const;

const CLICK: ToolSpec = {
  name: 'click_element',
  description: 'Clicks the element with this index.',
  parameters: {
    type: 'object',
    properties: { index: { type: 'integer', description: 'The element index' } },
    required: ['index'],
  },
};

type Body = { system?: string; tools?: unknown; tool_choice?: unknown; messages: { role: string; content: unknown }[] };

describe.each(FORMATS)('the XML tools fallback over $name', ({ provider, refusal, noTools }) => {
  const settings = (): Settings => ({ provider, model: 'test-model', apiKey: 'k', baseUrl: llm.baseUrl });
  const systemOf = (body: Body) => (provider === 'anthropic' ? body.system : (body.messages[0]?.content as string));
  async function run(overrides: Partial<CompletionRequest> = {}) {
    const deltas: string[] = [];
    const result = await complete({
      settings: settings(),
      system: 'You are Bosun.',
      turns: [{ role: 'user', content: 'Click the third button' }],
      tools: [CLICK],
      signal: new AbortController().signal,
      onText: (delta) => deltas.push(delta),
      retry: { baseDelayMs: 5 },
      ...overrides,
    });
    return { result, deltas };
  }

  it('asks again without tools when the model refuses them, and reads the calls from the text', async () => {
    llm.script(
      {
        kind: 'error',
        status: 400,
        body: refusal(noTools),
        expect: (raw) => void expect((raw as Body).tools).toBeDefined(),
      },
      {
        kind: 'text',
        chunks: ['I will click it. <tool', '_call name="click_element">{"index": ', '3}</tool_call>'],
        expect: (raw) => {
          const body = raw as Body;
          expect(body.tools).toBeUndefined();
          expect(body.tool_choice).toBeUndefined();
          const system = systemOf(body) ?? '';
          expect(system).toMatch(/^You are Bosun\.\n\n# Calling tools\n/);
          expect(system).toContain('<tool_call name="click_element">');
          expect(system).toContain(JSON.stringify(CLICK.parameters));
        },
      },
    );
    const { result, deltas } = await run();
    expect(llm.failures).toEqual([]);
    expect(result).toMatchObject({
      text: 'I will click it.',
      toolCalls: [{ id: 'xml_1', name: 'click_element', args: { index: 3 } }],
      usedToolFallback: true,
    });
    // The XML never reaches the person's screen.
    expect(deltas.join('')).toBe('I will click it. ');
  });

  it('does not fall back on a 400 that is not about tools', async () => {
    llm.script(
      { kind: 'error', status: 400, body: refusal('messages: text content blocks must be non-empty') },
      { kind: 'text', chunks: ['unused'] },
    );
    await expect(run()).rejects.toThrow(ProviderError);
    expect(llm.requests).toHaveLength(1);
  });

  it('with xmlTools set, sends the conversation as text from the start and keeps ids unique', async () => {
    const turns: ChatTurn[] = [
      { role: 'user', content: 'Click the third button' },
      {
        role: 'assistant',
        content: 'Clicking.',
        toolCalls: [{ id: 'xml_1', name: 'click_element', args: { index: 3 } }],
      },
      { role: 'tool', toolCallId: 'xml_1', name: 'click_element', content: 'Clicked.' },
    ];
    const step: Step = {
      kind: 'text',
      chunks: ['<tool_call name="click_element">\n  <arguments>{"index": 4}</arguments>\n</tool_call>'],
      expect: (raw) => {
        const body = raw as Body;
        expect(body.tools).toBeUndefined();
        const text = JSON.stringify(body.messages);
        expect(text).toContain(JSON.stringify('Clicking.\n<tool_call name="click_element">{"index":3}</tool_call>'));
        expect(text).toContain('<tool_result name=\\"click_element\\" id=\\"xml_1\\">\\nClicked.\\n</tool_result>');
        expect(text).not.toMatch(/tool_use|tool_calls|"role":"tool"/);
      },
    };
    llm.script(step);
    const { result } = await run({ turns, xmlTools: true });
    expect(llm.failures).toEqual([]);
    expect(result).toMatchObject({
      text: '',
      toolCalls: [{ id: 'xml_2', name: 'click_element', args: { index: 4 } }],
      usedToolFallback: true,
    });
  });

  it('reports a malformed call in the text instead of running it', async () => {
    llm.script({ kind: 'text', chunks: ['Trying. <tool_call name="click_element">{index: 3}</tool_call>'] });
    const { result } = await run({ xmlTools: true });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe(
      'Trying.\n[Bosun ignored a malformed tool call: the arguments of "click_element" are not a JSON object.]',
    );
  });
});
