// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer } from '../fixtures/llm-server/index';
import type { LlmServer } from '../fixtures/llm-server/index';

interface SseEvent {
  event: string;
  data: string;
}

interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

type Payload = Record<string, unknown> & {
  type: string;
  index?: number;
  content_block?: Block;
  delta?: Record<string, unknown>;
  message?: Record<string, unknown>;
  usage?: unknown;
};

const messages = [{ role: 'user', content: 'Hi' }];
const ANTHROPIC_HEADERS = { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' };

function post(llm: LlmServer, body: unknown, headers: Record<string, string> = ANTHROPIC_HEADERS, signal?: AbortSignal): Promise<Response> {
  return fetch(`${llm.anthropicBaseUrl}/v1/messages`, { method: 'POST', headers, body: JSON.stringify(body), signal });
}

function ask(llm: LlmServer, extra: Record<string, unknown> = {}): Promise<Response> {
  return post(llm, { model: 'test-model', max_tokens: 1024, messages, ...extra });
}

/** The events of an SSE body, checking every event is exactly one `event:` line and one `data:` line. */
function sseEvents(text: string): SseEvent[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((raw) => {
      const match = /^event: ([a-z_]+)\ndata: ([^\n]*)$/.exec(raw);
      expect(match, raw).not.toBeNull();
      return { event: match![1]!, data: match![2]! };
    });
}

/** Parses each event's data, checking its `type` repeats the event name, as Anthropic's does. */
function payloads(events: SseEvent[]): Payload[] {
  return events.map(({ event, data }) => {
    const payload = JSON.parse(data) as Payload;
    expect(payload.type).toBe(event);
    return payload;
  });
}

async function streamed(llm: LlmServer, extra: Record<string, unknown> = {}): Promise<Payload[]> {
  const response = await ask(llm, { stream: true, ...extra });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  return payloads(sseEvents(await response.text()));
}

function textOf(events: Payload[]): string[] {
  return events.filter((e) => e.type === 'content_block_delta' && e.delta?.type === 'text_delta').map((e) => e.delta!.text as string);
}

async function readUntilEndOrError(response: Response): Promise<{ text: string; failed: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true });
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
  it('sends the Anthropic event sequence with one text delta per chunk and usage at both ends', async () => {
    llm.script({ kind: 'text', chunks: ['Hel', 'lo', ' world'], usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const events = await streamed(llm);
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = events[0]!.message!;
    expect(start).toEqual({
      id: expect.stringMatching(/^msg_\w+$/) as unknown,
      type: 'message',
      role: 'assistant',
      model: 'test-model',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    });
    expect(events[1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    expect(events.slice(3, 6).map((e) => e.delta)).toEqual([
      { type: 'text_delta', text: 'Hel' },
      { type: 'text_delta', text: 'lo' },
      { type: 'text_delta', text: ' world' },
    ]);
    expect(events.slice(3, 7).every((e) => e.index === 0)).toBe(true);
    expect(events[7]).toEqual({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } });
    expect(events[8]).toEqual({ type: 'message_stop' });
  });

  it('paces text deltas by delayMs so they reach the client separately', async () => {
    llm.script({ kind: 'text', chunks: ['one', 'two', 'three'], delayMs: 40 });
    const started = Date.now();
    const response = await ask(llm, { stream: true });
    const reader = response.body!.getReader();
    const reads: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) reads.push(new TextDecoder().decode(read.value));
    const textReads = reads.filter((read) => read.includes('text_delta'));
    expect(textReads.map((read) => /"text":"(\w+)"/.exec(read)?.[1])).toEqual(['one', 'two', 'three']);
    // Two pauses between the deltas and one before message_delta.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 40 - 10);
  });

  it('estimates usage from the prompt and the answer when none is scripted', async () => {
    llm.script({ kind: 'text', chunks: ['12345678'] });
    const events = await streamed(llm);
    const inputTokens = (events[0]!.message!.usage as { input_tokens: number }).input_tokens;
    expect(Number.isInteger(inputTokens) && inputTokens > 0).toBe(true);
    expect(events.at(-2)?.usage).toEqual({ output_tokens: 2 });
  });
});

describe('tool use', () => {
  const calls = [
    { id: 'toolu_01', name: 'navigate', arguments: { url: 'https://example.com/a', newTab: false } },
    { id: 'toolu_02', name: 'click', arguments: { selector: '#buy-now', reason: 'the user asked to buy it' } },
  ];

  it('streams a text block, then one tool_use block per call whose input_json_delta fragments reassemble', async () => {
    llm.script({ kind: 'tool_calls', calls, text: 'Let me look.' });
    const events = await streamed(llm);
    const starts = events.filter((e) => e.type === 'content_block_start');
    expect(starts).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_01', name: 'navigate', input: {} } },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_02', name: 'click', input: {} } },
    ]);
    expect(events.filter((e) => e.type === 'ping')).toHaveLength(1);
    expect(textOf(events)).toEqual(['Let me look.']);
    expect(events.filter((e) => e.type === 'content_block_stop').map((e) => e.index)).toEqual([0, 1, 2]);
    for (const [offset, call] of calls.entries()) {
      const fragments = events
        .filter((e) => e.type === 'content_block_delta' && e.index === offset + 1)
        .map((e) => {
          expect(Object.keys(e.delta!).sort()).toEqual(['partial_json', 'type']);
          expect(e.delta!.type).toBe('input_json_delta');
          return e.delta!.partial_json as string;
        });
      // Like the real API: an empty opening fragment, then the JSON in several pieces.
      expect(fragments[0]).toBe('');
      expect(fragments.filter((fragment) => fragment !== '').length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(fragments.join(''))).toEqual(call.arguments);
    }
    expect(events.at(-2)).toMatchObject({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null } });
    expect(events.at(-1)).toEqual({ type: 'message_stop' });
  });

  it('sends string arguments verbatim as partial_json, even when they are not JSON', async () => {
    llm.script({ kind: 'tool_calls', calls: [{ id: 'toolu_x', name: 'click', arguments: '{"selector": "#a"' }] });
    const events = await streamed(llm);
    expect(textOf(events)).toEqual([]);
    const json = events.filter((e) => e.delta?.type === 'input_json_delta').map((e) => e.delta!.partial_json as string);
    expect(json.join('')).toBe('{"selector": "#a"');
  });

  it('returns content blocks with input objects when not streaming', async () => {
    llm.script({ kind: 'tool_calls', calls, text: 'Let me look.', usage: { prompt_tokens: 30, completion_tokens: 9 } });
    const response = await ask(llm);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^msg_\w+$/) as unknown,
      type: 'message',
      role: 'assistant',
      model: 'test-model',
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_01', name: 'navigate', input: calls[0]!.arguments },
        { type: 'tool_use', id: 'toolu_02', name: 'click', input: calls[1]!.arguments },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 30, output_tokens: 9 },
    });
  });
});

describe('non-streaming text', () => {
  it('joins the chunks into one text block with end_turn and usage', async () => {
    llm.script({ kind: 'text', chunks: ['Hello', ' there'], usage: { prompt_tokens: 7, completion_tokens: 2 } });
    const body = (await (await ask(llm)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'test-model',
      content: [{ type: 'text', text: 'Hello there' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 7, output_tokens: 2 },
    });
  });
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
    for (const headers of [ANTHROPIC_HEADERS, { ...ANTHROPIC_HEADERS, authorization: 'Bearer sk-ant-test' }, { ...ANTHROPIC_HEADERS, 'x-api-key': 'sk-wrong' }]) {
      const response = await post(secured, body, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthorized);
    }
    expect(secured.pending).toBe(1);
  });

  it('answers with the key in x-api-key and records the browser-access header', async () => {
    secured.script({ kind: 'text', chunks: ['welcome'] });
    const headers = { ...ANTHROPIC_HEADERS, 'x-api-key': 'sk-ant-test', 'anthropic-dangerous-direct-browser-access': 'true' };
    const response = await post(secured, { model: 'test-model', max_tokens: 64, messages }, headers);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { content: Block[] }).content).toEqual([{ type: 'text', text: 'welcome' }]);
    expect(secured.requests[0]?.headers).toMatchObject({ 'x-api-key': 'sk-ant-test', 'anthropic-dangerous-direct-browser-access': 'true' });
  });

  it('requires anthropic-version', async () => {
    llm.script({ kind: 'text', chunks: ['kept'] });
    const response = await post(llm, { model: 'test-model', max_tokens: 64, messages }, { 'content-type': 'application/json' });
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
    const denied = await fetch(`${secured.anthropicBaseUrl}/v1/models`, { headers: { 'anthropic-version': '2023-06-01' } });
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
    const response = await fetch(`${llm.anthropicBaseUrl}/v1/messages`, { method: 'POST', headers: ANTHROPIC_HEADERS, body: '{not json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('answers an unknown model with 404 not_found_error, without consuming a step', async () => {
    llm.script({ kind: 'text', chunks: ['kept'] });
    const response = await ask(llm, { model: 'claude-nope', stream: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ type: 'error', error: { type: 'not_found_error', message: 'model: claude-nope' } });
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
    expect(body).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: expect.stringMatching(/rate limit/) as unknown } });
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

describe('broken responses', () => {
  it('cuts a stream after the text deltas, with no block stop, message_delta or message_stop', async () => {
    llm.script({ kind: 'cut', chunks: ['partial ', 'answer'] });
    const response = await ask(llm, { stream: true });
    expect(response.status).toBe(200);
    const { text, failed } = await readUntilEndOrError(response);
    expect(failed).toBe(true);
    const events = payloads(sseEvents(text));
    expect(events.map((e) => e.type)).toEqual(['message_start', 'content_block_start', 'ping', 'content_block_delta', 'content_block_delta']);
    expect(textOf(events)).toEqual(['partial ', 'answer']);
  });

  it('cuts a non-streaming body mid-JSON', async () => {
    llm.script({ kind: 'cut', chunks: ['partial'] });
    const response = await ask(llm);
    await expect(response.json()).rejects.toThrow();
  });

  it('sends a content_block_delta whose data is not JSON', async () => {
    llm.script({ kind: 'malformed' });
    const response = await ask(llm, { stream: true });
    expect(response.status).toBe(200);
    const events = sseEvents(await response.text());
    expect(events.map((e) => e.event)).toEqual(['message_start', 'content_block_delta']);
    expect(() => JSON.parse(events[1]!.data) as unknown).toThrow(SyntaxError);
  });

  it('hangs until the client aborts', async () => {
    llm.script({ kind: 'hang' });
    const controller = new AbortController();
    const pending = post(llm, { model: 'test-model', max_tokens: 64, messages }, ANTHROPIC_HEADERS, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('stream_error', () => {
  const overloaded = { type: 'overloaded_error', message: 'Overloaded' };

  it('sends the text, then an error event inside the 200 stream, then ends without message_stop', async () => {
    llm.script({ kind: 'stream_error', chunks: ['Half', ' an answer'], error: overloaded });
    const response = await ask(llm, { stream: true });
    expect(response.status).toBe(200);
    const { text, failed } = await readUntilEndOrError(response);
    expect(failed).toBe(false);
    const events = sseEvents(text);
    expect(events.at(-1)).toEqual({ event: 'error', data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' });
    const parsed = payloads(events);
    expect(textOf(parsed)).toEqual(['Half', ' an answer']);
    expect(parsed.map((e) => e.type)).not.toContain('message_stop');
    expect(parsed.map((e) => e.type)).not.toContain('message_delta');
  });

  it('becomes an HTTP error of the matching status without streaming', async () => {
    llm.script({ kind: 'stream_error', chunks: ['x'], error: overloaded });
    const response = await ask(llm);
    expect(response.status).toBe(529);
    expect(await response.json()).toEqual({ type: 'error', error: overloaded });
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
    llm.script({ kind: 'text', chunks: ['never'], expect: (body) => ((body as { system?: string }).system ? null : 'no system prompt sent') });
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
