// Bad arguments, refused before anything runs.
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import type { BridgeEnv } from './env';

export function badArguments(env: BridgeEnv): void {
  it('rejects bad arguments with a clear error before anything runs', async () => {
    const badUrl = await env.bridge.call('browser_navigate', { url: 'javascript:alert(1)' });
    expect(badUrl).toMatchObject({ isError: true });
    expect(textOf(badUrl)).toBe(
      'ERROR: Invalid arguments for browser_navigate: url: must be an http(s) URL.\nNext step: Call browser_navigate again with arguments that match its input schema.',
    );
    expect(textOf(await env.bridge.call('browser_navigate', {}))).toMatch(
      /^ERROR: Invalid arguments for browser_navigate: url: /,
    );
    // Bosun's own pages (where the person answers permission questions) are out of the browser tools' reach.
    const { extensionId } = await env.bridge.data('abp_extension_getInfo');
    const scheme = env.chromium ? 'chrome-extension' : 'moz-extension';
    expect(
      textOf(await env.bridge.call('browser_navigate', { url: `${scheme}://${extensionId}/sidebar.html` })),
    ).toMatch(/^ERROR: Invalid arguments for browser_navigate: url: must be an http\(s\) URL/);
    expect(textOf(await env.bridge.call('browser_click', { selector: '#save', force: true }))).toMatch(
      /^ERROR: Invalid arguments for browser_click: .*force/,
    );
    expect(textOf(await env.bridge.call('browser_set_offline', { offline: 'yes' }))).toMatch(
      /^ERROR: Invalid arguments for browser_set_offline: offline: /,
    );
    // The capability's own JSON Schema is checked by the env.bridge, then Bosun checks the params again.
    expect(
      textOf(await env.bridge.call('abp_crawl_start', { urls: env.site.url('crawl/'), options: { maxWorkers: 11 } })),
    ).toMatch(/^ERROR: Invalid arguments for abp_crawl_start: .*maxWorkers must be <= 10/);
    const notHttp = await env.bridge.call('abp_crawl_start', { urls: 'file:///etc/passwd' });
    expect(notHttp).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'INVALID_PARAMS', capability: 'crawl.start', retryable: false } },
    });
    // A name that is no tool is the protocol's invalid-params error, not a tool result.
    await expect(env.bridge.call('browser_teleport')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/There is no tool named browser_teleport/),
    });
    expect(await env.bridge.data('abp_crawl_status', { jobId: 'job_none' }).catch((e: Error) => e.message)).toMatch(
      /INVALID_PARAMS: jobId: there is no job "job_none"/,
    );
  });
}
