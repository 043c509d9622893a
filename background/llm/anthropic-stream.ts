import type { EventSourceMessage } from 'eventsource-parser';
import { CUT_OFF, MALFORMED, ProviderError } from '../../src/llm/errors';
import { parseEventData, parseToolArguments, type Progress, type Reply, type StreamReader } from './transport';
import type { ToolCall } from './types';

interface TokenCounts {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

interface StreamEvent {
  type?: string;
  index?: number;
  message?: { usage?: TokenCounts };
  content_block?: { type?: string; id?: string; name?: string; input?: unknown };
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string | null };
  usage?: TokenCounts;
  error?: { type?: string; message?: string };
}

type Block =
  { type: 'text' } | { type: 'tool_use'; id: string; name: string; json: string; input: unknown } | { type: 'other' };

// In-stream error types and the HTTP status they stand for, so an early overload is retried like a 529.
const ERROR_STATUS: Record<string, number> = { overloaded_error: 529, rate_limit_error: 429, api_error: 500 };

/** Reads Anthropic Messages events: text and tool_use blocks by index, usage, and message_stop. */
export class AnthropicStreamReader implements StreamReader {
  #text = '';
  #inputTokens = 0;
  #outputTokens = 0;
  #stopped = false;
  readonly #blocks = new Map<number, Block>();

  constructor(
    private readonly onText: (delta: string) => void,
    private readonly progress: Progress,
  ) {}

  event(event: EventSourceMessage): boolean {
    const data = parseEventData<StreamEvent>(event.data);
    switch (data.type ?? event.event) {
      case 'message_start':
        this.#countTokens(data.message?.usage);
        return false;
      case 'content_block_start':
        this.#blocks.set(blockIndex(data), openBlock(data.content_block));
        return false;
      case 'content_block_delta':
        this.#delta(blockIndex(data), data.delta);
        return false;
      case 'message_delta':
        this.#countTokens(data.usage);
        return false;
      case 'message_stop':
        this.#stopped = true;
        return true;
      case 'error':
        throw streamError(data.error);
      default:
        // ping, content_block_stop and event types added later carry nothing we need.
        return false;
    }
  }

  finish(): Reply {
    if (!this.#stopped) throw new ProviderError(CUT_OFF);
    const toolCalls: ToolCall[] = [];
    for (const [, block] of [...this.#blocks.entries()].sort(([a], [b]) => a - b)) {
      if (block.type !== 'tool_use') continue;
      // Input arrives as JSON fragments; a block without any keeps the input it opened with.
      const args = block.json.trim()
        ? parseToolArguments(block.name, block.json)
        : parseToolArguments(block.name, JSON.stringify(block.input ?? {}));
      toolCalls.push({ id: block.id, name: block.name, args });
    }
    const usage = {
      inputTokens: this.#inputTokens,
      outputTokens: this.#outputTokens,
      totalTokens: this.#inputTokens + this.#outputTokens,
    };
    return { text: this.#text, toolCalls, usage };
  }

  #delta(index: number, delta: StreamEvent['delta']): void {
    const block = this.#blocks.get(index);
    if (!block || !delta) throw new ProviderError(MALFORMED);
    if (delta.type === 'text_delta' && block.type === 'text' && delta.text) {
      this.progress.received = true;
      this.#text += delta.text;
      this.onText(delta.text);
    } else if (delta.type === 'input_json_delta' && block.type === 'tool_use') {
      this.progress.received = true;
      block.json += delta.partial_json ?? '';
    }
  }

  #countTokens(usage: TokenCounts | undefined): void {
    if (!usage) return;
    // Cached prompt tokens are reported apart from input_tokens but are still prompt the model read.
    const input =
      (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
    if (usage.input_tokens !== undefined) this.#inputTokens = input;
    // output_tokens is cumulative: message_delta carries the total.
    if (usage.output_tokens !== undefined) this.#outputTokens = usage.output_tokens;
  }
}

function blockIndex(data: StreamEvent): number {
  if (typeof data.index !== 'number') throw new ProviderError(MALFORMED);
  return data.index;
}

function openBlock(block: StreamEvent['content_block']): Block {
  if (block?.type === 'text') return { type: 'text' };
  if (block?.type === 'tool_use' && block.id && block.name) {
    return { type: 'tool_use', id: block.id, name: block.name, json: '', input: block.input };
  }
  // thinking, redacted_thinking, server tools: nothing to show or run.
  return { type: 'other' };
}

function streamError(error: StreamEvent['error']): ProviderError {
  const message = error?.message ?? 'unknown error';
  const status = ERROR_STATUS[error?.type ?? ''];
  return new ProviderError(`Anthropic stopped with an error: ${message}`, {
    detail: message,
    ...(status ? { status } : {}),
  });
}
