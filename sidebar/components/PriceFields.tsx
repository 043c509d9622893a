import { t } from '../../src/i18n';
import { FieldError, fieldProps, type DraftFieldProps } from './FieldError';

/** The prices per million tokens, for providers whose prices Bosun cannot know. */
export function PriceFields({ draft, errors, set, open }: DraftFieldProps & { open: boolean }) {
  return (
    <details class="prices" data-testid="settings-prices" open={open}>
      <summary>{t('settings_prices_title')}</summary>
      <label for="settings-inputPrice">{t('settings_input_price')}</label>
      <input
        {...fieldProps(errors, 'inputPrice')}
        type="text"
        inputMode="decimal"
        value={draft.inputPrice}
        onInput={(e) => set({ inputPrice: e.currentTarget.value })}
      />
      <FieldError errors={errors} name="inputPrice" />
      <label for="settings-outputPrice">{t('settings_output_price')}</label>
      <input
        {...fieldProps(errors, 'outputPrice')}
        type="text"
        inputMode="decimal"
        value={draft.outputPrice}
        onInput={(e) => set({ outputPrice: e.currentTarget.value })}
      />
      <FieldError errors={errors} name="outputPrice" />
      <p class="hint">{t('settings_prices_hint')}</p>
    </details>
  );
}
