import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import { here } from './targets';
import { defineTool } from './types';
import { untrusted } from './untrusted';
import { READS_PAGE } from './annotations';

export const takeScreenshot = defineTool({
  name: 'take_screenshot',
  description:
    'Take a screenshot of the visible part of the current tab, to see layout, images or anything the text reading misses.',
  level: 'read-only',
  annotations: READS_PAGE,
  params: v.object({}),
  target: here,
  async run(_args, ctx) {
    const tab = await browser.tabs.get(ctx.tabId);
    // Only the tab a window shows can be captured; bring Bosun's tab to the front first.
    if (!tab.active) await browser.tabs.update(ctx.tabId, { active: true });
    const image = await browser.tabs.captureVisibleTab(tab.windowId ?? browser.windows.WINDOW_ID_CURRENT, {
      format: 'png',
    });
    return { success: true, text: `Screenshot of ${tab.url ?? ''}. Its title:\n${untrusted(tab.title ?? '')}`, image };
  },
});
