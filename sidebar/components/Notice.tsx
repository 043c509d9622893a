import { t } from '../../src/i18n';
export function Notice({ text, onDismiss }: { text: string | null; onDismiss(): void }) {
  if (!text) return null;
  return (
    <div class="notice" role="alert" data-testid="notice">
      <span>{text}</span>
      <button type="button" class="icon-button" onClick={onDismiss} aria-label={t('dismiss')}>
        ×
      </button>
    </div>
  );
}
