import type { Settings } from '../protocol/common';
import { ProviderError, describeHttpError, describeNetworkError, describeTimeout } from './errors';
import { requestHeaders } from './providers';
import { fetchWithKey } from './provider-fetch';

/** `models`: what the provider offers, when it listed them all, so the person can pick one. */
export type TestResult = ({ success: true } | { success: false; error: string }) & { models?: string[] };

const TIMEOUT_MS = 15_000;
const SHOWN_MODELS = 8;
/** OpenRouter lists some 400 models; a list longer than this is cut, and typing a name still works. */
export const MAX_LISTED_MODELS = 1000;

/**
 * Checks the key, the host and the model in one request to `/models`, which every
 * OpenAI-compatible server offers (OpenAI, OpenRouter, Ollama, LM Studio, vLLM), and Anthropic too.
 */
export async function testConnection(settings: Settings): Promise<TestResult> {
  try {
    const { models, complete } = await listModels(settings);
    const listed = complete && models.length > 0 ? { models: models.slice(0, MAX_LISTED_MODELS) } : {};
    // No model chosen yet: the test is there to list them, and the person picks one.
    if (settings.model === '') return { success: true, ...listed };
    if (complete && models.length > 0 && !offers(models, settings)) {
      const shown = models.slice(0, SHOWN_MODELS).join(', ') + (models.length > SHOWN_MODELS ? ', …' : '');
      return {
        success: false,
        error: `Connected, but the model "${settings.model}" is not available there. Available models: ${shown}.`,
        ...listed,
      };
    }
    return { success: true, ...listed };
  } catch (error) {
    return { success: false, error: error instanceof ProviderError ? error.message : String(error) };
  }
}

/** Anthropic lists dated ids (claude-x-4-5-20250929) but also accepts aliases (claude-x-4-5, ...-latest). */
function offers(models: readonly string[], settings: Settings): boolean {
  if (models.includes(settings.model)) return true;
  const alias = settings.model.replace(/-latest$/, '');
  return settings.provider === 'anthropic' && models.some((id) => id.startsWith(`${alias}-`));
}

/** The models a provider offers, as its `/models` lists them; errors are ProviderErrors with clear messages. */
export async function listModels(
  settings: Settings,
  timeoutMs = TIMEOUT_MS,
): Promise<{ models: string[]; complete: boolean }> {
  // Anthropic pages its list (20 by default); one large page holds every model it offers.
  const query = settings.provider === 'anthropic' ? '?limit=1000' : '';
  let response: Response;
  try {
    response = await fetchWithKey(settings, `${settings.baseUrl}/models${query}`, {
      headers: requestHeaders(settings),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw error instanceof DOMException && error.name === 'TimeoutError'
      ? describeTimeout(settings, timeoutMs / 1000)
      : describeNetworkError(settings);
  }
  if (!response.ok) throw describeHttpError(response.status, await response.text().catch(() => ''), settings);
  let body: { data?: { id?: unknown }[]; has_more?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ProviderError(`${settings.baseUrl}/models did not answer with JSON. Check the base URL in Settings.`);
  }
  const models = (Array.isArray(body.data) ? body.data : []).flatMap((m) => (typeof m?.id === 'string' ? [m.id] : []));
  // With more pages unread, a model missing from this one may still exist.
  return { models, complete: body.has_more !== true };
}

/** The models to offer in a picker: the whole list, or none when the provider fails or lists them in pages. */
export async function modelChoices(settings: Settings): Promise<string[]> {
  try {
    const { models, complete } = await listModels(settings);
    return complete ? models.slice(0, MAX_LISTED_MODELS) : [];
  } catch {
    return [];
  }
}
