import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import { navigateTab } from '../tabs/navigation';
import { arrivedAt, here } from './targets';
import { defineTool } from './types';
import { untrusted } from './untrusted';

const TabIds = v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.minLength(1), v.maxLength(100));
const COLORS = ['grey', 'blue', 'red', 'yellow', 'green', 'pink', 'purple', 'cyan', 'orange'] as const;

export const takeScreenshot = defineTool({
  name: 'take_screenshot',
  description: 'Take a screenshot of the visible part of the current tab, to see layout, images or anything the text reading misses.',
  level: 'read-only',
  params: v.object({}),
  target: here,
  async run(_args, ctx) {
    const tab = await browser.tabs.get(ctx.tabId);
    // Only the tab a window shows can be captured; bring Bosun's tab to the front first.
    if (!tab.active) await browser.tabs.update(ctx.tabId, { active: true });
    const image = await browser.tabs.captureVisibleTab(tab.windowId ?? browser.windows.WINDOW_ID_CURRENT, { format: 'png' });
    return { success: true, text: `Screenshot of ${tab.url ?? ''}. Its title:\n${untrusted(tab.title ?? '')}`, image };
  },
});

export const searchWeb = defineTool({
  name: 'search_web',
  description: "Search the web with the person's default search engine, in the current tab. Then read the page to see the results.",
  level: 'navigate',
  params: v.object({ query: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)) }),
  target: async (args, ctx) => ({ url: (await browser.tabs.get(ctx.tabId)).url ?? '', summary: `search the web for "${args.query}"` }),
  async run(args, ctx) {
    const page = await navigateTab(ctx.tabId, ctx.signal, () => browser.search.query({ text: args.query, tabId: ctx.tabId }));
    if (!page) return { success: false, text: 'The search page did not open.' };
    return arrivedAt(page, `Searched for "${args.query}"`, 'the results');
  },
});

export const getCachedSnapshot = defineTool({
  name: 'get_cached_snapshot',
  description: 'Recall a page read earlier in this session (by URL, or the most recent), and the last product seen, without visiting it again.',
  level: 'read-only',
  params: v.object({ url: v.optional(v.pipe(v.string(), v.maxLength(8192))) }),
  target: here,
  async run(args, ctx) {
    const page = await ctx.pages.get(args.url);
    const product = await ctx.pages.lastProduct();
    if (!page && !product) return { success: false, text: args.url ? `No recent reading of ${args.url}.` : 'No page has been read recently.' };
    const parts = [
      page ? `Page read at ${new Date(page.timestamp).toISOString()} (${page.url}):\n${untrusted(`Title: ${page.title}\n${page.markdown}`)}` : '',
      // Product data comes from the page's markup, so it is marked as page content too.
      product ? `Last product seen:\n${untrusted(JSON.stringify(product))}` : '',
    ];
    return { success: true, text: parts.filter(Boolean).join('\n\n') };
  },
});

/** Tab groups exist in Chrome only: in Firefox these tools are not offered, and say so if called. */
const groupsAvailable = () => __TARGET__ === 'chrome';
const unavailable = { success: false, text: 'Tab groups are not available in this browser.' };

export const createTabGroup = defineTool({
  name: 'create_tab_group',
  description: 'Group tabs together (Chrome only), with an optional title and color.',
  level: 'interact',
  params: v.object({ tabIds: TabIds, title: v.optional(v.pipe(v.string(), v.maxLength(100))), color: v.optional(v.picklist(COLORS)) }),
  target: async (args, ctx) => ({ ...(await here(args, ctx)), summary: `group tabs ${args.tabIds.join(', ')}` }),
  async run(args) {
    if (!groupsAvailable()) return unavailable;
    const groupId = await chrome.tabs.group({ tabIds: args.tabIds as [number, ...number[]] });
    if (args.title || args.color) await chrome.tabGroups.update(groupId, { ...(args.title ? { title: args.title } : {}), ...(args.color ? { color: args.color } : {}) });
    return { success: true, text: `Grouped tabs ${args.tabIds.join(', ')} as group ${groupId}.` };
  },
});

export const ungroupTabs = defineTool({
  name: 'ungroup_tabs',
  description: 'Take tabs out of their group (Chrome only).',
  level: 'interact',
  params: v.object({ tabIds: TabIds }),
  target: async (args, ctx) => ({ ...(await here(args, ctx)), summary: `ungroup tabs ${args.tabIds.join(', ')}` }),
  async run(args) {
    if (!groupsAvailable()) return unavailable;
    await chrome.tabs.ungroup(args.tabIds as [number, ...number[]]);
    return { success: true, text: `Ungrouped tabs ${args.tabIds.join(', ')}.` };
  },
});

export const OTHER_TOOLS = [takeScreenshot, searchWeb, getCachedSnapshot, createTabGroup, ungroupTabs];
export const isAvailable = (name: string): boolean => !['create_tab_group', 'ungroup_tabs'].includes(name) || groupsAvailable();
