// Viewport, user agent and offline emulation.
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import type { BridgeEnv } from './env';

export function emulation(env: BridgeEnv): void {
  it('emulates a viewport, a user agent and offline, as the page reads them back', async () => {
    const account = env.site.url('account/index.html');
    await env.bridge.data('browser_navigate', { url: account });
    const own = (await env.bridge.data('browser_eval', { expression: 'navigator.userAgent' })).value as string;
    const userAgent = 'BosunTest/1.0 (emulated phone)';
    const emulated = await env.bridge.data('browser_emulate', {
      viewport: { width: 400, height: 700 },
      userAgent,
      offline: true,
    });
    const seen = { innerWidth: 400, innerHeight: 700, userAgent, onLine: false };
    expect(emulated).toEqual({ url: account, applied: ['viewport', 'userAgent', 'offline'], page: seen });
    expect(
      await env.bridge.data('browser_eval', {
        expression: '({ innerWidth, innerHeight, userAgent: navigator.userAgent, onLine: navigator.onLine })',
      }),
    ).toEqual({ type: 'object', value: seen });
    // Back online, the tab's requests carry the user agent too.
    expect(await env.bridge.data('browser_emulate', { offline: false })).toMatchObject({ page: { onLine: true } });
    await env.bridge.data('browser_reload');
    expect(await env.bridge.data('browser_network_request', { url: account })).toMatchObject({
      requestHeaders: { 'user-agent': userAgent },
    });
    // null gives the page the browser's own user agent again.
    expect(await env.bridge.data('browser_emulate', { userAgent: null })).toMatchObject({
      applied: ['userAgent'],
      page: { userAgent: own },
    });
    expect(own).not.toBe(userAgent);
    expect(textOf(await env.bridge.call('browser_emulate', {}))).toMatch(
      /^ERROR: Invalid arguments for browser_emulate: give at least one/,
    );
    expect(textOf(await env.bridge.call('browser_emulate', { viewport: { width: 10, height: 700 } }))).toMatch(
      /^ERROR: Invalid arguments for browser_emulate: viewport\.width: /,
    );

    // A fixed piece of work, timed in the page: CPU throttling slows it in Chromium; Firefox has none.
    const work = async () =>
      (
        await env.bridge.data('browser_eval', {
          expression:
            '(() => { const t = performance.now(); let x = 0; for (let i = 0; i < 2e7; i++) x += i % 7; return performance.now() - t; })()',
        })
      ).value as number;
    if (env.chromium) {
      // The strongest throttling against the fastest of three plain runs. Other work on a loaded machine
      // slows the plain runs too (8× once measured 2.2× here, 20× once 1.3× under the suite's own load),
      // so up to three rounds are measured, and one of them must show the throttling.
      let strongest = 0;
      for (let round = 0; round < 3 && strongest <= 3; round++) {
        const normal = Math.min(await work(), await work(), await work());
        expect(await env.bridge.data('browser_emulate', { cpuThrottling: 20 })).toMatchObject({
          applied: ['cpuThrottling'],
        });
        const slowed = await work();
        await env.bridge.data('browser_emulate', { cpuThrottling: 1 });
        strongest = Math.max(strongest, slowed / normal);
      }
      expect(strongest).toBeGreaterThan(3);
    } else {
      expect(textOf(await env.bridge.call('browser_emulate', { cpuThrottling: 4 }))).toMatch(
        /^ERROR: CPU throttling is not available in Firefox: WebDriver BiDi has no CPU throttling/,
      );
      expect(
        await env.bridge.data('browser_emulate', { viewport: { width: 800, height: 600 }, cpuThrottling: 4 }),
      ).toMatchObject({
        applied: ['viewport'],
        unavailable: { cpuThrottling: 'not available in Firefox: WebDriver BiDi has no CPU throttling' },
        page: { innerWidth: 800 },
      });
    }
  });
}
