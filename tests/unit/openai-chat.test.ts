import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { streamChatCompletion } from '../../src/llm/openai-chat';
import { ProviderError } from '../../src/llm/errors';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';

let llm: LlmServer;
let settings: Settings;
beforeAll(async () => {
  llm = await startLlmServer({ apiKey: 'sk-good' });
  settings = { provider: 'openai', model: 'test-model', apiKey: 'sk-good', baseUrl: llm.baseUrl };
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const hello = [{ role: 'user' as const, content: 'Hello' }];

async function run(options: { settings?: Settings; signal?: AbortSignal; idleTimeoutMs?: number } = {}) {
  const deltas: string[] = [];
  try {
    const result = await streamChatCompletion(options.settings ?? settings, hello, {
      signal: options.signal ?? new AbortController().signal,
      onText: (delta) => deltas.push(delta),
      ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
    });
    return { result, deltas };
  } catch (error) {
    return { error, deltas };
  }
}

describe('streamChatCompletion', () => {
  it('streams each piece of text as it arrives and reports usage', async () => {
    llm.script({ kind: 'text', chunks: ['Hel', 'lo ', 'world'], usage: { prompt_tokens: 11, completion_tokens: 3 } });
    const { result, deltas } = await run();
    expect(deltas).toEqual(['Hel', 'lo ', 'world']);
    expect(result).toEqual({ content: 'Hello world', usage: { inputTokens: 11, outputTokens: 3, totalTokens: 14 } });
  });

  it('sends the model, the messages, the key and asks for a stream with usage', async () => {
    llm.script({ kind: 'text', chunks: ['ok'] });
    await run();
    const request = llm.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-good');
    expect(request?.body).toMatchObject({ model: 'test-model', messages: hello, stream: true, stream_options: { include_usage: true } });
  });

  const failures: [string, Parameters<LlmServer['script']>[0], RegExp][] = [
    ['a server error', { kind: 'error', status: 500 }, /server error \(500\)/],
    ['rate limiting', { kind: 'error', status: 429 }, /rate limiting/],
    ['a stream cut mid-way', { kind: 'cut', chunks: ['Hal', 'f an'] }, /cut off/],
    ['a malformed stream', { kind: 'malformed' }, /malformed/],
  ];
  it.each(failures)('turns %s into a clear error', async (_name, step, message) => {
    llm.script(step);
    const { error } = await run();
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(message);
  });

  it('reports a bad key in the words the person needs', async () => {
    const { error } = await run({ settings: { ...settings, apiKey: 'sk-bad' } });
    expect((error as Error).message).toMatch(/^Invalid API key\. Double-check your openai key in Settings\./);
    expect((error as Error).message).not.toContain('sk-bad');
  });

  it('reports an unknown model by name', async () => {
    const { error } = await run({ settings: { ...settings, model: 'gpt-imaginary' } });
    expect((error as Error).message).toMatch(/model "gpt-imaginary" was not found/);
  });

  it('reports an unreachable host', async () => {
    const { error } = await run({ settings: { ...settings, baseUrl: 'http://127.0.0.1:9/v1' } });
    expect((error as Error).message).toMatch(/Cannot reach 127\.0\.0\.1:9/);
  });

  it('stops when aborted, keeping what had arrived, with an abort (not a provider error)', async () => {
    llm.script({ kind: 'text', chunks: ['one ', 'two ', 'three'], delayMs: 300 });
    const controller = new AbortController();
    const pending = run({ signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 450));
    controller.abort();
    const { error, deltas } = await pending;
    expect(error).not.toBeInstanceOf(ProviderError);
    expect(deltas.join('')).toMatch(/^one (two )?$/);
  });

  it('gives up on a provider that stays silent', async () => {
    llm.script({ kind: 'hang' });
    const { error } = await run({ idleTimeoutMs: 300 });
    expect((error as Error).message).toMatch(/^OpenAI did not answer within 1 second\. Try again\.$/);
  });
});
