// The settings form's draft: what the person is typing, checked with the background's own schema
// before it is sent, and the models offered for it.
import * as v from 'valibot';
import { pricedByPerson } from '../src/llm/pricing';
import { PROVIDER_INFO } from '../src/llm/providers';
import { Settings, type Provider } from '../src/protocol/common';

/** An Ollama found on this computer (first run), with the models it has. */
export type DetectedOllama = { baseUrl: string; models: string[] } | null;
/** The models a provider listed at a Test connection, with the provider and address that listed them. */
export type ModelList = { provider: Provider; baseUrl: string; models: string[] } | null;

/** The connection section of the Settings page. The prices are typed as text, and checked as numbers. */
export type Draft = {
  provider: Provider;
  model: string;
  apiKey: string;
  baseUrl: string;
  inputPrice: string;
  outputPrice: string;
};
export type FieldErrors = Partial<Record<keyof Draft, string>>;

export const defaults: Draft = {
  provider: 'openai',
  model: PROVIDER_INFO.openai.defaultModel,
  apiKey: '',
  baseUrl: PROVIDER_INFO.openai.defaultBaseUrl,
  inputPrice: '',
  outputPrice: '',
};
const PRICE_FIELDS: Record<string, keyof FieldErrors> = {
  'prices.inputPerMillion': 'inputPrice',
  'prices.outputPerMillion': 'outputPrice',
};

export const toDraft = ({ provider, model, apiKey, baseUrl, prices }: Settings): Draft => ({
  provider,
  model,
  apiKey,
  baseUrl,
  inputPrice: prices ? String(prices.inputPerMillion) : '',
  outputPrice: prices ? String(prices.outputPerMillion) : '',
});
// An empty box is no number, so a price left out next to one typed in is reported, not taken as 0.
const dollars = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The models offered for this draft's provider and address: from its last test, or the Ollama found here. */
export function offeredModels(draft: Draft, list: ModelList, ollama: DetectedOllama): string[] {
  if (list && list.provider === draft.provider && list.baseUrl === draft.baseUrl) return list.models;
  if (ollama && draft.provider === 'ollama' && ollama.baseUrl === draft.baseUrl) return ollama.models;
  return [];
}

/** The model to pick from a list: the provider's usual one when offered, else the first listed. */
export function pickModel(provider: Provider, models: readonly string[]): string {
  const usual = PROVIDER_INFO[provider].defaultModel;
  return models.includes(usual) ? usual : (models[0] ?? '');
}

/** Checks with the same schema the background uses, so the person sees a field's problem before sending. */
export function check({ inputPrice, outputPrice, ...draft }: Draft): { settings: Settings } | { errors: FieldErrors } {
  const priced = pricedByPerson(draft.provider) && (inputPrice.trim() !== '' || outputPrice.trim() !== '');
  const parsed = v.safeParse(
    Settings,
    priced
      ? { ...draft, prices: { inputPerMillion: dollars(inputPrice), outputPerMillion: dollars(outputPrice) } }
      : draft,
  );
  if (parsed.success) return { settings: parsed.output };
  const errors: FieldErrors = {};
  for (const issue of parsed.issues) {
    const path = v.getDotPath(issue);
    const field = path ? (PRICE_FIELDS[path] ?? (path as keyof FieldErrors)) : null;
    if (field && !errors[field]) errors[field] = field === 'model' && !draft.model.trim() ? NO_MODEL : issue.message;
  }
  return { errors };
}

/** An empty model says how to get one, not only that it is missing. */
const NO_MODEL = 'Type the model\u2019s name, or press Test connection to list the models and pick one.';
