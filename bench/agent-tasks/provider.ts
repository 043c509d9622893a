// The model the agent-tasks benchmark runs with: a real provider named in the environment, or,
// without one, the scripted model server of the e2e tests.
import * as v from 'valibot';
import { PROVIDERS, Settings } from '../../src/protocol/common';

/** The environment variables a real provider is given by. */
export const PROVIDER_ENV = {
  provider: 'BOSUN_BENCH_PROVIDER',
  baseUrl: 'BOSUN_BENCH_BASE_URL',
  model: 'BOSUN_BENCH_MODEL',
  apiKey: 'BOSUN_BENCH_API_KEY',
} as const;

/** The fields of Settings a provider is, checked by the same schema Settings are saved with. */
const ProviderSettings = v.pick(Settings, ['provider', 'baseUrl', 'model', 'apiKey']);
export type ProviderSettings = v.InferOutput<typeof ProviderSettings>;

export type ModelChoice = { kind: 'scripted' } | { kind: 'provider'; settings: ProviderSettings };

/**
 * Reads the provider from `env`. None of the variables set: the scripted model. Some set: all but
 * the key are needed, and each must be what Settings accept; otherwise an error that names the
 * variable and what it takes.
 */
export function modelFromEnv(env: Readonly<Record<string, string | undefined>>): ModelChoice {
  const given = Object.fromEntries(
    Object.entries(PROVIDER_ENV).map(([field, name]) => [field, env[name]?.trim() ?? '']),
  ) as Record<keyof typeof PROVIDER_ENV, string>;
  if (Object.values(given).every((value) => value === '')) return { kind: 'scripted' };
  for (const field of ['provider', 'baseUrl', 'model'] as const)
    if (given[field] === '')
      throw new Error(`${PROVIDER_ENV[field]} is not set: a real provider needs ${describeEnv()}`);
  const parsed = v.safeParse(ProviderSettings, given);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = v.getDotPath(issue) as keyof typeof PROVIDER_ENV | null;
    const name = field ? PROVIDER_ENV[field] : 'the provider settings';
    const takes = field === 'provider' ? ` (one of ${PROVIDERS.join(', ')})` : '';
    throw new Error(`${name} is not valid: ${issue.message}${takes}`);
  }
  return { kind: 'provider', settings: parsed.output };
}

export function describeEnv(): string {
  return `${PROVIDER_ENV.provider} (${PROVIDERS.join('|')}), ${PROVIDER_ENV.baseUrl}, ${PROVIDER_ENV.model} and, where the provider wants one, ${PROVIDER_ENV.apiKey}`;
}

/** How the header names the model; never the key. */
export function describeModel(choice: ModelChoice): string {
  return choice.kind === 'scripted'
    ? `the scripted model (no ${PROVIDER_ENV.provider} set): a smoke run, not a measure of any real model`
    : `${choice.settings.provider} model ${choice.settings.model} at ${choice.settings.baseUrl}`;
}
