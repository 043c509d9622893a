import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import { navigateTab, settled } from '../tabs/navigation';
import { leaveRefused } from './leave-check';
import { openToolTab } from '../tabs/tool-tabs';
import { arrivedAt, here, sendsUrl } from './targets';
import { defineTool, type RunContext } from './types';
import { shownUrl } from './site-urls';
import { untrusted } from './untrusted';
import { ARRANGES_BROWSER, CHANGES_PAGE, COMMITS_ON_PAGE, READS_BROWSER } from './annotations';

const Url = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(8192),
  v.check((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL'),
);
const TabId = v.pipe(v.number(), v.integer(), v.minValue(0));

export const navigate = defineTool({
  name: 'navigate',
  description: 'Go to a URL in the current tab.',
  level: 'navigate',
  annotations: CHANGES_PAGE,
  params: v.object({ url: Url }),
  target: async (args) => ({ url: args.url, summary: `go to ${args.url}` }),
  sends: (args) => sendsUrl(args.url),
  async run(args, ctx) {
    const refused = await leaveRefused(ctx, ctx.tabId);
    if (refused) return refused;
    const page = await navigateTab(ctx.tabId, ctx.signal, () => browser.tabs.update(ctx.tabId, { url: args.url }));
    return page ? arrivedAt(page, 'Navigated') : { success: false, text: `The tab did not start loading ${args.url}.` };
  },
});

async function step(tabId: number, delta: -1 | 1): Promise<void> {
  try {
    await (delta < 0 ? browser.tabs.goBack(tabId) : browser.tabs.goForward(tabId));
  } catch {
    // Chrome's back and forward skip the entries of pages the person never interacted with
    // (its history-manipulation intervention); the page's own history still reaches them.
    await browser.scripting.executeScript({ target: { tabId }, func: (n: number) => history.go(n), args: [delta] });
  }
}

const historyTool = (
  name: string,
  description: string,
  verb: string,
  nothing: string,
  move: (tabId: number) => Promise<void>,
) =>
  defineTool({
    name,
    description,
    level: 'navigate',
    annotations: CHANGES_PAGE,
    params: v.object({}),
    target: here,
    async run(_args, ctx) {
      const refused = await leaveRefused(ctx, ctx.tabId);
      if (refused) return refused;
      let page;
      try {
        page = await navigateTab(ctx.tabId, ctx.signal, () => move(ctx.tabId));
      } catch (error) {
        return { success: false, text: `Could not ${name.replace('_', ' ')}: ${String(error)}` };
      }
      return page ? arrivedAt(page, verb) : { success: false, text: nothing };
    },
  });

export const goBack = historyTool(
  'go_back',
  'Go back to the previous page in this tab.',
  'Moved',
  'Nothing to go back to.',
  (id) => step(id, -1),
);
export const goForward = historyTool(
  'go_forward',
  "Go forward in this tab's history.",
  'Moved',
  'Nothing to go forward to.',
  (id) => step(id, 1),
);
export const reloadPage = historyTool(
  'reload_page',
  'Reload the current page.',
  'Reloaded',
  'The page did not reload.',
  (id) => browser.tabs.reload(id),
);

export const openTab = defineTool({
  name: 'open_tab',
  description:
    "Open a URL in a new tab, behind the person's own tab (it never takes their focus); Bosun then works in that tab unless active is false.",
  level: 'navigate',
  annotations: CHANGES_PAGE,
  params: v.object({ url: Url, active: v.optional(v.boolean()) }),
  target: async (args) => ({ url: args.url, summary: `open ${args.url} in a new tab` }),
  sends: (args) => sendsUrl(args.url),
  async run(args, ctx) {
    const current = await browser.tabs.get(ctx.tabId);
    // Never shown in front: the person goes on with their own tab while tasks work in theirs.
    const tab = await openToolTab({
      url: args.url,
      active: false,
      windowId: current.windowId,
      openerTabId: ctx.tabId,
    });
    if (tab.id === undefined) return { success: false, text: 'The browser did not open the tab.' };
    await ctx.placeTab?.(tab.id);
    if (args.active ?? true) ctx.bindTab(tab.id);
    return arrivedAt(await settled(tab.id, ctx.signal), `Opened tab ${tab.id}`);
  },
});

export const closeTab = defineTool({
  name: 'close_tab',
  description: 'Close a tab (default: the current one). Bosun then works in the tab the browser shows next.',
  level: 'navigate',
  annotations: COMMITS_ON_PAGE,
  params: v.object({ tabId: v.optional(TabId) }),
  target: async (args, ctx) => ({
    url: (await browser.tabs.get(args.tabId ?? ctx.tabId)).url ?? '',
    summary: `close tab ${args.tabId ?? ctx.tabId}`,
  }),
  async run(args, ctx) {
    const tabId = args.tabId ?? ctx.tabId;
    const refused = await leaveRefused(ctx, tabId);
    if (refused) return refused;
    const { windowId } = await browser.tabs.get(tabId);
    await browser.tabs.remove(tabId);
    if (tabId === ctx.tabId) {
      const [next] = await browser.tabs.query({ active: true, windowId });
      if (next?.id !== undefined) ctx.bindTab(next.id);
    }
    return { success: true, text: `Closed tab ${tabId}.` };
  },
});

export const switchTab = defineTool({
  name: 'switch_tab',
  description: 'Switch to another open tab (ids from list_tabs); Bosun then works there.',
  level: 'navigate',
  annotations: ARRANGES_BROWSER,
  params: v.object({ tabId: TabId }),
  target: async (args) => ({
    url: (await browser.tabs.get(args.tabId)).url ?? '',
    summary: `switch to tab ${args.tabId}`,
  }),
  async run(args, ctx) {
    const tab = await browser.tabs.update(args.tabId, { active: true });
    ctx.bindTab(args.tabId);
    return {
      success: true,
      text: `Switched to tab ${args.tabId}: ${tab?.url ?? ''}. Its title:\n${untrusted(tab?.title ?? '')}`,
    };
  },
});

/** One tab as list_tabs shows it: a site that may not be read shows no title, and its address no query. */
async function tabLine(
  tab: { id?: number; url?: string; title?: string; active?: boolean },
  mine: number,
  ctx: RunContext,
): Promise<string> {
  const flags = `${tab.id === mine ? ' (Bosun works here)' : ''}${tab.active ? ' (active)' : ''}`;
  const access = tab.url ? await ctx.readAccess(tab.url) : 'refused';
  const url = shownUrl(tab.url ?? '', access);
  if (access === 'allowed') return `${tab.id}${flags}: "${tab.title ?? ''}" ${url}`;
  const why = access === 'ask' ? 'Bosun asks before reading this site' : 'Bosun may not read this site';
  return `${tab.id}${flags}: ${url || 'a page of the browser'} (${why}: title and query not shown)`;
}

export const listTabs = defineTool({
  name: 'list_tabs',
  description:
    'List the open tabs of this window: id, title, URL, and which one is active and which one Bosun works in. Tabs of sites Bosun may not read without asking show only their address without query.',
  level: 'read-only',
  annotations: READS_BROWSER,
  params: v.object({}),
  target: here,
  async run(_args, ctx) {
    const { windowId } = await browser.tabs.get(ctx.tabId);
    const tabs = await browser.tabs.query({ windowId });
    // Each tab is a read of its own site: its policy decides what the listing shows of it.
    const lines = await Promise.all(
      tabs.map(async (tab) => ({ url: tab.url ?? '', text: await tabLine(tab, ctx.tabId, ctx) })),
    );
    // Titles are written by the pages: the whole listing is marked as page content. Each line is a
    // reading of its own tab's site, for the data-flow rule.
    return { success: true, text: untrusted(lines.map((l) => l.text).join('\n')), readings: lines };
  },
});

export const TAB_TOOLS = [navigate, goBack, goForward, reloadPage, openTab, closeTab, switchTab, listTabs];
