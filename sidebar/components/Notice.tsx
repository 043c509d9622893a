import { t } from '../../src/i18n';
import { toolsInWords } from '../tool-names';

interface NoticeProps {
  text: string | null;
  onDismiss(): void;
  testId?: string;
}

/** An error to read and dismiss: on top of every view, or inside the view whose request it answers. */
export function Notice({ text, onDismiss, testId = 'notice' }: NoticeProps) {
  if (!text) return null;
  return (
    <div class="notice" role="alert" data-testid={testId}>
      <span>{toolsInWords(text)}</span>
      <button type="button" class="icon-button" onClick={onDismiss} aria-label={t('dismiss')}>
        ×
      </button>
    </div>
  );
}
