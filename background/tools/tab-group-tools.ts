import * as v from 'valibot';
import { here } from './targets';
import { defineTool } from './types';
import { ARRANGES_BROWSER } from './annotations';

const TabIds = v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.minLength(1), v.maxLength(100));
const COLORS = ['grey', 'blue', 'red', 'yellow', 'green', 'pink', 'purple', 'cyan', 'orange'] as const;

/** Tab groups exist in Chrome only: in Firefox these tools are not offered, and say so if called. */
const groupsAvailable = () => __TARGET__ === 'chrome';
const unavailable = { success: false, text: 'Tab groups are not available in this browser.' };

export const createTabGroup = defineTool({
  name: 'create_tab_group',
  description: 'Group tabs together (Chrome only), with an optional title and color.',
  level: 'interact',
  annotations: ARRANGES_BROWSER,
  params: v.object({
    tabIds: TabIds,
    title: v.optional(v.pipe(v.string(), v.maxLength(100))),
    color: v.optional(v.picklist(COLORS)),
  }),
  target: async (args, ctx) => ({ ...(await here(args, ctx)), summary: `group tabs ${args.tabIds.join(', ')}` }),
  async run(args) {
    if (!groupsAvailable()) return unavailable;
    const groupId = await chrome.tabs.group({ tabIds: args.tabIds as [number, ...number[]] });
    if (args.title || args.color)
      await chrome.tabGroups.update(groupId, {
        ...(args.title ? { title: args.title } : {}),
        ...(args.color ? { color: args.color } : {}),
      });
    return { success: true, text: `Grouped tabs ${args.tabIds.join(', ')} as group ${groupId}.` };
  },
});

export const ungroupTabs = defineTool({
  name: 'ungroup_tabs',
  description: 'Take tabs out of their group (Chrome only).',
  level: 'interact',
  annotations: ARRANGES_BROWSER,
  params: v.object({ tabIds: TabIds }),
  target: async (args, ctx) => ({ ...(await here(args, ctx)), summary: `ungroup tabs ${args.tabIds.join(', ')}` }),
  async run(args) {
    if (!groupsAvailable()) return unavailable;
    await chrome.tabs.ungroup(args.tabIds as [number, ...number[]]);
    return { success: true, text: `Ungrouped tabs ${args.tabIds.join(', ')}.` };
  },
});

export const TAB_GROUP_TOOLS = [createTabGroup, ungroupTabs];
/** Whether a tool is offered in this browser: only the tab group tools depend on it. */
export const isAvailable = (name: string): boolean =>
  !TAB_GROUP_TOOLS.some((tool) => tool.name === name) || groupsAvailable();
