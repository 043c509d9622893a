import { useSignal } from '@preact/signals';
import * as v from 'valibot';
import { Limits } from '../../src/protocol/limits';
import { t } from '../../src/i18n';

const FIELDS = [
  { key: 'maxSteps', label: t('limits_max_steps') },
  { key: 'maxTokens', label: t('limits_max_tokens') },
  { key: 'promptTimeoutSeconds', label: t('limits_prompt_timeout') },
] as const;

export function LimitsForm({ limits, onSave }: { limits: Limits; onSave(limits: Limits): void }) {
  const draft = useSignal<Record<string, string>>(
    Object.fromEntries(FIELDS.map(({ key }) => [key, String(limits[key])])),
  );
  const error = useSignal<string | null>(null);
  const save = (event: Event) => {
    event.preventDefault();
    const parsed = v.safeParse(Limits, Object.fromEntries(FIELDS.map(({ key }) => [key, Number(draft.value[key])])));
    if (!parsed.success) {
      error.value = `${v.getDotPath(parsed.issues[0]) ?? 'value'}: ${parsed.issues[0].message}`;
      return;
    }
    error.value = null;
    onSave(parsed.output);
  };
  return (
    <form class="settings" onSubmit={save} data-testid="limits-form" noValidate>
      <h2>{t('limits_title')}</h2>
      {FIELDS.map(({ key, label }) => (
        <label key={key} class="limit-row">
          <span>{label}</span>
          <input
            type="number"
            data-testid={`limit-${key}`}
            value={draft.value[key]}
            onInput={(e) => (draft.value = { ...draft.value, [key]: e.currentTarget.value })}
          />
        </label>
      ))}
      {error.value ? <p class="field-error">{error.value}</p> : null}
      <div class="settings-actions">
        <button type="submit" class="button" data-testid="limits-save">
          {t('limits_save')}
        </button>
      </div>
    </form>
  );
}
