import { lookForRedirectsWith, type RedirectLookout } from '../../src/llm/provider-fetch';
import { browser } from '../../src/platform/browser';

/** The listener's event can arrive just after fetch has settled; an error path can wait this long. */
const LATE_EVENT_MS = 1_000;

/**
 * Lets a refused provider redirect name where it pointed. fetch never shows a manual redirect's
 * Location; webRequest (read-only, no blocking) sees the 3xx response of Bosun's own request.
 * Only the request being made is watched, and only its Location header is kept.
 */
export function setUpRedirectLookout(): void {
  lookForRedirectsWith((url): RedirectLookout => {
    let seen: string | null = null;
    let heard: ((location: string) => void) | null = null;
    const listener = (details: {
      url: string;
      statusCode: number;
      responseHeaders?: { name: string; value?: string }[];
    }) => {
      if (details.url !== url || details.statusCode < 300 || details.statusCode >= 400) return;
      seen = details.responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value ?? null;
      if (seen !== null) heard?.(seen);
    };
    browser.webRequest.onHeadersReceived.addListener(listener, { urls: ['<all_urls>'], types: ['xmlhttprequest'] }, [
      'responseHeaders',
    ]);
    return {
      location: () =>
        seen !== null
          ? Promise.resolve(seen)
          : new Promise((resolve) => {
              heard = resolve;
              setTimeout(() => resolve(null), LATE_EVENT_MS);
            }),
      stop: () => browser.webRequest.onHeadersReceived.removeListener(listener),
    };
  });
}
