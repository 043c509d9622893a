import type { Settings } from '../protocol/common';
import { PROVIDER_INFO } from './providers';

/** A failure to show to the person as it is: it says what went wrong and what to do. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

const host = (baseUrl: string) => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

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

export function describeHttpError(status: number, body: string, settings: Settings): ProviderError {
  const { label } = PROVIDER_INFO[settings.provider];
  const detail = providerMessage(body);
  const because = detail ? ` (${label} said: ${detail})` : '';
  if (status === 401 || status === 403) {
    return new ProviderError(`Invalid API key. Double-check your ${settings.provider} key in Settings.${because}`);
  }
  if (status === 404) {
    // Providers name the missing model in their 404 (OpenAI, Ollama); a 404 without it is a wrong URL.
    return body.includes(settings.model) || body.includes('model_not_found')
      ? new ProviderError(`The model "${settings.model}" was not found at ${host(settings.baseUrl)}. Check the model name in Settings.`)
      : new ProviderError(`No OpenAI-compatible API at ${settings.baseUrl}. Check the base URL in Settings.${because}`);
  }
  if (status === 429) return new ProviderError(`${label} is rate limiting requests. Wait a moment and try again.${because}`);
  if (status >= 500) return new ProviderError(`${label} had a server error (${status}). Try again shortly.${because}`);
  return new ProviderError(`${label} refused the request (${status}).${because}`);
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
