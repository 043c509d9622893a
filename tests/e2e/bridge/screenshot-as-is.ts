// A screenshot is the browser's picture of the page as it is, not changed first: hiding the caret
// restyled the whole of Node's all.html (0.5 s before the first picture).
import { expect, it } from 'vitest';
import type { BridgeEnv } from './env';

export function screenshotAsItIs(env: BridgeEnv): void {
  it('takes the screenshot without changing the page: nothing is added to it or taken from it', async () => {
    await env.bridge.data('browser_navigate', { url: env.site.url('form.html') });
    // A field has focus, so there is a caret to picture.
    await env.bridge.data('browser_eval', {
      expression: `document.querySelector('input')?.focus(); window.__changes = 0; new MutationObserver((records) => (window.__changes += records.length)).observe(document, { childList: true, subtree: true, attributes: true })`,
    });
    await env.bridge.data('browser_screenshot');
    await env.bridge.data('browser_screenshot', { fullPage: true });
    expect((await env.bridge.data('browser_eval', { expression: 'window.__changes' })).value).toBe(0);
  });
}
