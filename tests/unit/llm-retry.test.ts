// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ProviderError, describeHttpError, retryAfterMs } from '../../src/llm/errors';
import { abortableSleep, retryDelay } from '../../background/llm/retry';
import type { Settings } from '../../src/protocol/common';

const headers = (entries: Record<string, string>) => new Headers(entries);
const status = (code: number, retryAfter?: number) =>
  new ProviderError('x', { status: code, retryAfterMs: retryAfter });

describe('retry-after', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }, 7000],
    [{ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    [{ 'retry-after': '3600' }, 30_000],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%j → %s ms', (entries, expected) => {
    expect(retryAfterMs(headers(entries), now)).toBe(expected);
  });
});

describe('retryDelay', () => {
  it('backs off 1 s, 2 s, 4 s with jitter, three times at most, for 429 and 529', () => {
    for (const code of [429, 529]) {
      const waits = [1, 2, 3, 4].map((tries) => retryDelay(status(code), tries));
      expect(waits[0]).toBeGreaterThanOrEqual(750);
      expect(waits[0]).toBeLessThanOrEqual(1250);
      expect(waits[1]).toBeGreaterThanOrEqual(1500);
      expect(waits[1]).toBeLessThanOrEqual(2500);
      expect(waits[2]).toBeGreaterThanOrEqual(3000);
      expect(waits[2]).toBeLessThanOrEqual(5000);
      expect(waits[3]).toBeUndefined();
    }
  });

  it('honours retry-after, retries other 5xx once, and never retries a 4xx', () => {
    expect(retryDelay(status(429, 1000), 1)).toBe(1000);
    expect(retryDelay(status(503), 1)).toBeGreaterThan(0);
    expect(retryDelay(status(503), 2)).toBeUndefined();
    expect(retryDelay(status(400), 1)).toBeUndefined();
    expect(retryDelay(new ProviderError('network'), 1)).toBeUndefined();
    expect(retryDelay(status(429), 1, { maxRetries: 0 })).toBeUndefined();
  });

  it('an aborted wait rejects at once with the reason', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = abortableSleep(10_000, controller.signal);
    controller.abort(new DOMException('Stopped', 'AbortError'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError', message: 'Stopped' });
    expect(Date.now() - started).toBeLessThan(100);
  });
});

describe('describeHttpError', () => {
  const settings: Settings = {
    provider: 'anthropic',
    model: 'claude-x',
    apiKey: 'sk-ant-secret-123',
    baseUrl: 'https://api.anthropic.com/v1',
  };
  it('never repeats the key the provider echoed', () => {
    const body = JSON.stringify({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key sk-ant-secret-123' },
    });
    const error = describeHttpError(401, body, settings);
    expect(error.message).toBe(
      'Invalid API key. Double-check your anthropic key in Settings. (Anthropic said: invalid x-api-key ***)',
    );
    expect(error.detail).not.toContain('secret');
  });

  it("reads Anthropic's error body and names an overload", () => {
    const body = JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    expect(describeHttpError(529, body, settings).message).toBe(
      'Anthropic is overloaded right now (529). Try again in a minute. (Anthropic said: Overloaded)',
    );
  });
});
