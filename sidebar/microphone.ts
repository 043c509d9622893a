/**
 * The one-time microphone page. It opens as a tab, where the browser can show its permission
 * prompt (a side panel cannot); once Bosun's origin is allowed, the panel records by itself.
 */
import { browser } from '../src/platform/browser';
import { localizePage, t } from '../src/i18n';
import { micErrorMessage } from './voice/mic-errors';

const ALLOWED = __TARGET__ === 'firefox' ? t('mic_allowed_firefox') : t('mic_allowed_chrome');

const status = document.getElementById('status');
const again = document.getElementById('again');

async function ask(): Promise<void> {
  if (!status || !again) return;
  again.hidden = true;
  status.textContent = t('mic_asking');
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    // Only the permission was wanted: the microphone closes at once.
    stream.getTracks().forEach((track) => track.stop());
    status.textContent = ALLOWED;
    status.dataset.outcome = 'allowed';
  } catch (error) {
    status.textContent = micErrorMessage(error);
    status.dataset.outcome = 'refused';
    again.hidden = false;
  }
}

localizePage(document);
again?.addEventListener('click', () => void ask());
document.getElementById('close')?.addEventListener('click', () => {
  void browser.tabs.getCurrent().then((tab) => (tab?.id === undefined ? window.close() : browser.tabs.remove(tab.id)));
});
void ask();
