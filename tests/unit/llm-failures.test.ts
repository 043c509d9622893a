// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { complete } from '../../background/llm/complete';
import { ProviderError } from '../../src/llm/errors';
import type { CompletionRequest, RetryInfo, ToolSpec } from '../../background/llm/types';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer, type Step, type StreamError } from '../fixtures/llm-server';

let llm: LlmServer;
beforeAll(async () => {
  llm = await startLlmServer({ apiKey: 'sk-good-key' });
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const FORMATS = [
  {
    name: 'OpenAI-compatible',
    provider: 'openai',
    label: 'OpenAI',
    overload: { type: 'rate_limit_error', message: 'Slow down', code: 'rate_limit_exceeded' },
  },
  {
    name: 'Anthropic',
    provider: 'anthropic',
    label: 'Anthropic',
    overload: { type: 'overloaded_error', message: 'Overloaded' },
  },
] as const;

const CLICK: ToolSpec = {
  name: 'click_element',
  description: 'Clicks.',
  parameters: { type: 'object', properties: {}, required: [] },
};
// Fast backoff for the tests; the defaults (1 s, 2 s, 4 s) are checked in llm-retry.test.ts.
const FAST = { maxRetries: 3, baseDelayMs: 5 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(FORMATS)('complete() failures over $name', ({ provider, label, overload }) => {
  const settings = (): Settings => ({ provider, model: 'test-model', apiKey: 'sk-good-key', baseUrl: llm.baseUrl });
  async function run(overrides: Partial<CompletionRequest> = {}) {
    const deltas: string[] = [];
    const retries: RetryInfo[] = [];
    const started = Date.now();
    try {
      const result = await complete({
        settings: settings(),
        system: '',
        turns: [{ role: 'user', content: 'Hello' }],
        tools: [CLICK],
        signal: new AbortController().signal,
        onText: (delta) => deltas.push(delta),
        onRetry: (info) => retries.push(info),
        retry: FAST,
        ...overrides,
      });
      return { result, deltas, retries, elapsed: Date.now() - started };
    } catch (error) {
      return { error, deltas, retries, elapsed: Date.now() - started };
    }
  }
  const messageOf = (error: unknown) =>
    error instanceof ProviderError ? error.message : `not a ProviderError: ${String(error)}`;

  it('names a bad key without showing it', async () => {
    const { error } = await run({ settings: { ...settings(), apiKey: 'sk-wrong-key' } });
    expect(messageOf(error)).toMatch(
      new RegExp(`^Invalid API key\\. Double-check your ${provider} key in Settings\\.`),
    );
    expect(messageOf(error)).not.toContain('sk-wrong-key');
    expect(llm.requests).toHaveLength(1);
  });

  it('keeps the key out of an error the provider reports inside the stream, even when it quotes the key', async () => {
    llm.script({
      kind: 'stream_error',
      chunks: ['Let me'],
      error: { type: 'api_error', message: 'upstream refused key sk-good-key' },
    });
    const { error } = await run();
    expect(messageOf(error)).toMatch(/upstream refused key \*\*\*$/);
    expect((error as ProviderError).detail).toBe('upstream refused key ***');
  });

  it('names an unknown model', async () => {
    const { error } = await run({ settings: { ...settings(), model: 'imaginary-model' } });
    expect(messageOf(error)).toMatch(
      /^The model "imaginary-model" was not found at 127\.0\.0\.1:\d+\. Check the model name/,
    );
  });

  it('names a base URL with no API behind it', async () => {
    const { error } = await run({ settings: { ...settings(), baseUrl: `${llm.url}/nothing` } });
    expect(messageOf(error)).toMatch(
      provider === 'anthropic' ? /^No Anthropic API at / : /^No OpenAI-compatible API at /,
    );
  });

  it('retries a server error once, then says what happened', async () => {
    llm.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 }, { kind: 'text', chunks: ['unused'] });
    const { error, retries } = await run();
    expect(messageOf(error)).toMatch(
      new RegExp(`^${label} had a server error \\(500\\)\\. Try again shortly\\..* Bosun tried 2 times\\.$`),
    );
    expect(retries).toHaveLength(1);
    expect(llm.pending).toBe(1);
  });

  it('retries an overload (529) three times, then gives up clearly', async () => {
    llm.script(...Array.from({ length: 4 }, (): Step => ({ kind: 'error', status: 529 })), {
      kind: 'text',
      chunks: ['unused'],
    });
    const { error, retries } = await run();
    expect(messageOf(error)).toMatch(
      new RegExp(`^${label} is overloaded right now \\(529\\)\\. Try again in a minute\\..*Bosun tried 4 times\\.$`),
    );
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(llm.pending).toBe(1);
  });

  it('waits as long as retry-after says, then succeeds', async () => {
    llm.script({ kind: 'error', status: 429, headers: { 'retry-after': '1' } }, { kind: 'text', chunks: ['Fine now'] });
    const { result, retries, elapsed } = await run();
    expect(result?.text).toBe('Fine now');
    expect(retries).toEqual([{ attempt: 1, delayMs: 1000, reason: expect.stringMatching(/rate limiting/) }]);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(llm.requests).toHaveLength(2);
  });

  it('gives up on a rate limit after three retries', async () => {
    llm.script(...Array.from({ length: 4 }, (): Step => ({ kind: 'error', status: 429 })));
    const { error, retries } = await run();
    expect(messageOf(error)).toMatch(
      new RegExp(`^${label} is rate limiting requests\\. Wait a moment and try again\\..*Bosun tried 4 times\\.$`),
    );
    expect(retries).toHaveLength(3);
    expect(llm.requests).toHaveLength(4);
  });

  it('retries an in-stream overload that came before any text', async () => {
    llm.script({ kind: 'stream_error', chunks: [], error: overload }, { kind: 'text', chunks: ['Recovered'] });
    const { result, retries } = await run();
    expect(result?.text).toBe('Recovered');
    expect(retries).toHaveLength(1);
  });

  it('never replays an answer once text has streamed', async () => {
    llm.script({ kind: 'stream_error', chunks: ['Half an'], error: overload }, { kind: 'text', chunks: ['unused'] });
    const { error, deltas } = await run();
    expect(messageOf(error)).toMatch(/stopped with an error: (Slow down|Overloaded)/);
    expect(deltas).toEqual(['Half an']);
    expect(llm.requests).toHaveLength(1);
  });

  const broken: [string, Step, RegExp][] = [
    ['a stream cut mid-way', { kind: 'cut', chunks: ['Hal', 'f an'] }, /cut off/],
    ['a malformed stream', { kind: 'malformed' }, /malformed/],
    [
      'an error inside the stream',
      {
        kind: 'stream_error',
        chunks: ['Hi'],
        error: { type: 'api_error', message: 'Internal failure' } as StreamError,
      },
      /stopped with an error: Internal failure/,
    ],
    [
      'tool arguments that are not JSON',
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'click_element', arguments: '{"index": 3' }] },
      /"click_element" with arguments that are not a JSON object.*nothing was run/,
    ],
    [
      'tool arguments that are not an object',
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'click_element', arguments: '[3]' }] },
      /not a JSON object/,
    ],
    [
      'a good call beside a broken one',
      {
        kind: 'tool_calls',
        calls: [
          { id: 'call_1', name: 'click_element', arguments: { index: 1 } },
          { id: 'call_2', name: 'click_element', arguments: '{"index":' },
        ],
      },
      /not a JSON object/,
    ],
  ];
  it.each(broken)('turns %s into an error, and no tool call', async (_name, step, message) => {
    llm.script(step);
    const { error, result } = await run();
    expect(result).toBeUndefined();
    expect(messageOf(error)).toMatch(message);
  });

  it('stops when aborted mid-answer, with an abort (not a provider error)', async () => {
    llm.script({ kind: 'text', chunks: ['one ', 'two ', 'three'], delayMs: 300 });
    const controller = new AbortController();
    const pending = run({ signal: controller.signal });
    await sleep(450);
    controller.abort();
    const { error, deltas } = await pending;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(deltas.join('')).toMatch(/^one (two )?$/);
  });

  it('stops at once when aborted during a retry wait', async () => {
    llm.script({ kind: 'error', status: 429, headers: { 'retry-after': '20' } }, { kind: 'text', chunks: ['unused'] });
    const controller = new AbortController();
    const pending = run({ signal: controller.signal });
    await sleep(300);
    controller.abort();
    const { error, retries, elapsed } = await pending;
    expect((error as DOMException).name).toBe('AbortError');
    expect(retries).toEqual([expect.objectContaining({ delayMs: 20_000 })]);
    expect(elapsed).toBeLessThan(2000);
    expect(llm.requests).toHaveLength(1);
  });

  it('gives up on a provider that stays silent', async () => {
    llm.script({ kind: 'hang' });
    const { error } = await run({ idleTimeoutMs: 300 });
    expect(messageOf(error)).toBe(`${label} did not answer within 1 second. Try again.`);
  });
});
