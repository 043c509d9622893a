/** What the person does to unblock the microphone, in the browser they use. */
const UNBLOCK =
  __TARGET__ === 'chrome'
    ? 'click the icon at the left of the address bar of Bosun’s microphone tab → Microphone → Allow'
    : 'click the crossed-out microphone in the address bar of Bosun’s microphone tab → remove the block, then press Allow';

export const MIC_BLOCKED = `Mic blocked. Bosun opened its microphone tab: ${UNBLOCK}, then press the microphone button again.`;
export const MIC_ASK =
  'A side panel cannot ask for the microphone, so Bosun opened a tab that asks once. Allow it there, then press the microphone button again.';

/** The spec's actionable messages for a microphone that is denied, missing or busy. */
export function micErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return MIC_BLOCKED;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'MIC_NOT_FOUND: No microphone was found. Plug one in or choose one in your system’s sound settings, then press the microphone button again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'MIC_BUSY: The microphone is in use by another program or could not be started. Close that program, then press the microphone button again.';
    default:
      return `MIC_ERROR: The microphone could not be started (${name || String(error)}). Press the microphone button to try again.`;
  }
}

/** Whether the failure is a refusal, which only the browser's permission settings can lift. */
export const isDenial = (error: unknown) => error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
