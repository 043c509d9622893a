// A PNG of one element.
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import { indexByLabel } from '../support/listing';
import type { BridgeEnv } from './env';

export function elementScreenshot(env: BridgeEnv): void {
  it('takes a PNG of one element, the size of the element, beside the viewport screenshot', async () => {
    await env.bridge.data('browser_navigate', { url: env.site.url('account.html') });
    const shot = await env.bridge.call('browser_screenshot', { selector: '#plan-card' });
    expect(shot.structuredContent).toMatchObject({ url: env.site.url('account.html'), width: 240 });
    const image = shot.content.find((c) => c.type === 'image');
    const png = Buffer.from(image?.type === 'image' ? image.data : '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The card is 240×120 CSS pixels; at a fractional position an engine may take the pixel row it touches too.
    expect(png.readUInt32BE(16)).toBe(240);
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(120);
    expect(png.readUInt32BE(20)).toBeLessThanOrEqual(121);
    // By reference: the page engine marks the element it listed, the browser pictures just that.
    const ref = indexByLabel((await env.bridge.data('browser_snapshot')).snapshot as string, 'button', 'Upgrade');
    const button = await env.bridge.data('browser_screenshot', { ref });
    expect(button.width).toBe(160);
    expect([40, 41]).toContain(button.height);
    const viewport = await env.bridge.data('browser_screenshot');
    expect(viewport.width).toBeGreaterThan(240);
    expect(textOf(await env.bridge.call('browser_screenshot', { selector: '#plan-card', fullPage: true }))).toMatch(
      /^ERROR: Invalid arguments for browser_screenshot: give one of ref, selector or fullPage/,
    );
  });
}
