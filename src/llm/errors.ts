import type { Settings } from '../protocol/common';
import { PROVIDER_INFO } from './providers';

export interface ProviderErrorInfo {
  /** The HTTP status, or the status an in-stream error stands for (Anthropic's overloaded_error is 529). */
  status?: number;
  /** How long the provider asked us to wait (retry-after), already capped. */
  retryAfterMs?: number;
  /** The provider's own words, key removed, for deciding what to do (e.g. "does not support tools"). */
  detail?: string;
}

/** A failure to show to the person as it is: it says what went wrong and what to do. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly detail?: string;

  constructor(message: string, info: ProviderErrorInfo = {}) {
    super(message);
    if (info.status !== undefined) this.status = info.status;
    if (info.retryAfterMs !== undefined) this.retryAfterMs = info.retryAfterMs;
    if (info.detail !== undefined) this.detail = info.detail;
  }
}

export const CUT_OFF = 'The answer was cut off: the connection to the provider closed before it finished. Try again.';
export const MALFORMED =
  'The provider sent a malformed response, so the answer was dropped. Try again or check the base URL.';
/** Longest wait a retry-after may impose; beyond it the person is better served by an error. */
export const MAX_RETRY_WAIT_MS = 30_000;

const host = (baseUrl: string) => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

/** Some providers echo the key they refused; it must never reach a message, a log or the screen. */
export function redactKey(text: string, settings: Settings): string {
  return settings.apiKey.length >= 4 ? text.split(settings.apiKey).join('***') : text;
}

/** The error with the key removed from its words: an error inside a stream quotes the provider verbatim. */
export function redactError(error: ProviderError, settings: Settings): ProviderError {
  const info: ProviderErrorInfo = {};
  if (error.status !== undefined) info.status = error.status;
  if (error.retryAfterMs !== undefined) info.retryAfterMs = error.retryAfterMs;
  if (error.detail !== undefined) info.detail = redactKey(error.detail, settings);
  return new ProviderError(redactKey(error.message, settings), info);
}

/** The provider's own explanation, when its body has one, shortened for display. */
export function providerMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 300);
  } catch {
    // Not JSON: an HTML error page or plain text says nothing a person can use.
  }
  return undefined;
}

/** `retry-after` in seconds or as an HTTP date (RFC 9110), or OpenAI's `retry-after-ms`; capped. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  const value = headers?.get('retry-after')?.trim();
  let wait: number | undefined;
  if (ms && Number.isFinite(Number(ms))) wait = Number(ms);
  else if (value && /^\d+(\.\d+)?$/.test(value)) wait = Number(value) * 1000;
  else if (value && !Number.isNaN(Date.parse(value))) wait = Date.parse(value) - now;
  return wait === undefined ? undefined : Math.min(Math.max(0, wait), MAX_RETRY_WAIT_MS);
}

export function describeHttpError(status: number, body: string, settings: Settings, headers?: Headers): ProviderError {
  const { label } = PROVIDER_INFO[settings.provider];
  const detail = providerMessage(body);
  const said = detail && redactKey(detail, settings);
  const info: ProviderErrorInfo = { status, detail: said ?? redactKey(body.slice(0, 500), settings) };
  const wait = retryAfterMs(headers);
  if (wait !== undefined) info.retryAfterMs = wait;
  const because = said ? ` (${label} said: ${said})` : '';
  const error = (message: string) => new ProviderError(message, info);
  if (status === 401 || status === 403) {
    return error(`Invalid API key. Double-check your ${settings.provider} key in Settings.${because}`);
  }
  if (status === 404) {
    // Providers name the missing model in their 404 (OpenAI, Ollama, Anthropic); a 404 without it is a wrong URL.
    const api = settings.provider === 'anthropic' ? 'Anthropic API' : 'OpenAI-compatible API';
    return body.includes(settings.model) || body.includes('model_not_found')
      ? error(
          `The model "${settings.model}" was not found at ${host(settings.baseUrl)}. Check the model name in Settings.`,
        )
      : error(`No ${api} at ${settings.baseUrl}. Check the base URL in Settings.${because}`);
  }
  if (status === 429) return error(`${label} is rate limiting requests. Wait a moment and try again.${because}`);
  // 529 is Anthropic's "overloaded": the service is busy, not broken.
  if (status === 529) return error(`${label} is overloaded right now (529). Try again in a minute.${because}`);
  if (status >= 500) return error(`${label} had a server error (${status}). Try again shortly.${because}`);
  return error(`${label} refused the request (${status}).${because}`);
}

export function describeNetworkError(settings: Settings): ProviderError {
  const hint = settings.provider === 'ollama' ? ' Start it with "ollama serve".' : '';
  return new ProviderError(
    `Cannot reach ${host(settings.baseUrl)}. Check that the server is running and the base URL in Settings is right.${hint}`,
  );
}

export function describeTimeout(settings: Settings, seconds: number): ProviderError {
  const duration = seconds === 1 ? '1 second' : `${seconds} seconds`;
  return new ProviderError(`${PROVIDER_INFO[settings.provider].label} did not answer within ${duration}. Try again.`);
}

/** A tool call whose arguments did not arrive as a JSON object: nothing may be run on a guess. */
export function describeBadToolArguments(name: string): ProviderError {
  return new ProviderError(
    `The model asked for the tool "${name}" with arguments that are not a JSON object (the answer may have been cut short), so nothing was run. Try again.`,
  );
}
