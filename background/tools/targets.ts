import { browser } from '../../src/platform/browser';
import type { Target, ToolContext } from './types';

/** The address of the tab Bosun works in. */
export async function pageUrl(ctx: ToolContext): Promise<string> {
  return (await browser.tabs.get(ctx.tabId)).url ?? '';
}

/** The target of a tool that acts on the page as a whole: the page itself. */
export const here = async (_args: unknown, ctx: ToolContext): Promise<Target> => ({ url: await pageUrl(ctx) });
