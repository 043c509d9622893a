import type { EventSourceMessage } from 'eventsource-parser';
import type { Usage } from '../../src/protocol/common';
import { CUT_OFF, MALFORMED, ProviderError } from '../../src/llm/errors';
import { parseEventData, parseToolArguments, type Progress, type Reply, type StreamReader } from './transport';
import type { ToolCall } from './types';

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Chunk {
  choices?: {
    delta?: { content?: string | null; tool_calls?: ToolCallDelta[] | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: { message?: string; code?: unknown } | string;
}

interface PartialCall {
  id: string;
  name: string;
  args: string;
}

/** Reads `chat.completion.chunk` events: text deltas, tool calls assembled by index, usage, the end. */
export class OpenAiStreamReader implements StreamReader {
  #text = '';
  #usage: Usage | undefined;
  #finished = false;
  #done = false;
  // Keyed by the delta's `index`: the first delta of a call brings id and name, later ones argument fragments.
  readonly #calls = new Map<number, PartialCall>();
  /** The index the last delta named, and where its call was stored. */
  #last: { sent: number | undefined; index: number } = { sent: undefined, index: 0 };

  constructor(
    private readonly onText: (delta: string) => void,
    private readonly progress: Progress,
  ) {}

  event(event: EventSourceMessage): boolean {
    if (event.data.trim() === '[DONE]') {
      this.#done = true;
      return true;
    }
    const chunk = parseEventData<Chunk>(event.data);
    // OpenRouter, vLLM and others report failures inside a 200 stream.
    if (chunk.error) throw streamError(chunk.error);
    const choice = chunk.choices?.[0];
    const delta = choice?.delta;
    if (delta?.content) {
      this.progress.received = true;
      this.#text += delta.content;
      this.onText(delta.content);
    }
    for (const call of delta?.tool_calls ?? []) this.#addToolDelta(call);
    if (choice?.finish_reason) this.#finished = true;
    if (chunk.usage) this.#usage = toUsage(chunk.usage);
    return false;
  }

  finish(): Reply {
    if (!this.#done && !this.#finished) throw new ProviderError(CUT_OFF);
    if ([...this.#calls.values()].some((call) => !call.name)) throw new ProviderError(MALFORMED);
    const toolCalls: ToolCall[] = [...this.#calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({
        id: call.id || `call_${index}`,
        name: call.name,
        args: parseToolArguments(call.name, call.args),
      }));
    return { text: this.#text, toolCalls, ...(this.#usage ? { usage: this.#usage } : {}) };
  }

  #addToolDelta(delta: ToolCallDelta): void {
    this.progress.received = true;
    let index = delta.index ?? this.#last.index;
    // Fragments without an id continue the call they follow, even when it was moved to a fresh index.
    if (!delta.id && (delta.index === undefined || delta.index === this.#last.sent)) index = this.#last.index;
    // A new id at a used index is a new call: older Ollama sends no index, Gemini numbers parallel calls all 0.
    const used = this.#calls.get(index);
    if (delta.id && used?.id && used.id !== delta.id) index = Math.max(...this.#calls.keys()) + 1;
    const call = this.#calls.get(index) ?? { id: '', name: '', args: '' };
    if (delta.id) call.id = delta.id;
    // The name comes whole in the first delta; a server that repeats it must not double it.
    if (delta.function?.name && !call.name) call.name = delta.function.name;
    if (delta.function?.arguments) call.args += delta.function.arguments;
    this.#calls.set(index, call);
    this.#last = { sent: delta.index, index };
  }
}

function streamError(error: NonNullable<Chunk['error']>): ProviderError {
  const message = typeof error === 'string' ? error : (error.message ?? 'unknown error');
  const code = typeof error === 'string' ? undefined : error.code;
  // OpenRouter sends numeric HTTP-like codes; OpenAI names rate limits. Either lets an early failure be retried.
  const status = typeof code === 'number' ? code : code === 'rate_limit_exceeded' ? 429 : undefined;
  return new ProviderError(`The provider stopped with an error: ${message}`, {
    detail: message,
    ...(status ? { status } : {}),
  });
}

function toUsage(raw: NonNullable<Chunk['usage']>): Usage {
  const inputTokens = raw.prompt_tokens ?? 0;
  const outputTokens = raw.completion_tokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: raw.total_tokens ?? inputTokens + outputTokens };
}
