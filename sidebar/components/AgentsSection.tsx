import { t } from '../../src/i18n';

/** Whether MCP clients on this computer may attach to this browser (off by default). */
export function AgentsSection({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <section class="settings" data-testid="agents">
      <h2>{t('agents_title')}</h2>
      <p class="hint">{t('agents_explain')}</p>
      <label class="check-row">
        <input
          type="checkbox"
          data-testid="agents-switch"
          checked={on}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <span>{t('agents_switch')}</span>
      </label>
    </section>
  );
}
