import { expect } from 'vitest';
import type { LlmServer } from '../../fixtures/llm-server/index';

/** Helpers for reading the scripted server's OpenAI wire format in tests. */
export interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: unknown;
}

export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: string;
  function: { name?: string; arguments: string };
}

export const messages = [{ role: 'user', content: 'Hi' }];

export function chat(llm: LlmServer, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

/** The payloads of a complete SSE body, checking every event is exactly one `data:` line. */
export function sseData(text: string): string[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((event) => {
      expect(event).toMatch(/^data: [^\n]*$/);
      return event.slice('data: '.length);
    });
}

export function chunksOf(payloads: string[]): Chunk[] {
  return payloads.filter((payload) => payload !== '[DONE]').map((payload) => JSON.parse(payload) as Chunk);
}

export function deltas(chunks: Chunk[]): Array<Record<string, unknown>> {
  return chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
}

/** Reads a body to its end or its failure, keeping what arrived. */
export async function readUntilEndOrError(response: Response): Promise<{ text: string; failed: boolean }> {
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
