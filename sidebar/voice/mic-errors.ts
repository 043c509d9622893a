import { t } from '../../src/i18n';

/** What the person does to unblock the microphone, in the browser they use. */
const UNBLOCK = __TARGET__ === 'chrome' ? t('mic_unblock_chrome') : t('mic_unblock_firefox');

export const MIC_BLOCKED = t('mic_blocked', UNBLOCK);
export const MIC_ASK = t('mic_ask');

/** The spec's actionable messages for a microphone that is denied, missing or busy. */
export function micErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return MIC_BLOCKED;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return t('mic_not_found');
    case 'NotReadableError':
    case 'AbortError':
      return t('mic_busy');
    default:
      return t('mic_error', name || String(error));
  }
}

/** Whether the failure is a refusal, which only the browser's permission settings can lift. */
export const isDenial = (error: unknown) =>
  error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
