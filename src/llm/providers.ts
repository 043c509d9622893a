import type { Provider, Settings } from '../protocol/common';

/**
 * `transcribes`: whether the provider offers the OpenAI-compatible `/audio/transcriptions` endpoint.
 * `defaultModel`: what choosing the provider fills in, a capable model that uses tools and costs little;
 * empty where the models depend on the server (a custom one), so the person picks from its list.
 */
export const PROVIDER_INFO: Record<
  Provider,
  { label: string; defaultBaseUrl: string; defaultModel: string; needsKey: boolean; transcribes: boolean }
> = {
  openai: {
    label: 'OpenAI',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4.1-mini',
    needsKey: true,
    transcribes: true,
  },
  anthropic: {
    label: 'Anthropic',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    defaultModel: 'claude-sonnet-4-5',
    needsKey: true,
    transcribes: false,
  },
  openrouter: {
    label: 'OpenRouter',
    defaultBaseUrl: 'https://openrouter.ai/api/v1',
    defaultModel: 'openai/gpt-4.1-mini',
    needsKey: true,
    transcribes: false,
  },
  ollama: {
    label: 'Ollama',
    defaultBaseUrl: 'http://localhost:11434/v1',
    defaultModel: 'llama3.2',
    needsKey: false,
    transcribes: false,
  },
  // An OpenAI-compatible server may or may not offer it (vLLM and LocalAI do); a 404 says so plainly.
  custom: {
    label: 'the custom provider',
    defaultBaseUrl: 'http://localhost:8000/v1',
    defaultModel: '',
    needsKey: false,
    transcribes: true,
  },
};

export const ANTHROPIC_VERSION = '2023-06-01';

export function requestHeaders(settings: Settings): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.provider === 'anthropic') {
    headers['anthropic-version'] = ANTHROPIC_VERSION;
    // Anthropic refuses CORS requests from a browser without this opt-in.
    headers['anthropic-dangerous-direct-browser-access'] = 'true';
    if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
    return headers;
  }
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  if (settings.provider === 'openrouter') {
    // OpenRouter attributes traffic to an app by these headers.
    headers['x-title'] = 'Bosun';
  }
  return headers;
}
