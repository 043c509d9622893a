import { useSignal } from '@preact/signals';
import { PROVIDER_INFO } from '../../src/llm/providers';
import { PROVIDERS, type Provider } from '../../src/protocol/common';
import { t } from '../../src/i18n';
import { FieldError, fieldProps, type DraftFieldProps } from './FieldError';

/** Which provider Bosun talks to, where, with which model and key. */
export function ConnectionFields(
  props: DraftFieldProps & { models: string[]; chooseProvider(p: Provider): void; typeModel(m: string): void },
) {
  const { draft, errors, set, chooseProvider } = props;
  return (
    <>
      <label for="settings-provider">{t('settings_provider')}</label>
      <select
        {...fieldProps(errors, 'provider')}
        value={draft.provider}
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
        {...fieldProps(errors, 'baseUrl')}
        type="url"
        value={draft.baseUrl}
        onInput={(e) => set({ baseUrl: e.currentTarget.value })}
      />
      <FieldError errors={errors} name="baseUrl" />
      <ModelField {...props} />
      <ApiKeyField {...props} />
    </>
  );
}

/** The model field offers the models the last test listed (or the Ollama server has). */
function ModelField({
  draft,
  errors,
  models,
  typeModel,
}: DraftFieldProps & { models: string[]; typeModel(m: string): void }) {
  return (
    <>
      <label for="settings-model">{t('settings_model')}</label>
      <input
        {...fieldProps(errors, 'model')}
        type="text"
        placeholder={t('settings_model_placeholder')}
        list={models.length > 0 ? 'settings-model-options' : undefined}
        autocomplete="off"
        value={draft.model}
        onInput={(e) => typeModel(e.currentTarget.value)}
      />
      {models.length > 0 ? (
        <datalist id="settings-model-options" data-testid="settings-model-options">
          {models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      ) : null}
      <FieldError errors={errors} name="model" />
      <p class="hint" data-testid="settings-model-hint">
        {models.length > 0 ? t('settings_model_listed', models.length) : t('settings_model_hint')}
      </p>
    </>
  );
}

function ApiKeyField({ draft, errors, set }: DraftFieldProps) {
  const showKey = useSignal(false);
  return (
    <>
      <label for="settings-apiKey">
        {PROVIDER_INFO[draft.provider].needsKey ? t('settings_api_key') : t('settings_api_key_optional')}
      </label>
      <div class="key-row">
        <input
          {...fieldProps(errors, 'apiKey')}
          type={showKey.value ? 'text' : 'password'}
          autocomplete="off"
          value={draft.apiKey}
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
      <FieldError errors={errors} name="apiKey" />
    </>
  );
}
