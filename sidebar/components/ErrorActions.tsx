import type { ChatMessage } from '../../src/protocol/common';
import { t } from '../../src/i18n';

interface ErrorActionsProps {
  last: ChatMessage | undefined;
  onSettings?: (() => void) | undefined;
  onRetry?: (() => void) | undefined;
}

/**
 * What the person can do about the answer that just failed: fix its cause in Settings when that is where it
 * lies (a refused key, a missing model), and send the same request again.
 */
export function ErrorActions({ last, onSettings, onRetry }: ErrorActionsProps) {
  if (last?.status !== 'error' || !onSettings || !onRetry) return null;
  return (
    <div class="error-actions" data-testid="error-actions">
      {last.fix === 'settings' ? (
        <button type="button" class="button button--primary" data-testid="error-open-settings" onClick={onSettings}>
          {t('error_open_settings')}
        </button>
      ) : null}
      <button type="button" class="button" data-testid="error-retry" onClick={onRetry}>
        {t('error_retry')}
      </button>
    </div>
  );
}
