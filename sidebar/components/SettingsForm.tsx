import { pricedByPerson } from '../../src/llm/pricing';
import type { TestResult } from '../../src/llm/test-connection';
import type { Settings } from '../../src/protocol/common';
import { t } from '../../src/i18n';
import type { DetectedOllama, ModelList } from '../settings-draft';
import { useSettingsDraft } from '../use-settings-draft';
import { ConnectionFields } from './ConnectionFields';
import { OllamaDetected } from './OllamaDetected';
import { PriceFields } from './PriceFields';

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
  const form = useSettingsDraft({ saved, testResult, ollama, modelList, onEdit });
  const { draft, errors, set, run } = form;
  return (
    <form class="settings" onSubmit={run(onSave)} data-testid="settings-form" noValidate>
      <h2>{firstRun ? t('settings_first_title') : t('view_settings')}</h2>
      {firstRun ? <p class="hint">{t('settings_first_hint')}</p> : null}
      {firstRun && ollama ? <OllamaDetected ollama={ollama} set={set} /> : null}
      <ConnectionFields {...form} />
      {pricedByPerson(draft.provider) ? (
        <PriceFields
          draft={draft}
          errors={errors}
          set={set}
          open={Boolean(saved?.prices || errors.inputPrice || errors.outputPrice)}
        />
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
      {form.picked ? (
        <p class="hint" role="status" data-testid="settings-model-picked">
          {t('settings_model_picked', form.picked, form.models.length)}
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
