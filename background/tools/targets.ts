import { browser } from '../../src/platform/browser';
import type { Target, ToolContext } from './types';

const LOAD_WAIT_MS = 15_000;

/**
 * Waits until the tab has loaded (or a while has passed: some pages never stop loading). A new
 * tab reports the blank page it starts on as loaded (Firefox) before it starts on its URL.
 */
export async function settled(tabId: number, signal: AbortSignal): Promise<{ url: string; title: string }> {
  const deadline = Date.now() + LOAD_WAIT_MS;
  for (;;) {
    const tab = await browser.tabs.get(tabId);
    const loaded = tab.status === 'complete' && Boolean(tab.url) && tab.url !== 'about:blank';
    if (loaded || Date.now() > deadline || signal.aborted) return { url: tab.url ?? '', title: tab.title ?? '' };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The address of the tab Bosun works in. A tab just opened by a click may still be blank;
 * its address is the one it is loading, not "about:blank".
 */
export async function pageUrl(ctx: ToolContext): Promise<string> {
  const tab = await browser.tabs.get(ctx.tabId);
  if (tab.url && tab.url !== 'about:blank') return tab.url;
  return (await settled(ctx.tabId, ctx.signal)).url;
}

/** The target of a tool that acts on the page as a whole: the page itself. */
export const here = async (_args: unknown, ctx: ToolContext): Promise<Target> => ({ url: await pageUrl(ctx) });
