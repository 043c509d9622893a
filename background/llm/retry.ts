import { MAX_RETRY_WAIT_MS, ProviderError } from '../../src/llm/errors';
import type { Progress } from './transport';
import type { RetryInfo, RetryOptions } from './types';

const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_BASE_DELAY_MS = 1000;

export interface RetryContext {
  signal: AbortSignal;
  options?: RetryOptions;
  onRetry?(info: RetryInfo): void;
}

/**
 * Runs `attempt` again after a rate limit (429), an overload (529) or a server error (5xx, once),
 * honouring retry-after, but only while nothing has streamed: a partial answer is never replayed.
 * An abort, during the request or a wait, rejects at once with the signal's reason.
 */
export async function withRetries<T>(context: RetryContext, attempt: (progress: Progress) => Promise<T>): Promise<T> {
  const { signal } = context;
  for (let tries = 1; ; tries += 1) {
    const progress: Progress = { received: false };
    try {
      signal.throwIfAborted();
      return await attempt(progress);
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      const wait = progress.received ? undefined : retryDelay(error, tries, context.options);
      if (wait === undefined || !(error instanceof ProviderError)) throw tries > 1 ? afterTries(error, tries) : error;
      context.onRetry?.({ attempt: tries, delayMs: wait, reason: error.message });
      await abortableSleep(wait, signal);
    }
  }
}

/** How long to wait before try number `tries + 1`, or undefined when this error is not worth another try. */
export function retryDelay(error: unknown, tries: number, options: RetryOptions = {}): number | undefined {
  if (!(error instanceof ProviderError) || error.status === undefined) return undefined;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const { status } = error;
  const limit = status === 429 || status === 529 ? maxRetries : status >= 500 ? Math.min(1, maxRetries) : 0;
  if (tries > limit) return undefined;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  // Exponential backoff (1 s, 2 s, 4 s by default) with ±25 % jitter, so clients do not retry in lockstep.
  const base = (options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS) * 2 ** (tries - 1);
  return Math.min(MAX_RETRY_WAIT_MS, Math.round(base * (0.75 + Math.random() * 0.5)));
}

function afterTries(error: unknown, tries: number): unknown {
  if (!(error instanceof ProviderError)) return error;
  const { status, retryAfterMs, detail } = error;
  return new ProviderError(`${error.message} Bosun tried ${tries} times.`, { status, retryAfterMs, detail });
}

/** Waits, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
