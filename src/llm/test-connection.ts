import type { Settings } from '../protocol/common';
import { ProviderError, describeHttpError, describeNetworkError, describeTimeout } from './errors';
import { requestHeaders } from './providers';

export type TestResult = { success: true } | { success: false; error: string };

const TIMEOUT_MS = 15_000;
const SHOWN_MODELS = 8;

/**
 * Checks the key, the host and the model in one request to `/models`, which every
 * OpenAI-compatible server offers (OpenAI, OpenRouter, Ollama, LM Studio, vLLM).
 */
export async function testConnection(settings: Settings): Promise<TestResult> {
  try {
    const models = await listModels(settings);
    if (models.length > 0 && !models.includes(settings.model)) {
      const shown = models.slice(0, SHOWN_MODELS).join(', ') + (models.length > SHOWN_MODELS ? ', …' : '');
      return {
        success: false,
        error: `Connected, but the model "${settings.model}" is not available there. Available models: ${shown}.`,
      };
    }
    return { success: true };
  } catch (error) {
    return { success: false, error: error instanceof ProviderError ? error.message : String(error) };
  }
}

async function listModels(settings: Settings): Promise<string[]> {
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/models`, {
      headers: requestHeaders(settings),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw error instanceof DOMException && error.name === 'TimeoutError'
      ? describeTimeout(settings, TIMEOUT_MS / 1000)
      : describeNetworkError(settings);
  }
  if (!response.ok) throw describeHttpError(response.status, await response.text().catch(() => ''), settings);
  let body: { data?: { id?: unknown }[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ProviderError(`${settings.baseUrl}/models did not answer with JSON. Check the base URL in Settings.`);
  }
  return (Array.isArray(body.data) ? body.data : []).flatMap((m) => (typeof m?.id === 'string' ? [m.id] : []));
}
