import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Settings, Usage } from '../../src/protocol/common';
import {
  CUT_OFF,
  MALFORMED,
  ProviderError,
  describeBadToolArguments,
  describeHttpError,
  describeNetworkError,
  describeTimeout,
  redactError,
} from '../../src/llm/errors';
import { requestHeaders } from '../../src/llm/providers';
import type { ToolCall } from './types';
import { fetchWithKey } from '../../src/llm/provider-fetch';

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/** What one streamed answer amounted to, in either wire format. */
export interface Reply {
  text: string;
  toolCalls: ToolCall[];
  usage?: Usage;
}

/** Consumes one wire format's events; `finish` throws unless the stream ended properly. */
export interface StreamReader {
  /** Returns true when the event marks the end of the answer. */
  event(event: EventSourceMessage): boolean;
  finish(): Reply;
}

/** Set once any text or tool delta arrived: from then on the request must not be replayed. */
export interface Progress {
  received: boolean;
}

export interface StreamCall {
  settings: Settings;
  /** Under the base URL, e.g. `/chat/completions`. */
  path: string;
  body: unknown;
  signal: AbortSignal;
  idleTimeoutMs?: number;
  reader: StreamReader;
}

/** POSTs a streaming request and feeds its server-sent events to the reader, failing with a ProviderError. */
export async function postStream(call: StreamCall): Promise<Reply> {
  const { settings } = call;
  const idleMs = call.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const idle = new AbortController();
  const signal = AbortSignal.any([call.signal, idle.signal]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), idleMs);
  };
  // Decides what a failure means: the person stopped it, the provider went silent, or the network broke.
  const explain = (error: unknown, otherwise: ProviderError): unknown => {
    if (call.signal.aborted) return call.signal.reason ?? error;
    if (idle.signal.aborted) return describeTimeout(settings, Math.ceil(idleMs / 1000));
    return error instanceof ProviderError ? redactError(error, settings) : otherwise;
  };

  rearm();
  try {
    let response: Response;
    try {
      response = await fetchWithKey(settings, `${settings.baseUrl}${call.path}`, {
        method: 'POST',
        headers: requestHeaders(settings),
        body: JSON.stringify(call.body),
        signal,
      });
    } catch (error) {
      throw explain(error, describeNetworkError(settings));
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw describeHttpError(response.status, body, settings, response.headers);
    }
    if (!response.body) throw new ProviderError(MALFORMED);
    try {
      await readEvents(response.body, call.reader, rearm);
    } catch (error) {
      throw explain(error, new ProviderError(CUT_OFF));
    }
    return call.reader.finish();
  } finally {
    clearTimeout(timer);
  }
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  reader: StreamReader,
  onActivity: () => void,
): Promise<void> {
  // Events are queued and handled outside the parser's callback, so a reader's error is not swallowed by it.
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const bytes = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await bytes.read();
      // An event left without its closing blank line was cut off; the reader's finish() reports it.
      if (done) return;
      onActivity();
      parser.feed(decoder.decode(value, { stream: true }));
      for (const event of events.splice(0)) if (reader.event(event)) return;
    }
  } finally {
    await bytes.cancel().catch(() => undefined);
  }
}

/** Parses one event's JSON payload; anything else means the stream cannot be trusted. */
export function parseEventData<T>(data: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new ProviderError(MALFORMED);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new ProviderError(MALFORMED);
  return parsed as T;
}

/** A streamed tool call's arguments: a JSON object, or nothing is run. Empty means no arguments. */
export function parseToolArguments(name: string, json: string): Record<string, unknown> {
  if (json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw describeBadToolArguments(name);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw describeBadToolArguments(name);
  return parsed as Record<string, unknown>;
}
