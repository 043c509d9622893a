// Going back and forward, reloading, and waiting for what a page shows.
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import { indexByLabel } from '../support/listing';
import { useSite } from '../support/site';
import type { BridgeEnv } from './env';

export function historyAndWaiting(env: BridgeEnv): void {
  // Served as most sites are, so the browser keeps its pages in its back-forward cache.
  const cached = useSite({ cacheable: true });

  it('goes back and forward between the pages it opened, reloads, and says when there is no page that way', async () => {
    await env.bridge.data('browser_navigate', { url: env.site.url('index.html') });
    await env.bridge.data('browser_navigate', { url: env.site.url('product.html') });
    expect(await env.bridge.data('browser_back')).toMatchObject({
      url: env.site.url('index.html'),
      title: 'Bosun Test Shop',
    });
    expect(await env.bridge.data('browser_forward')).toMatchObject({
      url: env.site.url('product.html'),
      title: expect.stringMatching(/^Trail Runner 2/),
    });
    const forward = await env.bridge.call('browser_forward');
    expect(forward.isError).toBe(true);
    expect(textOf(forward)).toBe(
      `ERROR: There is no later page in the working tab's history (it shows ${env.site.url('product.html')}).\n` +
        'Next step: Call browser_navigate with the URL to open.',
    );
    // A reload loads the page anew: what a script left on it is gone.
    await env.bridge.data('browser_eval', { expression: 'document.title = "changed"' });
    expect(await env.bridge.data('browser_reload')).toMatchObject({
      url: env.site.url('product.html'),
      status: 200,
      title: expect.stringMatching(/^Trail Runner 2/),
    });
  });

  it('goes back to a form it typed into and clicked on, at once, in both engines', async () => {
    // The form is kept in the back-forward cache: the way back fires no load event.
    await env.bridge.data('browser_navigate', { url: cached.url('form.html') });
    const form = String((await env.bridge.data('browser_snapshot')).snapshot);
    await env.bridge.data('browser_type', { ref: indexByLabel(form, 'textbox', 'Name'), text: 'Ada' });
    await env.bridge.data('browser_click', { ref: indexByLabel(form, 'textbox', 'Email') });
    await env.bridge.data('browser_navigate', { url: cached.url('product.html') });
    const started = Date.now();
    expect(await env.bridge.data('browser_back')).toMatchObject({ url: cached.url('form.html') });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await env.bridge.data('browser_forward')).toMatchObject({ url: cached.url('product.html') });
    // And the tab goes on: a restored page leaves nothing waiting for a load that never comes.
    expect(await env.bridge.data('browser_navigate', { url: cached.url('index.html') })).toMatchObject({ status: 200 });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('waits for text to appear and to go, for a visible element, or for a time, and says what never came', async () => {
    await env.bridge.data('browser_navigate', { url: env.site.url('index.html') });
    await env.bridge.data('browser_eval', {
      expression: `setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p id="late">Arrived late</p>'), 400); 'scheduled'`,
    });
    expect(await env.bridge.data('browser_wait_for', { text: 'Arrived late' })).toMatchObject({
      waitedMs: expect.any(Number),
    });
    expect(await env.bridge.data('browser_wait_for', { selector: '#late', text: 'Arrived' })).toMatchObject({
      url: env.site.url('index.html'),
    });
    const stays = await env.bridge.call('browser_wait_for', { textGone: 'Arrived late', timeout: 0.5 });
    expect(stays.isError).toBe(true);
    expect(textOf(stays)).toMatch(
      /^ERROR: The page did not show the text "Arrived late" gone within 0\.5 s\.\nNext step: /,
    );
    await env.bridge.data('browser_eval', { expression: `document.getElementById('late').hidden = true; 'hidden'` });
    expect(await env.bridge.data('browser_wait_for', { textGone: 'Arrived late' })).toMatchObject({});
    const invisible = await env.bridge.call('browser_wait_for', { selector: '#late', timeout: 0.3 });
    expect(textOf(invisible)).toMatch(/^ERROR: The page did not show a visible #late within 0\.3 s\./);
    expect(textOf(await env.bridge.call('browser_wait_for', { selector: 'p[' }))).toBe(
      'ERROR: The selector p[ is not valid CSS.\nNext step: Fix the selector, then call again.',
    );
    const waited = await env.bridge.data('browser_wait_for', { time: 0.2 });
    expect(waited.waitedMs).toBeGreaterThanOrEqual(195);
    expect(textOf(await env.bridge.call('browser_wait_for', { time: 1, text: 'x' }))).toMatch(
      /^ERROR: Invalid arguments for browser_wait_for: give text, textGone or selector, or time, but not both kinds/,
    );
    expect(textOf(await env.bridge.call('browser_wait_for', {}))).toMatch(
      /^ERROR: Invalid arguments for browser_wait_for: /,
    );
  });
}
