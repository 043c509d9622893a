import { t } from '../../src/i18n';

/** Plan first (the default): a chat task states its plan and asks once; off, each action asks as it goes. */
export function PlanFirstSection({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <section class="settings" data-testid="plan-first">
      <h2>{t('plan_first_title')}</h2>
      <p class="hint">{t('plan_first_explain')}</p>
      <label class="check-row">
        <input
          type="checkbox"
          data-testid="plan-first-switch"
          checked={on}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <span>{t('plan_first_switch')}</span>
      </label>
    </section>
  );
}
