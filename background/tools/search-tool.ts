import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import { openToolTab } from '../tabs/tool-tabs';
import { settled } from '../tabs/navigation';
import { searchAddress } from '../tabs/search-address';
import { arrivedAt } from './targets';
import type { Sent } from './types';
import { defineTool } from './types';
import { CHANGES_PAGE } from './annotations';

export const searchWeb = defineTool({
  name: 'search_web',
  description:
    "Search the web with the person's default search engine, in a new tab; Bosun then works in that tab. Then read the page to see the results.",
  level: 'navigate',
  annotations: CHANGES_PAGE,
  params: v.object({ query: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)) }),
  // A search is a navigation to the engine: the gate judges the engine's address with the words in
  // it, whatever tab the task is in (a new tab has no site of its own to judge).
  async target(args, ctx) {
    const { windowId } = await browser.tabs.get(ctx.tabId);
    const url = await searchAddress(args.query, windowId, ctx.signal);
    return { url, summary: `search ${new URL(url).host} for "${args.query}"` };
  },
  // The words go to the engine, whatever address form it puts them in.
  sends: (args, target): Sent[] => [{ text: args.query, to: target.url }],
  async run(args, ctx) {
    const { windowId } = await browser.tabs.get(ctx.tabId);
    // Exactly the address that was judged; the tab is the search's own, and the task goes with it,
    // behind the person's tab as open_tab's: a task never takes their focus.
    const tab = await openToolTab({ url: ctx.target.url, active: false, windowId, openerTabId: ctx.tabId });
    if (tab.id === undefined) return { success: false, text: 'The browser did not open the search tab.' };
    await ctx.placeTab?.(tab.id);
    ctx.bindTab(tab.id);
    const page = await settled(tab.id, ctx.signal);
    return arrivedAt(page, `Searched for "${args.query}" in new tab ${tab.id}`, 'the results');
  },
});
