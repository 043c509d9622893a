// The tab groups Bosun keeps a task's tabs in, as a test reads them back from the browser.
import type { PageDriver } from '../harness';

interface GroupFacts {
  groupId: number;
  title?: string;
  color?: string;
}

/** Each open tab's group (-1: none) by address, with the group's title and colour. */
export const groupsByUrl = (page: PageDriver) =>
  page.evaluate(async () => {
    const groups = (
      globalThis as unknown as {
        browser: { tabGroups: { get(id: number): Promise<{ title?: string; color?: string }> } };
      }
    ).browser.tabGroups;
    const facts: Record<string, GroupFacts> = {};
    for (const tab of await browser.tabs.query({})) {
      const groupId = (tab as { groupId?: number }).groupId ?? -1;
      const group = groupId >= 0 ? await groups.get(groupId) : {};
      facts[tab.url ?? ''] = { groupId, title: group.title, color: group.color };
    }
    return facts;
  });

/**
 * The groups once each of these tabs' group is marked ended (✓ or ✗): the task's answer reaches the
 * sidebar a moment before its group is renamed.
 */
export const endedGroups = async (page: PageDriver, urls: string[]) => {
  await page.waitFor(
    async (wanted) => {
      const named = browser as unknown as { tabGroups: { get(id: number): Promise<{ title?: string }> } };
      const tabs = await browser.tabs.query({});
      const titles = await Promise.all(
        wanted.map(async (url) => {
          const groupId = (tabs.find((t) => t.url === url) as { groupId?: number } | undefined)?.groupId ?? -1;
          return groupId >= 0 ? ((await named.tabGroups.get(groupId)).title ?? '') : '';
        }),
      );
      return titles.every((title) => /^[✓✗] /.test(title));
    },
    urls,
    { message: `the groups of ${urls.join(', ')} were not marked ended`, timeoutMs: 10_000 },
  );
  return groupsByUrl(page);
};

/** Every tab's address, and which one the person sees in each window. */
export const everyTab = (page: PageDriver) =>
  page.evaluate(async () =>
    (await browser.tabs.query({})).map((t) => ({ id: t.id ?? -1, url: t.url ?? '', active: t.active })),
  );
