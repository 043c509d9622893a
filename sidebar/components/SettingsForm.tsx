import { useSignal } from '@preact/signals';
import * as v from 'valibot';
import { pricedByPerson } from '../../src/llm/pricing';
import { PROVIDER_INFO } from '../../src/llm/providers';
import type { TestResult } from '../../src/llm/test-connection';
import { PROVIDERS, Settings, type Provider, type VoiceSettings } from '../../src/protocol/common';
import { t } from '../../src/i18n';

/** An Ollama found on this computer (first run), with the models it has. */
export type DetectedOllama = { baseUrl: string; models: string[] } | null;

interface SettingsFormProps {
  saved: Settings | null;
  testResult: TestResult | 'testing' | null;
  firstRun: boolean;
  ollama: DetectedOllama;
  onSave(settings: Settings): void;
  onTest(settings: Settings): void;
}

/** `voice` rides along unchanged: it has its own form. The prices are typed as text, and checked as numbers. */
type Draft = {
  provider: Provider;
  model: string;
  apiKey: string;
  baseUrl: string;
  voice?: VoiceSettings;
  inputPrice: string;
  outputPrice: string;
};
type FieldErrors = Partial<Record<Exclude<keyof Draft, 'voice'>, string>>;

const defaults: Draft = {
  provider: 'openai',
  model: '',
  apiKey: '',
  baseUrl: PROVIDER_INFO.openai.defaultBaseUrl,
  inputPrice: '',
  outputPrice: '',
};
const PRICE_FIELDS: Record<string, keyof FieldErrors> = {
  'prices.inputPerMillion': 'inputPrice',
  'prices.outputPerMillion': 'outputPrice',
};

const toDraft = ({ prices, ...rest }: Settings): Draft => ({
  ...rest,
  inputPrice: prices ? String(prices.inputPerMillion) : '',
  outputPrice: prices ? String(prices.outputPerMillion) : '',
});
// An empty box is no number, so a price left out next to one typed in is reported, not taken as 0.
const dollars = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Checks with the same schema the background uses, so the person sees a field's problem before sending. */
function check({ inputPrice, outputPrice, ...draft }: Draft): { settings: Settings } | { errors: FieldErrors } {
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
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export function SettingsForm({ saved, testResult, firstRun, ollama, onSave, onTest }: SettingsFormProps) {
  const draft = useSignal<Draft>(saved ? toDraft(saved) : defaults);
  const errors = useSignal<FieldErrors>({});
  const showKey = useSignal(false);
  const set = (change: Partial<Draft>) => (draft.value = { ...draft.value, ...change });

  const chooseProvider = (provider: Provider) => {
    const wasDefault = PROVIDERS.some((p) => PROVIDER_INFO[p].defaultBaseUrl === draft.value.baseUrl);
    // Switching provider moves the base URL along, unless the person typed their own.
    set({
      provider,
      ...(wasDefault || !draft.value.baseUrl ? { baseUrl: PROVIDER_INFO[provider].defaultBaseUrl } : {}),
    });
  };
  const run = (action: (settings: Settings) => void) => (event?: Event) => {
    event?.preventDefault();
    const result = check(draft.value);
    if ('errors' in result) {
      errors.value = result.errors;
      return;
    }
    errors.value = {};
    action(result.settings);
  };
  const field = (name: keyof FieldErrors) => ({
    id: `settings-${name}`,
    'data-testid': `settings-${name}`,
    'aria-invalid': errors.value[name] ? true : undefined,
    'aria-describedby': errors.value[name] ? `settings-${name}-error` : undefined,
  });
  const error = (name: keyof FieldErrors) =>
    errors.value[name] ? (
      <p class="field-error" id={`settings-${name}-error`}>
        {errors.value[name]}
      </p>
    ) : null;

  return (
    <form class="settings" onSubmit={run(onSave)} data-testid="settings-form" noValidate>
      <h2>{firstRun ? t('settings_first_title') : t('view_settings')}</h2>
      {firstRun ? <p class="hint">{t('settings_first_hint')}</p> : null}
      {firstRun && ollama ? (
        <div class="detected" data-testid="ollama-detected">
          <p>
            {ollama.models.length > 0
              ? t(
                  'settings_ollama_found',
                  ollama.models.length === 1
                    ? t('settings_ollama_one_model')
                    : t('settings_ollama_models', ollama.models.length),
                )
              : t('settings_ollama_empty')}
          </p>
          {ollama.models.length > 0 ? (
            <button
              type="button"
              class="button"
              data-testid="use-ollama"
              onClick={() =>
                set({ provider: 'ollama', baseUrl: ollama.baseUrl, model: ollama.models[0] ?? '', apiKey: '' })
              }
            >
              {t('settings_use_ollama')}
            </button>
          ) : null}
        </div>
      ) : null}
      <label for="settings-provider">{t('settings_provider')}</label>
      <select
        {...field('provider')}
        value={draft.value.provider}
        onChange={(e) => chooseProvider(e.currentTarget.value as Provider)}
      >
        {PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {p === 'custom' ? t('settings_provider_custom') : PROVIDER_INFO[p].label}
          </option>
        ))}
      </select>
      <label for="settings-baseUrl">{t('settings_base_url')}</label>
      <input
        {...field('baseUrl')}
        type="url"
        value={draft.value.baseUrl}
        onInput={(e) => set({ baseUrl: e.currentTarget.value })}
      />
      {error('baseUrl')}
      <label for="settings-model">{t('settings_model')}</label>
      <input
        {...field('model')}
        type="text"
        placeholder={t('settings_model_placeholder')}
        list={ollama && draft.value.provider === 'ollama' ? 'ollama-models' : undefined}
        value={draft.value.model}
        onInput={(e) => set({ model: e.currentTarget.value })}
      />
      {ollama ? (
        <datalist id="ollama-models">
          {ollama.models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      ) : null}
      {error('model')}
      <label for="settings-apiKey">
        {PROVIDER_INFO[draft.value.provider].needsKey ? t('settings_api_key') : t('settings_api_key_optional')}
      </label>
      <div class="key-row">
        <input
          {...field('apiKey')}
          type={showKey.value ? 'text' : 'password'}
          autocomplete="off"
          value={draft.value.apiKey}
          onInput={(e) => set({ apiKey: e.currentTarget.value })}
        />
        <button
          type="button"
          class="icon-button"
          onClick={() => (showKey.value = !showKey.value)}
          aria-pressed={showKey.value}
        >
          {showKey.value ? t('settings_hide_key') : t('settings_show_key')}
        </button>
      </div>
      {error('apiKey')}
      {pricedByPerson(draft.value.provider) ? (
        <fieldset class="prices">
          <legend>{t('settings_prices_title')}</legend>
          <label for="settings-inputPrice">{t('settings_input_price')}</label>
          <input
            {...field('inputPrice')}
            type="text"
            inputMode="decimal"
            value={draft.value.inputPrice}
            onInput={(e) => set({ inputPrice: e.currentTarget.value })}
          />
          {error('inputPrice')}
          <label for="settings-outputPrice">{t('settings_output_price')}</label>
          <input
            {...field('outputPrice')}
            type="text"
            inputMode="decimal"
            value={draft.value.outputPrice}
            onInput={(e) => set({ outputPrice: e.currentTarget.value })}
          />
          {error('outputPrice')}
          <p class="hint">{t('settings_prices_hint')}</p>
        </fieldset>
      ) : null}
      <div class="settings-actions">
        <button
          type="button"
          class="button"
          data-testid="settings-test"
          onClick={run(onTest)}
          disabled={testResult === 'testing'}
        >
          {testResult === 'testing' ? t('settings_testing') : t('settings_test')}
        </button>
        <button type="submit" class="button button--primary" data-testid="settings-save">
          {t('save')}
        </button>
      </div>
      <TestOutcome result={testResult} />
    </form>
  );
}

function TestOutcome({ result }: { result: TestResult | 'testing' | null }) {
  if (result === null || result === 'testing') return null;
  return result.success ? (
    <p class="test-result test-result--ok" role="status" data-testid="test-result">
      {t('settings_test_ok')}
    </p>
  ) : (
    <p class="test-result test-result--error" role="alert" data-testid="test-result">
      {result.error}
    </p>
  );
}
