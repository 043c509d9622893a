// The design's session flow, on a site with a service worker.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import type { BridgeEnv } from './env';

export function sessionFlow(env: BridgeEnv): void {
  it('runs the session flow of the design on a site with a service worker', async () => {
    const app = env.site.url('pwa/index.html');
    expect(await env.bridge.data('browser_navigate', { url: app })).toMatchObject({
      url: app,
      status: 200,
      title: 'Bosun Test PWA',
      ready: true,
    });
    // The page registers its worker as it loads; eval awaits the promise until the worker controls it,
    // and until it has finished activating (ready resolves while it may still be 'activating').
    const controlled = await env.bridge.data('browser_eval', {
      expression: `await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
        const sw = navigator.serviceWorker.controller;
        if (sw.state !== 'activated') await new Promise((r) => sw.addEventListener('statechange', () => sw.state === 'activated' && r()));
        ({ controlled: true, scope: (await navigator.serviceWorker.getRegistration()).scope })`,
    });
    expect(controlled).toEqual({ type: 'object', value: { controlled: true, scope: env.site.url('pwa/') } });

    expect(await env.bridge.data('browser_service_workers')).toEqual({
      url: app,
      supported: true,
      controlled: true,
      controller: { scriptURL: env.site.url('pwa/sw.js'), state: 'activated' },
      registrations: [
        {
          scope: env.site.url('pwa/'),
          active: { scriptURL: env.site.url('pwa/sw.js'), state: 'activated' },
          waiting: null,
          installing: null,
        },
      ],
    });
    // The first load came from the network; nothing before the navigation is listed.
    const first = await env.bridge.data('browser_network_sources');
    expect(first).toMatchObject({ navigatedUrl: app, counts: { serviceWorker: 0, failed: 0 } });
    expect(
      (first.requests as { url: string; source: string }[]).filter(
        (r) => r.url.startsWith(env.site.url('pwa/')) && !r.url.endsWith('sw.js'),
      ),
    ).toEqual(
      ['index.html', 'style.css', 'app.js'].map((file) =>
        expect.objectContaining({ url: env.site.url(`pwa/${file}`), source: 'network', status: 200 }),
      ),
    );

    // Offline, the worker answers from its cache; a page outside its scope fails with a clear cause.
    expect(await env.bridge.data('browser_set_offline', { offline: true })).toEqual({ offline: true });
    expect(await env.bridge.data('browser_navigate', { url: app })).toMatchObject({
      status: 200,
      fromServiceWorker: true,
    });
    const offline = await env.bridge.data('browser_network_sources');
    expect(offline.counts).toEqual({ network: 0, serviceWorker: 3, cache: 0, failed: 0, pending: 0 });
    expect(offline.requests).toEqual(
      ['index.html', 'style.css', 'app.js'].map((file) =>
        expect.objectContaining({ url: env.site.url(`pwa/${file}`), source: 'serviceWorker' }),
      ),
    );
    // What the worker cannot answer offline fails in the page, and the browser logs the failed load.
    expect(
      await env.bridge.data('browser_eval', {
        expression: "await fetch('missing.json').then((r) => r.status, (e) => e.name)",
      }),
    ).toEqual({ type: 'string', value: 'TypeError' });
    const outside = await env.bridge.call('browser_navigate', { url: env.site.url('index.html') });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(
      /^ERROR: Navigation to .* failed: the browser is offline\.\nNext step: Call browser_set_offline with offline: false/,
    );
    expect(outside.structuredContent).toMatchObject({
      error: { reason: env.chromium ? 'net::ERR_INTERNET_DISCONNECTED' : 'NS_ERROR_OFFLINE' },
    });
    await env.bridge.data('browser_set_offline', { offline: false });
    await env.bridge.data('browser_navigate', { url: app });

    // Console: the page's and the worker's own messages, tagged by where they came from (and in
    // Chromium the browser's own log entries; Firefox's log module has none for a failed load).
    await env.bridge.data('browser_type', { selector: '#note', text: 'bring water' });
    await env.bridge.data('browser_click', { selector: '#save' });
    expect(
      await env.bridge.data('browser_eval', { expression: "document.getElementById('saved').textContent" }),
    ).toEqual({
      type: 'string',
      value: 'Saved: bring water',
    });
    const { entries } = (await env.bridge.data('browser_console', { clear: true })) as {
      entries: { source: string; level: string; text: string; url: string }[];
    };
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'service-worker',
          level: 'log',
          text: '[sw] installing',
          url: env.site.url('pwa/sw.js'),
        }),
        expect.objectContaining({ source: 'service-worker', text: '[sw] activated' }),
        expect.objectContaining({ source: 'page', level: 'log', text: '[page] service worker ready' }),
        expect.objectContaining({ source: 'page', level: 'info', text: '[page] saved note "bring water"' }),
        ...(env.chromium
          ? [
              expect.objectContaining({
                source: 'browser-log',
                level: 'error',
                text: expect.stringMatching(/^Failed to load resource/),
                url: env.site.url('pwa/missing.json'),
              }),
            ]
          : []),
      ]),
    );
    expect(((await env.bridge.data('browser_console')) as { entries: unknown[] }).entries).toEqual([]);

    // Eval: exceptions with their position, values JSON cannot hold described.
    const thrown = await env.bridge.call('browser_eval', { expression: 'const x = 1;\nnull.boom' });
    expect(thrown).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          exception: expect.stringMatching(
            env.chromium ? /^TypeError: Cannot read properties of null/ : /^TypeError: .*null/,
          ),
          line: 2,
        },
      },
    });
    expect(await env.bridge.data('browser_eval', { expression: 'document.body' })).toMatchObject({
      type: 'object',
      subtype: 'node',
      description: 'body',
    });
    expect(await env.bridge.data('browser_eval', { expression: 'undefined' })).toEqual({ type: 'undefined' });
    expect(
      await env.bridge.data('browser_eval', {
        expression: 'new Promise((resolve) => setTimeout(() => resolve([1, 2]), 50))',
      }),
    ).toEqual({ type: 'object', subtype: 'array', value: [1, 2] });
    expect(
      await env.bridge.call('browser_eval', { expression: 'Promise.reject(new RangeError("later"))' }),
    ).toMatchObject({
      isError: true,
      structuredContent: { error: { exception: 'RangeError: later' } },
    });
    expect(textOf(await env.bridge.call('browser_eval', { expression: 'syntax error here' }))).toMatch(
      /^ERROR: The expression threw: SyntaxError: .*\nNext step: Fix the expression/,
    );

    // Screenshot: a PNG as MCP image content, and the same bytes in the file asked for.
    const path = join(env.profileDir, 'shots', 'pwa.png');
    const shot = await env.bridge.call('browser_screenshot', { path });
    expect(shot.isError).toBeFalsy();
    const image = shot.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = Buffer.from(image?.type === 'image' ? image.data : '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await readFile(path)).toEqual(png);
    expect(shot.structuredContent).toMatchObject({
      url: app,
      path,
      bytes: png.length,
      width: expect.any(Number),
      height: expect.any(Number),
    });
  });

  it("reads the sites' service-worker consoles without leaving Firefox free to load unrestricted scripts in its parent", async () => {
    if (env.chromium) return;
    // The flow above heard the workers' consoles: the process script loaded. The pref that let it
    // load is in no preference file of the profile: it was set for that one load only.
    const prefs = await Promise.all(
      ['user.js', 'prefs.js'].map((name) => readFile(join(env.profileDir, name), 'utf8').catch(() => '')),
    );
    expect(prefs.join('\n')).toContain('extensions.webextensions.uuids');
    expect(prefs.join('\n')).not.toContain('allow_parent_unrestricted_js_loads');
  });
}
