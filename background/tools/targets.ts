import { browser } from '../../src/platform/browser';
import type { Target, ToolContext, ToolOutput } from './types';
import { untrusted } from './untrusted';

const LOAD_WAIT_MS = 15_000;
const NAVIGATION_START_MS = 3_000;

/** Resolves true once the tab starts loading or changes address, false when nothing happens in time. */
function navigationStart(tabId: number): { started: Promise<boolean>; cancel(): void } {
  let cancel = () => {};
  const started = new Promise<boolean>((resolve) => {
    const listener = (id: number, change: { status?: string; url?: string }) => {
      if (id === tabId && (change.status === 'loading' || change.url !== undefined)) finish(true);
    };
    const timer = setTimeout(() => finish(false), NAVIGATION_START_MS);
    const finish = (moved: boolean) => {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(listener);
      resolve(moved);
    };
    cancel = () => finish(false);
    browser.tabs.onUpdated.addListener(listener);
  });
  return { started, cancel };
}

/**
 * Starts a navigation with `begin` and waits for the tab to arrive. Null when the tab did not
 * start loading (nothing to go back to, say); `begin`'s errors are thrown.
 */
export async function navigateTab(tabId: number, signal: AbortSignal, begin: () => Promise<unknown>): Promise<{ url: string; title: string } | null> {
  const start = navigationStart(tabId);
  try {
    await begin();
  } catch (error) {
    start.cancel();
    throw error;
  }
  return (await start.started) ? settled(tabId, signal) : null;
}

/** Where a navigation arrived. The title is written by the page, so it reaches the model marked as page content. */
export const arrivedAt = ({ url, title }: { url: string; title: string }, verb: string, what = 'it'): ToolOutput =>
  ({ success: true, text: `${verb}: now on ${url}. Read the page to see ${what}. Its title:\n${untrusted(title)}` });

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
