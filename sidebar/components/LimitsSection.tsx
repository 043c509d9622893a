import { t } from '../../src/i18n';
import type { LimitErrors, LimitKey, LimitsDraft } from '../settings-page-draft';
import { FieldError, fieldProps } from './FieldError';

const FIELDS = [
  { key: 'maxSteps', label: t('limits_max_steps') },
  { key: 'maxTokens', label: t('limits_max_tokens') },
  { key: 'promptTimeoutSeconds', label: t('limits_prompt_timeout') },
] as const;

interface LimitsSectionProps {
  draft: LimitsDraft;
  errors: LimitErrors;
  set(key: LimitKey, value: string): void;
}

/** Settings → Limits: how far one task may go; saved with the rest of the page. */
export function LimitsSection({ draft, errors, set }: LimitsSectionProps) {
  return (
    <section class="settings" data-testid="limits-form">
      <h2>{t('limits_title')}</h2>
      {FIELDS.map(({ key, label }) => (
        <div key={key}>
          <div class="limit-row">
            <label for={`limit-${key}`}>{label}</label>
            <input
              {...fieldProps(errors, key, 'limit')}
              type="number"
              value={draft[key]}
              onInput={(e) => set(key, e.currentTarget.value)}
            />
          </div>
          <FieldError errors={errors} name={key} prefix="limit" />
        </div>
      ))}
    </section>
  );
}
