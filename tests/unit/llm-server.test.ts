// @vitest-environment node
// The scripted server: errors, auth, models, request recording and checks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer } from '../fixtures/llm-server/index';
import type { LlmServer } from '../fixtures/llm-server/index';
import { messages, chat } from './support/openai-wire';
let llm: LlmServer;

beforeEach(async () => {
  llm = await startLlmServer();
});

afterEach(async () => {
  await llm.close();
});

describe('error steps', () => {
  it('answers with an OpenAI-style default body and the scripted headers', async () => {
    llm.script({ kind: 'error', status: 429, headers: { 'retry-after': '2' } });
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({
      error: {
        message: 'Rate limit reached for requests. Please try again later.',
        type: 'requests',
        code: 'rate_limit_exceeded',
      },
    });
  });

  it('uses server_error for 5xx defaults', async () => {
    llm.script({ kind: 'error', status: 503 });
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        message: 'The engine is currently overloaded, please try again later.',
        type: 'server_error',
        code: null,
      },
    });
  });

  it('sends a scripted body as given', async () => {
    llm.script({
      kind: 'error',
      status: 400,
      body: { error: { message: 'context too long', type: 'invalid_request_error', code: 'context_length_exceeded' } },
    });
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { message: 'context too long', type: 'invalid_request_error', code: 'context_length_exceeded' },
    });
  });

  it('sends a string body verbatim', async () => {
    llm.script({
      kind: 'error',
      status: 502,
      body: '<html>Bad Gateway</html>',
      headers: { 'content-type': 'text/html' },
    });
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe('<html>Bad Gateway</html>');
  });
});

describe('auth', () => {
  const unauthorized = {
    error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  };
  let secured: LlmServer;

  beforeEach(async () => {
    secured = await startLlmServer({ apiKey: 'sk-test-123' });
  });

  afterEach(async () => {
    await secured.close();
  });

  it('rejects a request without a key', async () => {
    secured.script({ kind: 'text', chunks: ['secret'] });
    const response = await chat(secured, { model: 'test-model', messages });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(unauthorized);
    expect(secured.pending).toBe(1);
  });

  it('rejects a wrong key, on models too', async () => {
    const response = await fetch(`${secured.baseUrl}/models`, { headers: { authorization: 'Bearer sk-wrong' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(unauthorized);
  });

  it('answers with the right key', async () => {
    secured.script({ kind: 'text', chunks: ['welcome'] });
    const response = await chat(
      secured,
      { model: 'test-model', messages },
      {
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-123' },
      },
    );
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content,
    ).toBe('welcome');
  });
});

describe('models', () => {
  it('rejects an unknown model with 404 without consuming a step', async () => {
    llm.script({ kind: 'text', chunks: ['kept'] });
    const response = await chat(llm, { model: 'gpt-nope', messages, stream: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message: 'The model `gpt-nope` does not exist or you do not have access to it.',
        type: 'invalid_request_error',
        code: 'model_not_found',
      },
    });
    expect(llm.pending).toBe(1);
  });

  it('lists the configured models', async () => {
    const custom = await startLlmServer({ models: ['alpha', 'beta'] });
    try {
      const response = await fetch(`${custom.baseUrl}/models`);
      expect(await response.json()).toEqual({
        object: 'list',
        data: [
          { id: 'alpha', object: 'model', owned_by: 'bosun-tests' },
          { id: 'beta', object: 'model', owned_by: 'bosun-tests' },
        ],
      });
    } finally {
      await custom.close();
    }
  });
});

describe('requests', () => {
  it('records method, path, lower-cased headers and the parsed body, rejected ones too', async () => {
    llm.script({ kind: 'text', chunks: ['ok'] });
    const body = { model: 'test-model', messages, stream: false };
    await chat(llm, body, { headers: { 'Content-Type': 'application/json', 'X-Bosun-Trace': 'abc' } });
    await chat(llm, { model: 'unknown', messages });
    await fetch(`${llm.baseUrl}/chat/completions`, { method: 'POST', body: '{not json' });
    expect(llm.requests).toHaveLength(3);
    expect(llm.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body });
    expect(llm.requests[0]?.headers['x-bosun-trace']).toBe('abc');
    expect(llm.requests[1]?.body).toEqual({ model: 'unknown', messages });
    expect(llm.requests[2]?.body).toBe('{not json');
  });

  it('notes when each request had arrived and when its answer had been sent', async () => {
    llm.script({ kind: 'text', chunks: ['one', ' two'], delayMs: 30 });
    const before = Date.now();
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    await response.text();
    const [recorded] = llm.requests;
    expect(recorded?.receivedAt).toBeGreaterThanOrEqual(before);
    // The answer was paced: it ended after its last delay, not when the request came.
    expect(recorded?.answeredAt).toBeGreaterThanOrEqual((recorded?.receivedAt ?? 0) + 25);
    expect(recorded?.answeredAt).toBeLessThanOrEqual(Date.now());
  });

  it('answers a malformed JSON body with 400', async () => {
    const response = await fetch(`${llm.baseUrl}/chat/completions`, { method: 'POST', body: '{not json' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/parse the JSON body/);
  });

  it('answers a request with no queued step with 500, loudly', async () => {
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect(body.error.message).toMatch(/no scripted response was queued/);
    expect(body.error.code).toBe('no_scripted_response');
  });

  it('consumes steps in order and reset clears steps and requests', async () => {
    llm.script(
      { kind: 'text', chunks: ['first'] },
      { kind: 'text', chunks: ['second'] },
      { kind: 'text', chunks: ['third'] },
    );
    const contents: string[] = [];
    for (let i = 0; i < 2; i++) {
      const body = (await (await chat(llm, { model: 'test-model', messages })).json()) as {
        choices: Array<{ message: { content: string } }>;
      };
      contents.push(body.choices[0]!.message.content);
    }
    expect(contents).toEqual(['first', 'second']);
    expect(llm.pending).toBe(1);
    llm.reset();
    expect(llm.pending).toBe(0);
    expect(llm.requests).toHaveLength(0);
  });

  it('sends no CORS headers, even to a preflight', async () => {
    llm.script({ kind: 'text', chunks: ['x'] });
    const origin = { origin: 'moz-extension://abc' };
    const response = await chat(
      llm,
      { model: 'test-model', messages },
      { headers: { 'content-type': 'application/json', ...origin } },
    );
    const preflight = await fetch(`${llm.baseUrl}/chat/completions`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    for (const headers of [response.headers, preflight.headers]) {
      expect([...headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    expect(preflight.status).toBe(404);
  });
});

describe('expect hook', () => {
  it('answers normally when the check passes, with the body and headers it saw', async () => {
    let seen: unknown;
    llm.script({
      kind: 'text',
      chunks: ['fine'],
      expect: (body, headers) => void (seen = [body, headers['x-bosun-trace']]),
    });
    const response = await chat(
      llm,
      { model: 'test-model', messages },
      { headers: { 'content-type': 'application/json', 'x-bosun-trace': 't1' } },
    );
    expect(
      ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content,
    ).toBe('fine');
    expect(seen).toEqual([{ model: 'test-model', messages }, 't1']);
    expect(llm.failures).toEqual([]);
  });

  it('answers 400 in the OpenAI shape when the check fails, and records the failure', async () => {
    llm.script(
      {
        kind: 'tool_calls',
        calls: [],
        expect: (body) => (Array.isArray((body as { tools?: unknown }).tools) ? null : 'tools missing'),
      },
      { kind: 'text', chunks: ['next'] },
    );
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: "Bosun test LLM server: the request did not meet the step's expectation: tools missing",
        type: 'invalid_request_error',
        code: 'unmet_expectation',
      },
    });
    expect(llm.failures).toEqual(['tools missing']);
    expect(llm.pending).toBe(1);
  });
});
