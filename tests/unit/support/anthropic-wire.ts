import { expect } from 'vitest';
import type { LlmServer } from '../../fixtures/llm-server/index';

/** Helpers for reading the scripted server's Anthropic wire format in tests. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

export type Payload = Record<string, unknown> & {
  type: string;
  index?: number;
  content_block?: Block;
  delta?: Record<string, unknown>;
  message?: Record<string, unknown>;
  usage?: unknown;
};

export const messages = [{ role: 'user', content: 'Hi' }];
export const ANTHROPIC_HEADERS = { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' };

export function post(
  llm: LlmServer,
  body: unknown,
  headers: Record<string, string> = ANTHROPIC_HEADERS,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${llm.anthropicBaseUrl}/v1/messages`, { method: 'POST', headers, body: JSON.stringify(body), signal });
}

export function ask(llm: LlmServer, extra: Record<string, unknown> = {}): Promise<Response> {
  return post(llm, { model: 'test-model', max_tokens: 1024, messages, ...extra });
}

/** The events of an SSE body, checking every event is exactly one `event:` line and one `data:` line. */
export function sseEvents(text: string): SseEvent[] {
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
export function payloads(events: SseEvent[]): Payload[] {
  return events.map(({ event, data }) => {
    const payload = JSON.parse(data) as Payload;
    expect(payload.type).toBe(event);
    return payload;
  });
}

export async function streamed(llm: LlmServer, extra: Record<string, unknown> = {}): Promise<Payload[]> {
  const response = await ask(llm, { stream: true, ...extra });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  return payloads(sseEvents(await response.text()));
}

export function textOf(events: Payload[]): string[] {
  return events
    .filter((e) => e.type === 'content_block_delta' && e.delta?.type === 'text_delta')
    .map((e) => e.delta!.text as string);
}

export async function readUntilEndOrError(response: Response): Promise<{ text: string; failed: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read())
      text += decoder.decode(read.value, { stream: true });
    return { text, failed: false };
  } catch {
    return { text, failed: true };
  }
}
