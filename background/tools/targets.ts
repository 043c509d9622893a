import { sentInUrl } from '../../policy';
import { browser } from '../../src/platform/browser';
import { LOAD_WAIT_MS, settled, type Arrival } from '../tabs/navigation';
import type { Sent, Target, ToolContext, ToolOutput } from './types';
import { untrusted } from './untrusted';

/** Where a navigation arrived. The title is written by the page, so it reaches the model marked as page content. */
export function arrivedAt({ url, title, loaded }: Arrival, verb: string, what = 'it'): ToolOutput {
  const unfinished = loaded
    ? ''
    : ` It was still loading after ${LOAD_WAIT_MS / 1000} s: what it shows may be incomplete.`;
  return {
    success: true,
    text: `${verb}: now on ${url}.${unfinished} Read the page to see ${what}. Its title:\n${untrusted(title)}`,
  };
}

/**
 * The address of the tab Bosun works in. A tab just opened by a click may still be blank;
 * its address is the one it is loading, not "about:blank".
 */
export async function pageUrl(ctx: ToolContext): Promise<string> {
  // Closed while the action was being prepared: said as plainly as when it closes mid-action.
  const tab = await browser.tabs.get(ctx.tabId).catch(() => {
    throw new Error('The tab was closed.');
  });
  if (tab.url && tab.url !== 'about:blank') {
    ctx.locatedTab?.(tab);
    return tab.url;
  }
  return (await settled(ctx.tabId, ctx.signal)).url;
}

/** The target of a tool that acts on the page as a whole: the page itself. */
export const here = async (_args: unknown, ctx: ToolContext): Promise<Target> => ({ url: await pageUrl(ctx) });

/** What a navigation to `url` sends: the URL's own parts, to its site. */
export const sendsUrl = (url: string): Sent[] => [{ text: sentInUrl(url), to: url, link: url }];

/** What typing or choosing sends: each value, to the site of the page it is typed into. */
export const sendsToPage = (values: readonly string[], target: Target): Sent[] =>
  values.filter((text) => text !== '').map((text) => ({ text, to: target.url }));
