// @vitest-environment node
// The scripted server in the Anthropic format: auth, validation, errors and request checks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer } from '../fixtures/llm-server/index';
import type { LlmServer } from '../fixtures/llm-server/index';
import { messages, ANTHROPIC_HEADERS, post, ask } from './support/anthropic-wire';
import type { Block } from './support/anthropic-wire';

let llm: LlmServer;

beforeEach(async () => {
  llm = await startLlmServer();
});

afterEach(async () => {
  await llm.close();
});

describe('auth and headers', () => {
  const unauthorized = { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } };
  let secured: LlmServer;

  beforeEach(async () => {
    secured = await startLlmServer({ apiKey: 'sk-ant-test' });
  });

  afterEach(async () => {
    await secured.close();
  });

  it('rejects a missing key, and a key sent as Bearer, without consuming a step', async () => {
    secured.script({ kind: 'text', chunks: ['secret'] });
    const body = { model: 'test-model', max_tokens: 64, messages };
    for (const headers of [
      ANTHROPIC_HEADERS,
      { ...ANTHROPIC_HEADERS, authorization: 'Bearer sk-ant-test' },
      { ...ANTHROPIC_HEADERS, 'x-api-key': 'sk-wrong' },
    ]) {
      const response = await post(secured, body, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthorized);
    }
    expect(secured.pending).toBe(1);
  });

  it('answers with the key in x-api-key and records the browser-access header', async () => {
    secured.script({ kind: 'text', chunks: ['welcome'] });
    const headers = {
      ...ANTHROPIC_HEADERS,
      'x-api-key': 'sk-ant-test',
      'anthropic-dangerous-direct-browser-access': 'true',
    };
    const response = await post(secured, { model: 'test-model', max_tokens: 64, messages }, headers);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { content: Block[] }).content).toEqual([{ type: 'text', text: 'welcome' }]);
    expect(secured.requests[0]?.headers).toMatchObject({
      'x-api-key': 'sk-ant-test',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
  });

  it('requires anthropic-version', async () => {
    llm.script({ kind: 'text', chunks: ['kept'] });
    const response = await post(
      llm,
      { model: 'test-model', max_tokens: 64, messages },
      { 'content-type': 'application/json' },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
    expect(llm.pending).toBe(1);
  });

  it('lists models in the Anthropic shape for an Anthropic client, behind x-api-key', async () => {
    const headers = { 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-ant-test' };
    const response = await fetch(`${secured.anthropicBaseUrl}/v1/models`, { headers });
    expect(await response.json()).toEqual({
      data: [{ type: 'model', id: 'test-model', display_name: 'test-model', created_at: '2025-01-01T00:00:00Z' }],
      has_more: false,
      first_id: 'test-model',
      last_id: 'test-model',
    });
    const denied = await fetch(`${secured.anthropicBaseUrl}/v1/models`, {
      headers: { 'anthropic-version': '2023-06-01' },
    });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual(unauthorized);
  });
});

describe('request validation', () => {
  const invalid = (message: string) => ({ type: 'error', error: { type: 'invalid_request_error', message } });

  it.each([
    [{ model: 'test-model', messages }, 'max_tokens: Field required'],
    [{ max_tokens: 64, messages }, 'model: Field required'],
    [{ model: 'test-model', max_tokens: 64 }, 'messages: Field required'],
    [{ model: 'test-model', max_tokens: 0, messages }, 'max_tokens: Input should be a positive integer'],
  ])('answers 400 for %j', async (body, message) => {
    llm.script({ kind: 'text', chunks: ['kept'] });
    const response = await post(llm, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalid(message));
    expect(llm.pending).toBe(1);
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await fetch(`${llm.anthropicBaseUrl}/v1/messages`, {
      method: 'POST',
      headers: ANTHROPIC_HEADERS,
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('answers an unknown model with 404 not_found_error, without consuming a step', async () => {
    llm.script({ kind: 'text', chunks: ['kept'] });
    const response = await ask(llm, { model: 'claude-nope', stream: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'model: claude-nope' },
    });
    expect(llm.pending).toBe(1);
  });

  it('answers with no queued step with a loud 500 api_error', async () => {
    const response = await ask(llm);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('api_error');
    expect(body.error.message).toMatch(/no scripted response was queued for POST \/v1\/messages/);
  });
});

describe('error steps', () => {
  it('answers 429 with a rate_limit_error body and the scripted retry-after', async () => {
    llm.script({ kind: 'error', status: 429, headers: { 'retry-after': '7' } });
    const response = await ask(llm, { stream: true });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    const body = (await response.json()) as { type: string; error: { type: string; message: string } };
    expect(body).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: expect.stringMatching(/rate limit/) as unknown },
    });
  });

  it.each([
    [529, { type: 'overloaded_error', message: 'Overloaded' }],
    [500, { type: 'api_error', message: 'Internal server error' }],
    [400, { type: 'invalid_request_error', message: 'Invalid request.' }],
  ])('answers %i with the Anthropic error body', async (status, error) => {
    llm.script({ kind: 'error', status });
    const response = await ask(llm);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ type: 'error', error });
  });
});

describe('expect hook', () => {
  it('hands the parsed body and lower-cased headers to the check, then answers normally', async () => {
    const seen: unknown[] = [];
    llm.script({
      kind: 'text',
      chunks: ['ok'],
      expect: (body, headers) => {
        seen.push(body, headers['anthropic-version']);
        return null;
      },
    });
    const response = await ask(llm, { system: 'Be brief.' });
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ model: 'test-model', max_tokens: 1024, messages, system: 'Be brief.' }, '2023-06-01']);
    expect(llm.failures).toEqual([]);
  });

  it('answers 400 with the returned message, records it, and consumes the step', async () => {
    llm.script({
      kind: 'text',
      chunks: ['never'],
      expect: (body) => ((body as { system?: string }).system ? null : 'no system prompt sent'),
    });
    const response = await ask(llm, { stream: true });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { type: string; error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/did not meet the step's expectation: no system prompt sent$/);
    expect(llm.failures).toEqual(['no system prompt sent']);
    expect(llm.pending).toBe(0);
    llm.reset();
    expect(llm.failures).toEqual([]);
  });

  it('turns a throwing assertion into a failure, on an error step too', async () => {
    llm.script({
      kind: 'error',
      status: 429,
      expect: (body) => {
        expect((body as { max_tokens: number }).max_tokens).toBe(5);
      },
    });
    const response = await ask(llm);
    expect(response.status).toBe(400);
    expect(llm.failures).toHaveLength(1);
    expect(llm.failures[0]).toMatch(/expected 1024 to be 5/);
  });
});
