// One request in full.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import { testSiteDir } from '../../fixtures/static-server';
import type { BridgeEnv } from './env';

export function requestDetails(env: BridgeEnv): void {
  it('shows one request in full: headers, status, timing and body', async () => {
    const account = env.site.url('account/index.html');
    await env.bridge.data('browser_navigate', { url: account });
    await env.bridge.data('browser_wait_for', { text: 'Ada Lovelace' });
    const json = await env.bridge.data('browser_network_request', { url: env.site.url('account/account.json') });
    const file = await readFile(join(testSiteDir, 'account/account.json'), 'utf8');
    expect(json).toMatchObject({
      url: env.site.url('account/account.json'),
      method: 'GET',
      status: 200,
      source: 'network',
      mimeType: 'application/json',
      requestHeaders: { accept: 'application/json' },
      responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: { kind: 'text', text: file, bytes: Buffer.byteLength(file), truncated: false },
    });
    expect(Date.now() - Date.parse(String(json.startTime))).toBeLessThan(60_000);
    expect(json.durationMs).toEqual(expect.any(Number));
    // The index is the request's place in browser_network_sources; a part of a URL names the only match.
    const { requests } = (await env.bridge.data('browser_network_sources')) as { requests: { url: string }[] };
    expect(requests[json.index as number]?.url).toBe(json.url);
    expect(await env.bridge.data('browser_network_request', { index: json.index })).toMatchObject({ url: json.url });
    expect(await env.bridge.data('browser_network_request', { url: 'avatar.png' })).toMatchObject({
      status: 200,
      mimeType: 'image/png',
      body: { kind: 'binary', bytes: (await readFile(join(testSiteDir, 'account/avatar.png'))).length },
    });
    expect(textOf(await env.bridge.call('browser_network_request', { url: 'nothing-like-this' }))).toMatch(
      /^ERROR: The working tab made no request to nothing-like-this since its last navigation/,
    );
    expect(textOf(await env.bridge.call('browser_network_request', { index: 999 }))).toMatch(
      /^ERROR: There is no request 999/,
    );
    expect(textOf(await env.bridge.call('browser_network_request', {}))).toMatch(
      /^ERROR: Invalid arguments for browser_network_request: give either url or index/,
    );
  });
}
