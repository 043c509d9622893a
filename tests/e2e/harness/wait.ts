import type { Truthy, WaitOptions } from './types';

export const DEFAULT_TIMEOUT_MS = 10_000;
const INTERVAL_MS = 50;
/** The longest one poll inside the page runs before it reports back (its last value names a timeout). */
const SLICE_MS = 2_000;

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Calls `probe` until it resolves to a truthy value and returns that value.
 * A probe that throws counts as "not yet" (pages reload, realms die). Each
 * attempt is raced against the deadline, so a hung evaluate cannot outlive it.
 * On timeout the error names the wait, the last value and the last error.
 */
export async function waitUntil<R>(
  probe: (remainingMs: number) => R | Promise<R>,
  opts: WaitOptions = {},
): Promise<Truthy<R>> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  let lastError: unknown;
  for (;;) {
    const remaining = deadline - Date.now();
    try {
      const value = await orAfter(
        Promise.resolve().then(() => probe(remaining)),
        remaining,
        expiredMark,
      );
      if (value !== expiredMark) {
        last = value;
        if (value) return value as Truthy<R>;
      }
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const parts = [
        `${opts.message ?? 'waitUntil'}: timed out after ${timeoutMs} ms`,
        `last value: ${describe(last)}`,
      ];
      if (lastError !== undefined) parts.push(`last error: ${describe(lastError)}`);
      throw new Error(parts.join('; '));
    }
    await new Promise((r) => setTimeout(r, Math.min(INTERVAL_MS, Math.max(deadline - Date.now(), 0))));
  }
}
const expiredMark: unique symbol = Symbol('expired');

/** `work`'s value, or `fallback` if it has not settled within `ms` (a hung driver call is left behind). */
export async function orAfter<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(ms, 0));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An expression that calls `fn(arg)` in the page every INTERVAL_MS until it gives a truthy value
 * or its slice ends (SLICE_MS, or half the time left, so a value is back before the wait's
 * deadline), then gives its last value. Polled from here, every check was a round trip
 * through the driver, whose work in the browser cost a fifth of a core per waiting page; polled in
 * the page (as Playwright's waitForFunction does), a wait costs one round trip per slice.
 * A throw ends the slice: `waitUntil` counts it as "not yet", as a page that reloads throws.
 */
export function pollInPage<R, A>(fn: (arg: A) => R | Promise<R>, arg: A | undefined, remainingMs: number): string {
  const value = arg === undefined ? 'undefined' : JSON.stringify(arg);
  const slice = Math.round(Math.min(SLICE_MS, remainingMs / 2));
  return `(async (probe, arg) => {
    const until = Date.now() + ${slice};
    for (;;) {
      const value = await probe(arg);
      if (value || Date.now() >= until) return value;
      await new Promise((resume) => setTimeout(resume, ${INTERVAL_MS}));
    }
  })(${fn.toString()}, ${value})`;
}
