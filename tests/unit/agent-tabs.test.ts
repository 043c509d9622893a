import { describe, expect, it, vi } from 'vitest';

type Change = { status?: string; url?: string };
/** What the browser was asked, in order; and the tabs as tabs.get answers. */
const calls: string[] = [];
const tabs = new Map<number, { id: number; windowId: number; status: string; url: string }>();
const listeners = new Set<(id: number, change: Change) => void>();
const report = (id: number, change: Change) => {
  Object.assign(tabs.get(id)!, change);
  for (const listener of [...listeners]) listener(id, change);
};
let nextId = 1;
const newTab = (windowId: number) => {
  // A new tab's first about:blank is still loading when the browser hands it over.
  const tab = { id: nextId++, windowId, status: 'loading', url: '' };
  tabs.set(tab.id, tab);
  return tab;
};
vi.mock('webextension-polyfill', () => ({
  default: {
    windows: {
      create: async () => {
        calls.push('windows.create');
        return { id: 100, tabs: [newTab(100)] };
      },
      get: async (id: number) => ({ id }),
    },
    tabs: {
      create: async ({ windowId }: { windowId: number }) => {
        calls.push('tabs.create');
        return newTab(windowId);
      },
      get: async (id: number) => ({ ...tabs.get(id)! }),
      update: async (id: number, { url }: { url: string }) => {
        calls.push(`tabs.update ${url}`);
        setTimeout(() => report(id, { status: 'loading', url }));
        setTimeout(() => report(id, { status: 'complete' }), 5);
      },
      group: async () => {
        calls.push('tabs.group');
        return 9;
      },
      onUpdated: {
        addListener: (l: (id: number, change: Change) => void) => listeners.add(l),
        removeListener: (l: (id: number, change: Change) => void) => listeners.delete(l),
      },
      onRemoved: { addListener: () => {}, removeListener: () => {} },
    },
    tabGroups: { update: async () => ({}) },
  },
}));

const { AgentTabs } = await import('../../background/native-bridge/agent-tabs');

describe("an agent's tabs", () => {
  it("sends a new tab (its window's first, and the next) nowhere until its first blank page has loaded: Chromium loses a navigation sent before", async () => {
    const agent = new AgentTabs(() => true, { take: () => {}, drop: () => {} });
    for (const url of ['http://shop.test/a', 'http://shop.test/b']) {
      calls.length = 0;
      const opening = agent.handle({ op: 'open', url });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(calls.some((call) => call.startsWith('tabs.update'))).toBe(false);
      report(nextId - 1, { status: 'complete', url: 'about:blank' });
      const { tabs: listed } = (await opening) as { tabs: { url: string }[] };
      expect(calls.at(-1)).toBe(`tabs.update ${url}`);
      expect(listed.at(-1)!.url).toBe(url);
    }
  });
});
