// @vitest-environment node
// The scripted server speaking the OpenAI format: what it streams and answers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer } from '../fixtures/llm-server/index';
import type { LlmServer } from '../fixtures/llm-server/index';
import { messages, chat, sseData, chunksOf, deltas, readUntilEndOrError } from './support/openai-wire';
import type { Chunk, ToolCallDelta } from './support/openai-wire';
import { heldStep, seenInOrder } from './support/held-stream';
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
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'test-model')).toBe(
      true,
    );
    expect(chunks.some((chunk) => 'usage' in chunk)).toBe(false);
  });

  it('holds before the chunk a step names until the test lets it go on', async () => {
    const { step, release } = heldStep();
    llm.script(step);
    const response = await chat(llm, { model: 'test-model', messages, stream: true });
    expect(await seenInOrder(response, release, { one: '"one"', two: '"two"' })).toEqual(['one', 'released', 'two']);
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
        expect(delta).toEqual({
          index: delta.index,
          id: delta.id,
          type: 'function',
          function: { name: delta.function.name, arguments: '' },
        });
        Object.assign(entry, { id: delta.id, name: delta.function.name });
      } else {
        expect(Object.keys(delta).sort()).toEqual(['function', 'index']);
        expect(Object.keys(delta.function)).toEqual(['arguments']);
      }
      entry.args += delta.function.arguments;
      assembled.set(delta.index, entry);
    }
    expect(
      [...assembled.entries()].map(([index, call]) => ({
        index,
        id: call.id,
        name: call.name,
        args: JSON.parse(call.args) as unknown,
      })),
    ).toEqual(calls.map((call, index) => ({ index, id: call.id, name: call.name, args: call.arguments })));
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
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'navigate', arguments: JSON.stringify(calls[0]!.arguments) },
        },
      ],
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
    expect(
      ((await next.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content,
    ).toBe('after');
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

describe('stream_error', () => {
  it('streams the text, then a bare error object, and ends without finish_reason or [DONE]', async () => {
    llm.script({
      kind: 'stream_error',
      chunks: ['Half', ' an answer'],
      error: { type: 'server_error', message: 'Provider disconnected' },
    });
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
