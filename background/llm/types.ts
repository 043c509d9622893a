import type { Settings, Usage } from '../../src/protocol/common';

/** A tool as the model sees it: its parameters as JSON Schema (generated from valibot). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * One turn of a conversation, independent of any provider's wire format; each client converts
 * it (OpenAI: `tool_calls` and `role: 'tool'`; Anthropic: `tool_use` and `tool_result` blocks).
 */
export type ChatTurn =
  /** `image` (optional) is a data: or https: URL sent beside the text to vision-capable models. */
  | { role: 'user'; content: string; image?: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  /** `image` is a data: URL (a screenshot) for vision-capable models. */
  | { role: 'tool'; toolCallId: string; name: string; content: string; image?: string };

export interface CompletionRequest {
  settings: Settings;
  system: string;
  turns: ChatTurn[];
  tools: readonly ToolSpec[];
  signal: AbortSignal;
  /** New answer text as it streams in. */
  onText(delta: string): void;
  /** The longest silence allowed between two pieces of the answer (and before the first). */
  idleTimeoutMs?: number;
  maxTokens?: number;
  /**
   * Skip native tools and ask for XML tool calls from the start: set it once a result came back
   * with `usedToolFallback`, so later requests do not pay for a refused attempt each time.
   */
  xmlTools?: boolean;
  /** Retry tuning; the defaults (3 retries, 1 s doubling backoff) suit real providers. */
  retry?: RetryOptions;
  /** Told before each wait for a retry (rate limit, overload, server error), e.g. to show "retrying in 2 s". */
  onRetry?(info: RetryInfo): void;
}

export interface RetryOptions {
  /** Retries after 429 / 529 (a 5xx other than 529 is retried at most once). 0 turns retrying off. */
  maxRetries?: number;
  /** The first backoff wait when the provider gives no retry-after; it doubles each time. */
  baseDelayMs?: number;
}

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** The error being retried, as would be shown to the person. */
  reason: string;
}

export interface CompletionResult {
  text: string;
  /** Only calls whose arguments arrived whole and parsed: a cut or malformed stream yields none (it throws). */
  toolCalls: ToolCall[];
  usage?: Usage;
  /** True when the provider refused `tools` and the calls were read from XML in the text instead. */
  usedToolFallback: boolean;
}
