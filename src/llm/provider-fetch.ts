import type { Settings } from '../protocol/common';
import { ProviderError } from './errors';

/**
 * Where a redirect answering `url` pointed, seen by the browser's network layer: fetch hides a
 * manual redirect's Location (an "opaqueredirect" response), the background's webRequest listener
 * does not. Started before the request, stopped after it.
 */
export interface RedirectLookout {
  location(): Promise<string | null>;
  stop(): void;
}
let lookout: ((url: string) => RedirectLookout) | null = null;

/** The background installs its webRequest lookout here; elsewhere the error says "another address". */
export function lookForRedirectsWith(start: ((url: string) => RedirectLookout) | null): void {
  lookout = start;
}

/**
 * fetch for a request that carries the provider's key. It never follows a redirect: a 3xx would
 * carry the key and the conversation to whatever host it names (docs/architecture.md, Rules 8). The
 * error names the host it pointed to, from the response where it is visible, else from the lookout.
 */
export async function fetchWithKey(settings: Settings, url: string, init: RequestInit): Promise<Response> {
  const watch = lookout?.(url);
  try {
    const response = await fetch(url, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      const location = response.headers.get('location') ?? (await watch?.location()) ?? null;
      throw describeRedirect(settings, location, url);
    }
    return response;
  } finally {
    watch?.stop();
  }
}

function describeRedirect(settings: Settings, location: string | null, from: string): ProviderError {
  let target = 'another address';
  if (location) {
    try {
      target = new URL(location, from).host;
    } catch {
      // An unreadable Location still is a redirect; it is refused all the same.
    }
  }
  return new ProviderError(
    `${settings.baseUrl} answered with a redirect to ${target}. Bosun does not follow redirects with your key: ` +
      'check the base URL in Settings.',
  );
}
