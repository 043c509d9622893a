/**
 * The one-time microphone page. It opens as a tab, where the browser can show its permission
 * prompt (a side panel cannot); once Bosun's origin is allowed, the panel records by itself.
 */
import { browser } from '../src/platform/browser';
import { micErrorMessage } from './voice/mic-errors';

const ALLOWED =
  __TARGET__ === 'firefox'
    ? 'Microphone allowed. Press the microphone button in Bosun’s sidebar to talk. If you did not tick “Remember this decision”, Firefox asks again next time.'
    : 'Microphone allowed. Press the microphone button in Bosun’s side panel to talk.';

const status = document.getElementById('status');
const again = document.getElementById('again');

async function ask(): Promise<void> {
  if (!status || !again) return;
  again.hidden = true;
  status.textContent = 'Asking your browser for the microphone…';
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

again?.addEventListener('click', () => void ask());
document.getElementById('close')?.addEventListener('click', () => {
  void browser.tabs.getCurrent().then((tab) => (tab?.id === undefined ? window.close() : browser.tabs.remove(tab.id)));
});
void ask();
