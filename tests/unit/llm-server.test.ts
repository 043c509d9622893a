// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer } from '../fixtures/llm-server/index';
import type { LlmServer } from '../fixtures/llm-server/index';

interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: unknown;
}

interface ToolCallDelta {
  index: number;
  id?: string;
  type?: string;
  function: { name?: string; arguments: string };
}

const messages = [{ role: 'user', content: 'Hi' }];

function chat(llm: LlmServer, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

/** The payloads of a complete SSE body, checking every event is exactly one `data:` line. */
function sseData(text: string): string[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((event) => {
      expect(event).toMatch(/^data: [^\n]*$/);
      return event.slice('data: '.length);
    });
}

function chunksOf(payloads: string[]): Chunk[] {
  return payloads.filter((payload) => payload !== '[DONE]').map((payload) => JSON.parse(payload) as Chunk);
}

function deltas(chunks: Chunk[]): Array<Record<string, unknown>> {
  return chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
}

/** Reads a body to its end or its failure, keeping what arrived. */
async function readUntilEndOrError(response: Response): Promise<{ text: string; failed: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += decoder.decode(read.value, { stream: true });
    }
    return { text, failed: false };
  } catch {
    return { text, failed: true };
  }
}

let llm: LlmServer;

beforeEach(async () => {
  llm = await startLlmServer();
});

afterEach(async () => {
  await llm.close();
});

describe('streaming text', () => {
  it('sends one chunk per scripted element, in order, then stop and [DONE]', async () => {
    llm.script({ kind: 'text', chunks: ['Hel', 'lo', ' world'] });
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const payloads = sseData(await response.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = chunksOf(payloads);
    expect(deltas(chunks)).toEqual([
      { role: 'assistant', content: 'Hel' },
      { content: 'lo' },
      { content: ' world' },
      {},
    ]);
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason)).toEqual([null, null, null, 'stop']);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'test-model')).toBe(true);
    expect(chunks.some((chunk) => 'usage' in chunk)).toBe(false);
  });

  it('paces chunks by delayMs so they reach the client separately', async () => {
    llm.script({ kind: 'text', chunks: ['one', 'two', 'three'], delayMs: 40 });
    const started = Date.now();
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    const reader = response.body!.getReader();
    const reads: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      reads.push(new TextDecoder().decode(read.value));
    }
    const contentReads = reads.filter((read) => read.includes('"content"'));
    expect(contentReads).toHaveLength(3);
    expect(contentReads.map((read) => (JSON.parse(read.slice(6)) as Chunk).choices[0]?.delta.content)).toEqual([
      'one',
      'two',
      'three',
    ]);
    // Three chunks, the finish chunk and [DONE]: four pauses.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 40 - 10);
  });

  it('adds a usage chunk before [DONE] only when include_usage is requested', async () => {
    llm.script({ kind: 'text', chunks: ['Hi'], usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const body = { model: 'test-model', messages, stream: true, stream_options: { include_usage: true } };
    const payloads = sseData(await (await chat(llm, body)).text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const usageChunk = JSON.parse(payloads.at(-2)!) as Chunk;
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
    const finish = JSON.parse(payloads.at(-3)!) as Chunk;
    expect(finish.choices[0]?.finish_reason).toBe('stop');
    expect(finish.usage).toBeNull();
  });
});

describe('non-streaming text', () => {
  it('joins the chunks into one chat.completion with usage', async () => {
    llm.script({ kind: 'text', chunks: ['Hello', ' there'], usage: { prompt_tokens: 7, completion_tokens: 2 } });
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
    });
  });
});

describe('tool calls', () => {
  const calls = [
    { id: 'call_1', name: 'navigate', arguments: { url: 'https://example.com/a', newTab: false } },
    { id: 'call_2', name: 'click', arguments: { selector: '#buy-now', reason: 'the user asked to buy it' } },
  ];

  it('streams each call as an opening delta and argument fragments that reassemble by index', async () => {
    llm.script({ kind: 'tool_calls', calls, text: 'Let me look.' });
    const chunks = chunksOf(sseData(await (await chat(llm, { model: 'test-model', messages, stream: true })).text()));
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: 'Let me look.' });
    const toolDeltas = deltas(chunks).flatMap((delta) => (delta.tool_calls as ToolCallDelta[] | undefined) ?? []);
    const assembled = new Map<number, { id?: string; name?: string; args: string }>();
    for (const delta of toolDeltas) {
      const entry = assembled.get(delta.index) ?? { args: '' };
      if (delta.id !== undefined) {
        expect(delta).toEqual({ index: delta.index, id: delta.id, type: 'function', function: { name: delta.function.name, arguments: '' } });
        Object.assign(entry, { id: delta.id, name: delta.function.name });
      } else {
        expect(Object.keys(delta).sort()).toEqual(['function', 'index']);
        expect(Object.keys(delta.function)).toEqual(['arguments']);
      }
      entry.args += delta.function.arguments;
      assembled.set(delta.index, entry);
    }
    expect([...assembled.entries()].map(([index, call]) => ({ index, id: call.id, name: call.name, args: JSON.parse(call.args) as unknown }))).toEqual(
      calls.map((call, index) => ({ index, id: call.id, name: call.name, args: call.arguments })),
    );
    // Arguments must be fragmented so a client that does not concatenate fails.
    expect(toolDeltas.filter((delta) => delta.index === 0 && delta.id === undefined).length).toBeGreaterThanOrEqual(2);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('returns arguments as JSON strings when not streaming', async () => {
    llm.script({ kind: 'tool_calls', calls: [calls[0]!] });
    const body = (await (await chat(llm, { model: 'test-model', messages })).json()) as {
      choices: Array<{ message: Record<string, unknown>; finish_reason: string }>;
    };
    expect(body.choices[0]?.finish_reason).toBe('tool_calls');
    expect(body.choices[0]?.message).toMatchObject({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'navigate', arguments: JSON.stringify(calls[0]!.arguments) } }],
    });
  });

  it('sends string arguments verbatim, even when they are not JSON', async () => {
    llm.script({ kind: 'tool_calls', calls: [{ id: 'call_x', name: 'click', arguments: '{"selector": "#a"' }] });
    const chunks = chunksOf(sseData(await (await chat(llm, { model: 'test-model', messages, stream: true })).text()));
    const args = deltas(chunks)
      .flatMap((delta) => (delta.tool_calls as ToolCallDelta[] | undefined) ?? [])
      .map((delta) => delta.function.arguments)
      .join('');
    expect(args).toBe('{"selector": "#a"');
  });
});

describe('error steps', () => {
  it('answers with an OpenAI-style default body and the scripted headers', async () => {
    llm.script({ kind: 'error', status: 429, headers: { 'retry-after': '2' } });
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({
      error: { message: 'Rate limit reached for requests. Please try again later.', type: 'requests', code: 'rate_limit_exceeded' },
    });
  });

  it('uses server_error for 5xx defaults', async () => {
    llm.script({ kind: 'error', status: 503 });
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
    });
  });

  it('sends a scripted body as given', async () => {
    llm.script({ kind: 'error', status: 400, body: { error: { message: 'context too long', type: 'invalid_request_error', code: 'context_length_exceeded' } } });
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: 'context too long', type: 'invalid_request_error', code: 'context_length_exceeded' } });
  });

  it('sends a string body verbatim', async () => {
    llm.script({ kind: 'error', status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } });
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe('<html>Bad Gateway</html>');
  });
});

describe('auth', () => {
  const unauthorized = { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } };
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
    const response = await chat(secured, { model: 'test-model', messages }, {
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-123' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content).toBe('welcome');
  });
});

describe('models', () => {
  it('rejects an unknown model with 404 without consuming a step', async () => {
    llm.script({ kind: 'text', chunks: ['kept'] });
    const response = await chat(llm, { model: 'gpt-nope', messages, stream: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: 'The model `gpt-nope` does not exist or you do not have access to it.', type: 'invalid_request_error', code: 'model_not_found' },
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

describe('broken responses', () => {
  it('cuts a stream without finish_reason or [DONE]', async () => {
    llm.script({ kind: 'cut', chunks: ['partial ', 'answer'] });
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(200);
    const { text, failed } = await readUntilEndOrError(response);
    expect(failed).toBe(true);
    expect(text).not.toContain('[DONE]');
    const chunks = chunksOf(sseData(text));
    expect(deltas(chunks).map((delta) => delta.content)).toEqual(['partial ', 'answer']);
    expect(chunks.every((chunk) => chunk.choices[0]?.finish_reason === null)).toBe(true);
  });

  it('cuts a non-streaming body mid-JSON', async () => {
    llm.script({ kind: 'cut', chunks: ['partial'] });
    const response = await chat(llm, { model: 'test-model', messages });
    await expect(response.json()).rejects.toThrow();
  });

  it('sends a data line that is not JSON', async () => {
    llm.script({ kind: 'malformed' });
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const payloads = sseData(await response.text());
    expect(payloads).toHaveLength(1);
    expect(() => JSON.parse(payloads[0]!) as unknown).toThrow(SyntaxError);
  });

  it('hangs until the client aborts, and keeps serving afterwards', async () => {
    llm.script({ kind: 'hang' }, { kind: 'text', chunks: ['after'] });
    const controller = new AbortController();
    const pending = chat(llm, { model: 'test-model', messages, stream: true }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const next = await chat(llm, { model: 'test-model', messages });
    expect(((await next.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content).toBe('after');
  });

  it('closes even with a hung request outstanding', async () => {
    const own = await startLlmServer();
    own.script({ kind: 'hang' });
    const pending = chat(own, { model: 'test-model', messages });
    await expect.poll(() => own.requests.length).toBe(1);
    await own.close();
    await expect(pending).rejects.toThrow();
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
    llm.script({ kind: 'text', chunks: ['first'] }, { kind: 'text', chunks: ['second'] }, { kind: 'text', chunks: ['third'] });
    const contents: string[] = [];
    for (let i = 0; i < 2; i++) {
      const body = (await (await chat(llm, { model: 'test-model', messages })).json()) as { choices: Array<{ message: { content: string } }> };
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
    const response = await chat(llm, { model: 'test-model', messages }, { headers: { 'content-type': 'application/json', ...origin } });
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

describe('stream_error', () => {
  it('streams the text, then a bare error object, and ends without finish_reason or [DONE]', async () => {
    llm.script({ kind: 'stream_error', chunks: ['Half', ' an answer'], error: { type: 'server_error', message: 'Provider disconnected' } });
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(response.status).toBe(200);
    const { text, failed } = await readUntilEndOrError(response);
    expect(failed).toBe(false);
    const payloads = sseData(text);
    expect(payloads.at(-1)).toBe('{"error":{"message":"Provider disconnected","type":"server_error","code":null}}');
    expect(payloads).not.toContain('[DONE]');
    const chunks = chunksOf(payloads.slice(0, -1));
    expect(deltas(chunks).map((delta) => delta.content)).toEqual(['Half', ' an answer']);
    expect(chunks.every((chunk) => chunk.choices[0]?.finish_reason === null)).toBe(true);
  });

  it('carries an OpenRouter-style numeric code, and becomes an HTTP error without streaming', async () => {
    const error = { type: 'overloaded_error', message: 'Overloaded', code: 502 };
    llm.script({ kind: 'stream_error', chunks: [], error }, { kind: 'stream_error', chunks: ['x'], error });
    const streamed = sseData(await (await chat(llm, { model: 'test-model', messages, stream: true })).text());
    expect(streamed).toEqual(['{"error":{"message":"Overloaded","type":"overloaded_error","code":502}}']);
    const response = await chat(llm, { model: 'test-model', messages });
    expect(response.status).toBe(529);
    expect(await response.json()).toEqual({ error: { message: 'Overloaded', type: 'overloaded_error', code: 502 } });
  });
});

describe('expect hook', () => {
  it('answers normally when the check passes, with the body and headers it saw', async () => {
    let seen: unknown;
    llm.script({ kind: 'text', chunks: ['fine'], expect: (body, headers) => void (seen = [body, headers['x-bosun-trace']]) });
    const response = await chat(llm, { model: 'test-model', messages }, { headers: { 'content-type': 'application/json', 'x-bosun-trace': 't1' } });
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content).toBe('fine');
    expect(seen).toEqual([{ model: 'test-model', messages }, 't1']);
    expect(llm.failures).toEqual([]);
  });

  it('answers 400 in the OpenAI shape when the check fails, and records the failure', async () => {
    llm.script(
      { kind: 'tool_calls', calls: [], expect: (body) => (Array.isArray((body as { tools?: unknown }).tools) ? null : 'tools missing') },
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
