// @vitest-environment node
// The scripted server speaking the Anthropic format: what it streams and answers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer } from '../fixtures/llm-server/index';
import type { LlmServer } from '../fixtures/llm-server/index';
import {
  messages,
  ANTHROPIC_HEADERS,
  post,
  ask,
  sseEvents,
  payloads,
  streamed,
  textOf,
  readUntilEndOrError,
} from './support/anthropic-wire';
import { heldStep, seenInOrder } from './support/held-stream';

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
    expect(events[7]).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 3 },
    });
    expect(events[8]).toEqual({ type: 'message_stop' });
  });

  it('holds before the chunk a step names until the test lets it go on', async () => {
    const { step, release } = heldStep();
    llm.script(step);
    const response = await ask(llm, { stream: true });
    expect(await seenInOrder(response, release, { one: '"text":"one"', two: '"text":"two"' })).toEqual([
      'one',
      'released',
      'two',
    ]);
  });

  it('paces text deltas by delayMs so they reach the client separately', async () => {
    llm.script({ kind: 'text', chunks: ['one', 'two', 'three'], delayMs: 40 });
    const started = Date.now();
    const response = await ask(llm, { stream: true });
    const reader = response.body!.getReader();
    const reads: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read())
      reads.push(new TextDecoder().decode(read.value));
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
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_01', name: 'navigate', input: {} },
      },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_02', name: 'click', input: {} },
      },
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
    expect(events.at(-2)).toMatchObject({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
    });
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

describe('broken responses', () => {
  it('cuts a stream after the text deltas, with no block stop, message_delta or message_stop', async () => {
    llm.script({ kind: 'cut', chunks: ['partial ', 'answer'] });
    const response = await ask(llm, { stream: true });
    expect(response.status).toBe(200);
    const { text, failed } = await readUntilEndOrError(response);
    expect(failed).toBe(true);
    const events = payloads(sseEvents(text));
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
    ]);
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
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    });
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
