// Cookies and storage: read, written and cleared, under Bosun's gate.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStaticServer, testSiteDir, type StaticServer } from '../../fixtures/static-server';
import { textOf } from '../support/bridge';
import type { BridgeEnv } from './env';

export function siteData(env: BridgeEnv): void {
  /** The same site on another loopback address: a site the bridge's --allow does not cover. */
  let otherSite: StaticServer;
  beforeAll(async () => {
    otherSite = await startStaticServer(testSiteDir, '127.0.0.2');
  });
  afterAll(async () => {
    await otherSite?.close();
  });

  it('lists, sets and clears cookies and local and session storage, which the page then sees', async () => {
    await env.bridge.data('browser_navigate', { url: env.site.url('account.html') });
    const page = async (expression: string) => (await env.bridge.data('browser_eval', { expression })).value;

    const set = await env.bridge.data('browser_cookies', { action: 'set', name: 'consent', value: 'analytics=no' });
    expect(set.cookies).toEqual([
      {
        name: 'consent',
        value: 'analytics=no',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
    ]);
    await env.bridge.data('browser_cookies', { action: 'set', name: 'sid', value: 'abc123', httpOnly: true });
    expect(await page('document.cookie')).toBe('consent=analytics=no');
    expect(
      ((await env.bridge.data('browser_cookies', { action: 'list' })).cookies as { name: string }[])
        .map((c) => c.name)
        .sort(),
    ).toEqual(['consent', 'sid']);
    expect(await env.bridge.data('browser_cookies', { action: 'clear', name: 'consent' })).toMatchObject({
      removed: 1,
      cookies: [{ name: 'sid', httpOnly: true }],
    });
    expect(await env.bridge.data('browser_cookies', { action: 'clear' })).toMatchObject({ removed: 1, cookies: [] });
    expect(textOf(await env.bridge.call('browser_cookies', { action: 'set', name: 'a b', value: 'x' }))).toMatch(
      /^ERROR: Invalid arguments for browser_cookies: .*must be a token/,
    );

    expect(
      await env.bridge.data('browser_storage', { action: 'set', kind: 'local', key: 'theme', value: 'dark' }),
    ).toEqual({
      url: env.site.url('account.html'),
      kind: 'local',
      entries: { theme: 'dark' },
      removed: 0,
    });
    await env.bridge.data('browser_storage', { action: 'set', kind: 'session', key: 'step', value: '2' });
    expect(await page(`localStorage.getItem('theme') + ' ' + sessionStorage.getItem('step')`)).toBe('dark 2');
    await page(`localStorage.setItem('cart', '3 items'); 'set'`);
    expect((await env.bridge.data('browser_storage', { action: 'read', kind: 'local' })).entries).toEqual({
      theme: 'dark',
      cart: '3 items',
    });
    expect((await env.bridge.data('browser_storage', { action: 'read', kind: 'local', key: 'cart' })).entries).toEqual({
      cart: '3 items',
    });
    expect(await env.bridge.data('browser_storage', { action: 'clear', kind: 'local', key: 'theme' })).toMatchObject({
      removed: 1,
      entries: {},
    });
    expect(await env.bridge.data('browser_storage', { action: 'clear', kind: 'session' })).toMatchObject({
      removed: 1,
    });
    expect(await page(`JSON.stringify([localStorage.length, sessionStorage.length])`)).toBe('[1,0]');
    expect(textOf(await env.bridge.call('browser_storage', { action: 'set', kind: 'local', key: 'x' }))).toMatch(
      /^ERROR: Invalid arguments for browser_storage: 'set' needs a key and a value/,
    );
  });

  it('asks Bosun before writing cookies or storage on a site no --allow covers, and reads without asking', async () => {
    const url = `${otherSite.url}/account.html`;
    // The bridge may not navigate there (no --allow covers it); a page the developer allowed scripts on leaves for it.
    expect(await env.bridge.call('browser_navigate', { url })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'PERMISSION_REQUIRED', details: { site: '127.0.0.2', level: 'navigate' } } },
    });
    await env.bridge.data('browser_navigate', { url: env.site.url('index.html') });
    await env.bridge.data('browser_eval', { expression: `location.href = ${JSON.stringify(url)}; 'leaving'` });
    await env.bridge.data('browser_wait_for', { text: 'Display name' });
    const denied = await env.bridge.call('browser_storage', {
      action: 'set',
      kind: 'local',
      key: 'theme',
      value: 'dark',
    });
    expect(denied).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          details: { tool: 'browser_storage', site: '127.0.0.2', level: 'interact' },
        },
      },
    });
    const cookie = await env.bridge.call('browser_cookies', { action: 'set', name: 'sid', value: 'stolen' });
    expect(cookie).toMatchObject({
      isError: true,
      structuredContent: {
        error: { code: 'PERMISSION_REQUIRED', details: { tool: 'browser_cookies', level: 'submit' } },
      },
    });
    // Nothing was written, and reading asked no one.
    expect(await env.bridge.data('browser_storage', { action: 'read', kind: 'local' })).toMatchObject({ entries: {} });
    expect(await env.bridge.data('browser_cookies', { action: 'list' })).toMatchObject({ url, cookies: [] });
  });
}
