import type { Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { pricedByPerson } from '../../src/llm/pricing';
import type { TestResult } from '../../src/llm/test-connection';
import type { Settings } from '../../src/protocol/common';
import type { Limits } from '../../src/protocol/limits';
import { t } from '../../src/i18n';
import type { DetectedOllama, ModelList } from '../settings-draft';
import type { PageDraft, PageErrors } from '../settings-page-draft';
import { useSettingsDraft } from '../use-settings-draft';
import { ConnectionFields } from './ConnectionFields';
import { LimitsSection } from './LimitsSection';
import { OllamaDetected } from './OllamaDetected';
import { AgentsSection } from './AgentsSection';
import { ContainerSection } from './ContainerSection';
import { PlanFirstSection } from './PlanFirstSection';
import { PriceFields } from './PriceFields';
import { VoiceSection } from './VoiceSection';

interface SettingsFormProps {
  saved: Settings | null;
  limits: Limits | null;
  /** The person's unsaved edits and the errors shown, kept while another view is open. */
  edits: Signal<PageDraft | null>;
  errors: Signal<PageErrors>;
  testResult: TestResult | 'testing' | null;
  firstRun: boolean;
  ollama: DetectedOllama;
  /** The last tested provider's models: the model field offers them. */
  modelList?: ModelList;
  onSave(settings: Settings, limits: Limits | null): void;
  onTest(settings: Settings): void;
  /** The connection changed since the last test: its result no longer speaks for it. */
  onEdit?(): void;
  /** Settings that take effect at once (they are no draft), shown above Save. */
  children?: ComponentChildren;
}

/** The Settings page as one form: every section edited in one draft and saved with one Save. */
export function SettingsForm(props: SettingsFormProps) {
  const { saved, testResult, firstRun, ollama, modelList = null, onSave, onTest, children } = props;
  const form = useSettingsDraft({ ...props, modelList });
  const { draft, page, errors, set } = form;
  return (
    <form class="settings-form" onSubmit={form.save(onSave)} data-testid="settings-form" noValidate>
      <section class="settings">
        <h2>{firstRun ? t('settings_first_title') : t('view_settings')}</h2>
        {firstRun ? <p class="hint">{t('settings_first_hint')}</p> : null}
        {firstRun && ollama ? <OllamaDetected ollama={ollama} set={set} /> : null}
        <ConnectionFields {...form} errors={errors.connection} />
        {pricedByPerson(draft.provider) ? (
          <PriceFields
            draft={draft}
            errors={errors.connection}
            set={set}
            open={Boolean(saved?.prices || errors.connection.inputPrice || errors.connection.outputPrice)}
          />
        ) : null}
        <div class="settings-actions">
          <button
            type="button"
            class="button"
            data-testid="settings-test"
            onClick={form.test(onTest)}
            disabled={testResult === 'testing'}
          >
            {testResult === 'testing' ? t('settings_testing') : t('settings_test')}
          </button>
        </div>
        <TestOutcome result={testResult} />
        {form.picked ? (
          <p class="hint" role="status" data-testid="settings-model-picked">
            {t('settings_model_picked', form.picked, form.models.length)}
          </p>
        ) : null}
      </section>
      {firstRun ? null : <PlanFirstSection on={page.planFirst} onChange={form.setPlanFirst} />}
      {firstRun ? null : <AgentsSection on={page.agentsMayConnect} onChange={form.setAgentsMayConnect} />}
      {/* Containers are Firefox's: Chrome has none to choose. */}
      {firstRun || __TARGET__ !== 'firefox' ? null : (
        <ContainerSection chosen={page.agentContainer} onChange={form.setAgentContainer} />
      )}
      {firstRun ? null : <VoiceSection draft={page.voice} errors={errors.voice} set={form.setVoice} />}
      {children}
      {!firstRun && page.limits ? (
        <LimitsSection draft={page.limits} errors={errors.limits} set={form.setLimit} />
      ) : null}
      <div class="settings-save">
        <p class="hint" role="status" data-testid="settings-unsaved">
          {form.unsaved ? t('settings_unsaved') : ''}
        </p>
        <button type="submit" class="button button--primary" data-testid="settings-save">
          {t('save')}
        </button>
      </div>
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
