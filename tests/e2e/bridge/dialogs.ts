// The page's dialogs, answered under the policy.
import { expect, it } from 'vitest';
import { waitUntil } from '../harness';
import { textOf } from '../support/bridge';
import type { BridgeEnv } from './env';

export function dialogs(env: BridgeEnv): void {
  /** The leave-page question of the renamed account: dismissed, the tab stays; accepted, it goes. */
  const leaveAfterQuestion = async (leaving: Awaited<ReturnType<BridgeEnv['bridge']['call']>>) => {
    expect(leaving).toMatchObject({
      isError: true,
      structuredContent: { error: { dialog: { type: 'beforeunload' } } },
    });
    expect(await env.bridge.data('browser_handle_dialog', { accept: false })).toMatchObject({ type: 'beforeunload' });
    expect(await env.bridge.data('browser_eval', { expression: 'location.href' })).toEqual({
      type: 'string',
      value: env.site.url('account/index.html'),
    });
    await env.bridge.call('browser_navigate', { url: env.site.url('index.html') });
    expect(await env.bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({
      type: 'beforeunload',
      accepted: true,
    });
    await waitUntil(
      async () =>
        (await env.bridge.data('browser_eval', { expression: 'location.href' })).value === env.site.url('index.html'),
      { timeoutMs: 10_000, message: 'the tab never left the account page' },
    );
  };

  it('answers the page’s dialogs under the policy, and an open dialog never hangs another tool', async () => {
    await env.bridge.data('browser_set_offline', { offline: false });
    const account = env.site.url('account/index.html');
    await env.bridge.data('browser_navigate', { url: account });
    await env.bridge.data('browser_wait_for', { text: 'Ada Lovelace' });
    const status = async () =>
      (await env.bridge.data('browser_eval', { expression: "document.getElementById('status').textContent" })).value;
    expect(textOf(await env.bridge.call('browser_handle_dialog', { accept: true }))).toMatch(
      /^ERROR: No dialog is open in the working tab\./,
    );

    // A call that opens a confirm returns as the dialog opens, with what it asks. (A script the developer
    // allowed clicks "Delete account": the bridge's own click on it is critical and would ask first.)
    const deleting = await env.bridge.call('browser_eval', { expression: "document.getElementById('delete').click()" });
    const confirmDialog = { type: 'confirm', message: 'Delete your account? This cannot be undone.', defaultValue: '' };
    expect(deleting).toMatchObject({ isError: true, structuredContent: { error: { dialog: confirmDialog } } });
    expect(textOf(deleting)).toMatch(
      /opened a confirm dialog "Delete your account\?.*\nNext step: Call browser_handle_dialog/,
    );
    // While it is open, a tool that needs the page says so at once; one that reads the bridge's records works.
    const started = Date.now();
    expect(await env.bridge.call('browser_snapshot')).toMatchObject({
      isError: true,
      structuredContent: { error: { dialog: confirmDialog } },
    });
    expect(await env.bridge.call('browser_eval', { expression: '1' })).toMatchObject({ isError: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    // A request's details still come, its body once the dialog is answered (Chromium gives none before).
    expect(await env.bridge.data('browser_network_request', { url: 'account.json' })).toMatchObject({
      status: 200,
      body: {
        kind: 'unavailable',
        reason: expect.stringMatching(/^the page has a confirm dialog "Delete your account/),
      },
    });
    expect(textOf(await env.bridge.call('browser_network_sources'))).toMatch(
      /^SUCCESS: .*\(a confirm dialog "Delete your account\? This cannot be undone\." is open/,
    );
    expect(await env.bridge.data('browser_handle_dialog', { accept: false })).toMatchObject({
      ...confirmDialog,
      accepted: false,
      url: account,
    });
    expect(await status()).toBe('Kept the account');

    // An alert the answer to a prompt opens is the next dialog.
    await env.bridge.call('browser_click', { selector: '#rename' });
    await env.bridge.data('browser_handle_dialog', { accept: true, promptText: ' ' });
    await waitUntil(
      async () =>
        /an alert dialog "The name cannot be empty\." is open/.test(textOf(await env.bridge.call('browser_console'))),
      { timeoutMs: 10_000, message: 'the alert never opened' },
    );
    expect(await env.bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({
      type: 'alert',
      accepted: true,
    });
    expect(await status()).toBe('Name unchanged');

    // A prompt accepted without text gets its default text, as pressing OK does.
    await env.bridge.call('browser_click', { selector: '#rename' });
    expect(await env.bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({
      type: 'prompt',
      accepted: true,
      promptText: 'Ada Lovelace',
    });
    expect(await status()).toBe('Renamed to Ada Lovelace');

    // A prompt gets the text given; a confirm accepted does what it asked.
    expect(await env.bridge.call('browser_click', { selector: '#rename' })).toMatchObject({
      structuredContent: { error: { dialog: { type: 'prompt', defaultValue: 'Ada Lovelace' } } },
    });
    expect(await env.bridge.data('browser_handle_dialog', { accept: true, promptText: 'Ada King' })).toMatchObject({
      type: 'prompt',
      accepted: true,
      promptText: 'Ada King',
    });
    expect(await status()).toBe('Renamed to Ada King');
    await env.bridge.call('browser_eval', { expression: "document.getElementById('delete').click()" });
    expect(await env.bridge.data('browser_handle_dialog', { accept: true })).toMatchObject({ accepted: true });
    expect(await status()).toBe('Account deleted');
    expect(textOf(await env.bridge.call('browser_handle_dialog', { accept: true }))).toMatch(
      /^ERROR: No dialog is open/,
    );

    // Leaving the renamed account asks first: dismissed, the tab stays; accepted, it goes. Firefox asks only
    // of a page a person has used, and the page engine's clicks are not a person's: there the tab just goes.
    const leaving = await env.bridge.call('browser_navigate', { url: env.site.url('index.html') });
    if (!env.chromium) expect(leaving).toMatchObject({ structuredContent: { url: env.site.url('index.html') } });
    else await leaveAfterQuestion(leaving);

    // Answering acts on the page: on a site nobody allowed (localhost, where 127.0.0.1 is allowed),
    // headless, it is refused at once, and the dialog stays open until then.
    // The bridge may not navigate there; a page the developer allowed scripts on leaves for it.
    await env.bridge.data('browser_tabs', { action: 'new', url: env.site.url('index.html') });
    const elsewhere = `${account.replace('127.0.0.1', 'localhost')}?expire=300`;
    await env.bridge.data('browser_eval', { expression: `location.href = ${JSON.stringify(elsewhere)}; 'leaving'` });
    await waitUntil(
      async () =>
        /a confirm dialog "Your session is about to expire/.test(textOf(await env.bridge.call('browser_console'))),
      { timeoutMs: 10_000, message: 'the session dialog never opened' },
    );
    expect(await env.bridge.call('browser_handle_dialog', { accept: true })).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          details: {
            tool: 'browser_handle_dialog',
            site: 'localhost',
            // Accepting a confirm commits what it asks, as the chat's accept_dialog: judged at submit.
            level: 'submit',
            summary: 'Accept the confirm dialog "Your session is about to expire. Stay signed in?"',
            allowWith: '--allow localhost:submit',
          },
        },
      },
    });
    expect(await env.bridge.call('browser_snapshot')).toMatchObject({
      structuredContent: { error: { dialog: { type: 'confirm' } } },
    });
    // A tab stuck behind a dialog can still be closed; the tools then work on the first tab.
    await env.bridge.data('browser_tabs', { action: 'close' });
    expect(await env.bridge.data('browser_eval', { expression: 'location.href' })).toEqual({
      type: 'string',
      value: env.site.url('index.html'),
    });
  });
}
