import { t } from '../../src/i18n';

interface TrustedInputFormProps {
  /** What the background holds: offered in this browser, and on with its permission. */
  state: { available: boolean; on: boolean };
  /** Why the switch stayed off after the person turned it on, if it did. */
  note: string | null;
  onChange(on: boolean): void;
}

/** The "Trusted input (Chrome)" switch: off by default, and shown disabled where the browser has no debugger. */
export function TrustedInputForm({ state, note, onChange }: TrustedInputFormProps) {
  return (
    <section class="settings" data-testid="trusted-input">
      <h2>{t('trusted_input_title')}</h2>
      <p class="hint">{t('trusted_input_explain')}</p>
      <label class="check-row">
        <input
          type="checkbox"
          data-testid="trusted-input-switch"
          checked={state.available && state.on}
          disabled={!state.available}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <span>{t('trusted_input_switch')}</span>
      </label>
      {state.available ? null : (
        <p class="hint" data-testid="trusted-input-unavailable">
          {t('trusted_input_unavailable')}
        </p>
      )}
      {note ? (
        <p class="field-error" role="status" data-testid="trusted-input-note">
          {note}
        </p>
      ) : null}
    </section>
  );
}
