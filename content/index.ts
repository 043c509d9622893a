/**
 * Content script entry: wiring only. It answers typed requests from Bosun and keeps nothing
 * but the element index of the last snapshot; everything it drew goes when the page does.
 */
import { classifySender } from '../src/messaging/sender';
import { browser } from '../src/platform/browser';
import { hideMask } from './overlay/mask';
import { routeRequest } from './routes';

const LOADED = Symbol.for('bosun.content');
const scope = globalThis as { [LOADED]?: boolean };

// The background may inject this script into a tab that already has it.
if (!scope[LOADED]) {
  scope[LOADED] = true;
  const extensionOrigin = browser.runtime.getURL('').replace(/\/$/, '');
  browser.runtime.onMessage.addListener((raw: unknown, sender, sendResponse: (reply: unknown) => void) => {
    const from = classifySender(sender, browser.runtime.id, extensionOrigin);
    routeRequest(raw, from, undefined).then(
      (outcome) => sendResponse(outcome.ok ? outcome.value : { success: false, error: outcome.error }),
      (error: unknown) => {
        hideMask();
        sendResponse({ success: false, error: `The page script failed: ${String(error)}` });
      },
    );
    return true;
  });
  window.addEventListener('pagehide', hideMask);
}
