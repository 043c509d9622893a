import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Settings, Usage } from '../protocol/common';
import { ProviderError, describeHttpError, describeNetworkError, describeTimeout } from './errors';
import { requestHeaders } from './providers';

export interface WireMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface StreamOptions {
  signal: AbortSignal;
  onText(delta: string): void;
  /** The longest silence allowed between two pieces of the answer (and before the first). */
  idleTimeoutMs?: number;
}

export interface ChatResult {
  content: string;
  usage?: Usage;
}

interface Chunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: { message?: string } | string;
}

const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
const CUT_OFF = 'The answer was cut off: the connection to the provider closed before it finished. Try again.';
const MALFORMED = 'The provider sent a malformed response, so the answer was dropped. Try again or check the base URL.';

/** Streams an OpenAI-compatible chat completion, calling `onText` with each new piece of text. */
export async function streamChatCompletion(
  settings: Settings,
  messages: WireMessage[],
  options: StreamOptions,
): Promise<ChatResult> {
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const timeout = new AbortController();
  const signal = AbortSignal.any([options.signal, timeout.signal]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => timeout.abort(), idleMs);
  };
  // Decides what a failure means: the person stopped it, the provider went silent, or the network broke.
  const explain = (error: unknown, otherwise: ProviderError): unknown => {
    if (options.signal.aborted) return options.signal.reason ?? error;
    if (timeout.signal.aborted) return describeTimeout(settings, Math.ceil(idleMs / 1000));
    return error instanceof ProviderError ? error : otherwise;
  };

  rearm();
  try {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: requestHeaders(settings),
        body: JSON.stringify({ model: settings.model, messages, stream: true, stream_options: { include_usage: true } }),
        signal,
      });
    } catch (error) {
      throw explain(error, describeNetworkError(settings));
    }
    if (!response.ok) throw describeHttpError(response.status, await response.text().catch(() => ''), settings);
    if (!response.body) throw new ProviderError(MALFORMED);
    try {
      return await readStream(response.body, options.onText, rearm);
    } catch (error) {
      throw explain(error, new ProviderError(CUT_OFF));
    }
  } finally {
    clearTimeout(timer);
  }
}

async function readStream(body: ReadableStream<Uint8Array>, onText: (delta: string) => void, onActivity: () => void) {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let content = '';
  let usage: Usage | undefined;
  let finished = false;
  let done = false;

  while (!done) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    onActivity();
    parser.feed(decoder.decode(value, { stream: true }));
    for (const event of events.splice(0)) {
      if (event.data === '[DONE]') {
        done = true;
        break;
      }
      const chunk = parseChunk(event.data);
      const choice = chunk.choices?.[0];
      const delta = choice?.delta?.content;
      if (delta) {
        content += delta;
        onText(delta);
      }
      if (choice?.finish_reason) finished = true;
      if (chunk.usage) usage = toUsage(chunk.usage);
    }
  }
  await reader.cancel().catch(() => undefined);
  if (!done && !finished) throw new ProviderError(CUT_OFF);
  return usage ? { content, usage } : { content };
}

function parseChunk(data: string): Chunk {
  let chunk: Chunk;
  try {
    chunk = JSON.parse(data) as Chunk;
  } catch {
    throw new ProviderError(MALFORMED);
  }
  if (typeof chunk !== 'object' || chunk === null) throw new ProviderError(MALFORMED);
  // OpenRouter and others report failures inside a 200 stream.
  if (chunk.error) {
    const message = typeof chunk.error === 'string' ? chunk.error : chunk.error.message;
    throw new ProviderError(`The provider stopped with an error: ${message ?? 'unknown error'}`);
  }
  return chunk;
}

function toUsage(raw: NonNullable<Chunk['usage']>): Usage {
  const inputTokens = raw.prompt_tokens ?? 0;
  const outputTokens = raw.completion_tokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: raw.total_tokens ?? inputTokens + outputTokens };
}
