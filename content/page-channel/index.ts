/**
 * Bosun's one isolated-world script in every page, at document_start before any page script: it
 * makes the document's secret for the private channel to the page-world script (src/page-channel.ts),
 * hands it over and keeps it where the content script, injected later, finds it. Its listener is
 * gone as soon as the page-world script has the secret, so a page cannot ask for it afterwards.
 */
import { CHANNEL_KEY, HELLO } from '../../src/page-channel';
import { hearFrames, tellParent } from './frames';

/**
 * Whether no script of the page's can have run yet: the document element is there and still empty.
 * Firefox also injects this script into pages already open when Bosun is installed, where the page
 * might be listening for the hand-over: those get no channel (their script-made controls go unlisted,
 * and the snapshot finds shadow roots by itself).
 */
const beforePageScripts = document.readyState === 'loading' && document.documentElement?.hasChildNodes() === false;

if (beforePageScripts) {
  // 128 random bits (getRandomValues, as randomUUID exists only on secure pages), as letters a page cannot guess.
  const secret = `bosun${Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('')}`;
  /** Whether the page-world script took the secret (it cancels the event). */
  const give = () => !document.dispatchEvent(new CustomEvent(HELLO, { detail: secret, cancelable: true }));

  if (!give()) {
    // The page-world script runs next, and asks with ''.
    const asked = (event: Event) => {
      if ((event as CustomEvent<unknown>).detail !== '') return;
      document.removeEventListener(HELLO, asked, true);
      give();
    };
    document.addEventListener(HELLO, asked, true);
  }
  (document as unknown as Record<string, unknown>)[CHANNEL_KEY] = secret;

  // Firefox keeps each frame's content-script world apart: the top frame's content script learns a
  // same-origin frame's secret from the frame's own script instead (frames.ts).
  if (__TARGET__ === 'firefox') {
    hearFrames();
    tellParent(secret);
  }
}
