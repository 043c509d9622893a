import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { pricedByPerson } from '../../src/llm/pricing';
import { PROVIDER_INFO } from '../../src/llm/providers';
import type { TestResult } from '../../src/llm/test-connection';
import { PROVIDERS, type Provider, type Settings } from '../../src/protocol/common';
import { t } from '../../src/i18n';
import {
  check,
  defaults,
  offeredModels,
  pickModel,
  toDraft,
  type DetectedOllama,
  type Draft,
  type FieldErrors,
  type ModelList,
} from '../settings-draft';

interface SettingsFormProps {
  saved: Settings | null;
  testResult: TestResult | 'testing' | null;
  firstRun: boolean;
  ollama: DetectedOllama;
  /** The last tested provider's models: the model field offers them. */
  modelList?: ModelList;
  onSave(settings: Settings): void;
  onTest(settings: Settings): void;
  /** The settings changed since the last test: its result no longer speaks for them. */
  onEdit?(): void;
}

export function SettingsForm(props: SettingsFormProps) {
  const { saved, testResult, firstRun, ollama, modelList = null, onSave, onTest, onEdit } = props;
  const draft = useSignal<Draft>(saved ? toDraft(saved) : defaults);
  const errors = useSignal<FieldErrors>({});
  const showKey = useSignal(false);
  // A model the person typed stays when the provider changes; one Bosun filled in moves along.
  const typedModel = useSignal(false);
  /** The model Bosun picked from the list the last test returned, said once. */
  const picked = useSignal<string | null>(null);
  const models = offeredModels(draft.value, modelList, ollama);
  const update = (change: Partial<Draft>) => (draft.value = { ...draft.value, ...change });
  const set = (change: Partial<Draft>) => {
    update(change);
    picked.value = null;
    onEdit?.();
  };

  // A test that listed the models and found the chosen one missing (or none chosen) picks one from the list.
  useEffect(() => {
    if (testResult === null || testResult === 'testing' || !testResult.models?.length) return;
    const listed = offeredModels(draft.value, modelList, ollama);
    if (listed.length === 0 || listed.includes(draft.value.model)) return;
    if (testResult.success && draft.value.model !== '') return;
    const model = pickModel(draft.value.provider, listed);
    update({ model });
    picked.value = model;
  }, [testResult, modelList]);

  const chooseProvider = (provider: Provider) => {
    const wasDefault = PROVIDERS.some((p) => PROVIDER_INFO[p].defaultBaseUrl === draft.value.baseUrl);
    const baseUrl = wasDefault || !draft.value.baseUrl ? PROVIDER_INFO[provider].defaultBaseUrl : draft.value.baseUrl;
    const known = offeredModels({ ...draft.value, provider, baseUrl }, modelList, ollama);
    // Switching provider moves the base URL along, unless the person typed their own, and the model too.
    set({
      provider,
      baseUrl,
      ...(typedModel.value
        ? {}
        : { model: known.length > 0 ? pickModel(provider, known) : PROVIDER_INFO[provider].defaultModel }),
    });
  };
  const run =
    (action: (settings: Settings) => void, modelOptional = false) =>
    (event?: Event) => {
      event?.preventDefault();
      // Test connection with no model yet is how the person gets the list to pick one from.
      const listOnly = modelOptional && draft.value.model.trim() === '';
      const result = check(listOnly ? { ...draft.value, model: '-' } : draft.value);
      if ('errors' in result) {
        errors.value = result.errors;
        return;
      }
      errors.value = {};
      action(listOnly ? { ...result.settings, model: '' } : result.settings);
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
        list={models.length > 0 ? 'settings-model-options' : undefined}
        autocomplete="off"
        value={draft.value.model}
        onInput={(e) => {
          typedModel.value = true;
          set({ model: e.currentTarget.value });
        }}
      />
      {models.length > 0 ? (
        <datalist id="settings-model-options" data-testid="settings-model-options">
          {models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      ) : null}
      {error('model')}
      <p class="hint" data-testid="settings-model-hint">
        {models.length > 0 ? t('settings_model_listed', models.length) : t('settings_model_hint')}
      </p>
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
        <details
          class="prices"
          data-testid="settings-prices"
          open={Boolean(saved?.prices || errors.value.inputPrice || errors.value.outputPrice)}
        >
          <summary>{t('settings_prices_title')}</summary>
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
        </details>
      ) : null}
      <div class="settings-actions">
        <button
          type="button"
          class="button"
          data-testid="settings-test"
          onClick={run(onTest, true)}
          disabled={testResult === 'testing'}
        >
          {testResult === 'testing' ? t('settings_testing') : t('settings_test')}
        </button>
        <button type="submit" class="button button--primary" data-testid="settings-save">
          {t('save')}
        </button>
      </div>
      <TestOutcome result={testResult} />
      {picked.value ? (
        <p class="hint" role="status" data-testid="settings-model-picked">
          {t('settings_model_picked', picked.value, models.length)}
        </p>
      ) : null}
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
