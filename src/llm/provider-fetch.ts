import type { Settings } from '../protocol/common';
import { ProviderError } from './errors';

/**
 * fetch for a request that carries the provider's key. It never follows a redirect: a 3xx would
 * carry the key and the conversation to whatever host it names (DESIGN.md, Security rules).
 * Browsers hide a manual redirect's Location (an "opaqueredirect" response); where it is visible
 * the error names the host it pointed to.
 */
export async function fetchWithKey(settings: Settings, url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw describeRedirect(settings, response.headers.get('location'), url);
  }
  return response;
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
