// Tabs: listed, opened, chosen and closed, never Bosun's own pages.
import { expect, it } from 'vitest';
import { waitUntil } from '../harness';
import { textOf } from '../support/bridge';
import type { BridgeEnv } from './env';

export function tabs(env: BridgeEnv): void {
  it("lists, opens, chooses and closes tabs, the other tools following the chosen one, and never lists Bosun's own pages", async () => {
    // Bosun's ABP page is open in a tab of its own once an ABP tool has run.
    await env.bridge.data('abp_extension_getInfo');
    await env.bridge.data('browser_navigate', { url: env.site.url('index.html') });
    const opened = await env.bridge.call('browser_tabs', { action: 'new', url: env.site.url('product.html') });
    expect(opened.structuredContent).toEqual({
      tabs: [
        { index: 0, url: env.site.url('index.html'), title: 'Bosun Test Shop', current: false },
        { index: 1, url: env.site.url('product.html'), title: expect.stringMatching(/^Trail Runner 2/), current: true },
      ],
    });
    expect(textOf(opened)).toContain(`* 1: Trail Runner 2`);
    const whereTheToolsWork = async () => (await env.bridge.data('browser_wait_for', { time: 0 })).url;
    expect(await whereTheToolsWork()).toBe(env.site.url('product.html'));
    expect(await env.bridge.data('browser_tabs', { action: 'select', index: 0 })).toMatchObject({
      tabs: [{ current: true }, { current: false }],
    });
    expect(await whereTheToolsWork()).toBe(env.site.url('index.html'));
    const closed = await env.bridge.data('browser_tabs', { action: 'close' });
    expect(closed).toEqual({
      tabs: [{ index: 0, url: env.site.url('product.html'), title: expect.any(String), current: true }],
    });
    expect(await whereTheToolsWork()).toBe(env.site.url('product.html'));
    expect(textOf(await env.bridge.call('browser_tabs', { action: 'select', index: 5 }))).toBe(
      "ERROR: There is no tab 5: the browser has 1 tab(s), numbered from 0.\nNext step: Call browser_tabs with action 'list' to see them.",
    );
    expect(textOf(await env.bridge.call('browser_tabs', { action: 'select' }))).toMatch(
      /^ERROR: Invalid arguments for browser_tabs: 'select' needs an index/,
    );
    expect(textOf(await env.bridge.call('browser_tabs', { action: 'list', url: env.site.url('form.html') }))).toMatch(
      /^ERROR: Invalid arguments for browser_tabs: only 'new' takes a url/,
    );
  });
}

/**
 * The working tab's first read names it by its id in Bosun, never by its address: here the page opens
 * a second tab at the same address, which comes to the front, and the bridge still reads its own.
 */
export function sameAddress(env: BridgeEnv): void {
  it('reads the working tab, not another tab showing the same address that was in front since', async () => {
    const url = env.site.url('index.html?twice');
    await env.bridge.data('browser_tabs', { action: 'new', url });
    // The copy opens in front of the working tab; only the working tab then says it is the working one.
    await env.bridge.data('browser_eval', {
      expression: `window.open(location.href); document.body.prepend('This is the working tab.'); 1`,
    });
    await waitUntil(async () => {
      const { tabs } = (await env.bridge.data('browser_tabs', { action: 'list' })) as { tabs: { url: string }[] };
      return tabs.filter((tab) => tab.url === url).length === 2;
    });
    const { tabs } = (await env.bridge.data('browser_tabs', { action: 'list' })) as {
      tabs: { url: string; current: boolean }[];
    };
    expect(tabs.slice(-2)).toEqual([
      expect.objectContaining({ url, current: true }),
      expect.objectContaining({ url, current: false }),
    ]);
    expect((await env.bridge.data('browser_snapshot')).snapshot).toContain('This is the working tab.');
    // The copy, then the working tab, are closed for the groups after this one.
    await env.bridge.data('browser_tabs', { action: 'close', index: tabs.length - 1 });
    await env.bridge.data('browser_tabs', { action: 'close' });
  });
}

/** Firefox's PDF viewer runs no content script to say which tab it is in: that tab is found by its address. */
export function pdfTab(env: BridgeEnv): void {
  it('reads a PDF the working tab shows, whose viewer has no content script to name its tab', async () => {
    await env.bridge.data('browser_navigate', { url: env.site.url('pdf/report.pdf') });
    expect((await env.bridge.data('browser_snapshot')).snapshot).toContain('PDF: Harbour Survey 2026');
  });
}
