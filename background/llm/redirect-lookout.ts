import { lookForRedirectsWith, type RedirectLookout } from '../../src/llm/provider-fetch';
import { browser } from '../../src/platform/browser';

/** The listener's event can arrive just after fetch has settled; an error path can wait this long. */
const LATE_EVENT_MS = 1_000;

interface HeadersDetails {
  url: string;
  statusCode: number;
  responseHeaders?: { name: string; value?: string }[];
}
type HeadersListener = (details: HeadersDetails) => void;

/** The part of `webRequest.onHeadersReceived` the lookout uses. */
export interface HeadersEvent {
  addListener(
    listener: HeadersListener,
    filter: { urls: string[]; types: 'xmlhttprequest'[] },
    extra: 'responseHeaders'[],
  ): void;
  removeListener(listener: HeadersListener): void;
}

/**
 * Lets a refused provider redirect name where it pointed. fetch never shows a manual redirect's
 * Location; webRequest (read-only, no blocking) sees the 3xx response of Bosun's own request.
 * One listener serves every request to the provider's host: adding one per request cost each agent
 * step a round trip to the browser, and a listener on every host would wake the background for every
 * page's requests. It moves only when the provider's host changes; only watched requests' Location
 * headers are kept, and only until their request ends.
 */
export function createRedirectLookout(event: HeadersEvent): (url: string) => RedirectLookout {
  const watchers = new Map<string, Set<(location: string) => void>>();
  let host: string | null = null;
  const listener: HeadersListener = (details) => {
    const heard = watchers.get(details.url);
    if (!heard || details.statusCode < 300 || details.statusCode >= 400) return;
    const location = details.responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value;
    if (location !== undefined) for (const hear of heard) hear(location);
  };
  const listen = (url: string) => {
    const { protocol, hostname } = new URL(url);
    // A match pattern without a port matches every port, which a pattern cannot name in Firefox.
    const pattern = `${protocol}//${hostname}/*`;
    if (pattern === host) return;
    if (host !== null) event.removeListener(listener);
    event.addListener(listener, { urls: [pattern], types: ['xmlhttprequest'] }, ['responseHeaders']);
    host = pattern;
  };
  return (url) => {
    listen(url);
    let seen: string | null = null;
    let heard: ((location: string) => void) | null = null;
    const hear = (location: string) => {
      seen = location;
      heard?.(location);
    };
    const mine = watchers.get(url) ?? new Set();
    mine.add(hear);
    watchers.set(url, mine);
    return {
      location: () =>
        seen !== null
          ? Promise.resolve(seen)
          : new Promise((resolve) => {
              heard = resolve;
              setTimeout(() => resolve(null), LATE_EVENT_MS);
            }),
      stop: () => {
        mine.delete(hear);
        if (mine.size === 0) watchers.delete(url);
      },
    };
  };
}

export function setUpRedirectLookout(): void {
  lookForRedirectsWith(createRedirectLookout(browser.webRequest.onHeadersReceived));
}
