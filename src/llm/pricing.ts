import * as v from 'valibot';
import type { ModelPrice, Provider, Settings, Usage } from '../protocol/common';
import { requestHeaders } from './providers';

const TIMEOUT_MS = 10_000;

/** OpenRouter's GET /models: each model's price in US dollars per token, as decimal strings. */
const OpenRouterModels = v.object({
  data: v.array(
    v.object({ id: v.string(), pricing: v.optional(v.object({ prompt: v.string(), completion: v.string() })) }),
  ),
});

const perMillion = (perToken: string) => {
  const value = Number(perToken) * 1_000_000;
  return Number.isFinite(value) && value >= 0 ? value : null;
};

/** The model's price as OpenRouter's `/models` (at the configured base URL) lists it; null when it is not listed or unreadable. */
export async function openRouterPrice(settings: Settings, fetcher: typeof fetch = fetch): Promise<ModelPrice | null> {
  const response = await fetcher(`${settings.baseUrl.replace(/\/+$/, '')}/models`, {
    headers: requestHeaders(settings),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) return null;
  const parsed = v.safeParse(OpenRouterModels, await response.json());
  const pricing = parsed.success ? parsed.output.data.find((model) => model.id === settings.model)?.pricing : undefined;
  const input = pricing ? perMillion(pricing.prompt) : null;
  const output = pricing ? perMillion(pricing.completion) : null;
  return input === null || output === null ? null : { inputPerMillion: input, outputPerMillion: output };
}

/** Whether only the person can say what the provider's models cost (OpenRouter lists its prices; a local Ollama is free). */
export const pricedByPerson = (provider: Provider) => provider !== 'openrouter' && provider !== 'ollama';

/**
 * What the model costs: OpenRouter says so itself, a local Ollama is free, and for any other
 * provider only the prices the person entered count. Null when the price is not known: then no
 * cost is shown, never a guess.
 */
export async function modelPrice(settings: Settings, fetcher: typeof fetch = fetch): Promise<ModelPrice | null> {
  if (settings.provider === 'ollama') return { inputPerMillion: 0, outputPerMillion: 0 };
  if (settings.provider === 'openrouter') return openRouterPrice(settings, fetcher).catch(() => null);
  return pricedByPerson(settings.provider) ? (settings.prices ?? null) : null;
}

/** The cost in US dollars of the tokens the provider reported, at that price. */
export const estimateCost = (usages: readonly Usage[], price: ModelPrice): number =>
  usages.reduce(
    (sum, usage) =>
      sum + (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000,
    0,
  );

/** "$0.0123": three significant digits, so a small cost is still readable. */
export const formatCost = (dollars: number): string =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumSignificantDigits: 3,
  }).format(dollars);
