import { browser } from '../../src/platform/browser';

/**
 * Chrome stops a service worker after 30 s without extension events, even while a fetch
 * streams; any extension API call resets that timer (Chrome 110+). Firefox's event page
 * has the same idle rule. So while work is pending, touch a cheap API every 20 s.
 */
const INTERVAL_MS = 20_000;
let pending = 0;
let timer: ReturnType<typeof setInterval> | undefined;

export async function holdAlive<T>(work: Promise<T>): Promise<T> {
  pending += 1;
  timer ??= setInterval(() => void browser.runtime.getPlatformInfo(), INTERVAL_MS);
  try {
    return await work;
  } finally {
    pending -= 1;
    if (pending === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }
}
