import { beforeAll } from 'vitest';
import type { BrowserName, PageDriver } from '../harness';
import { useExtension } from './extension';
import { askTab, useSite } from './site';

/** What READ_PAGE answers that the page-engine tests look at. */
export interface Read {
  interactiveElements: string;
  snapshotId: string;
}

/** The content script's answer to an action. */
export type Reply = { success: boolean; message?: string; error?: string };

/**
 * A browser with Bosun and the test site, for tests of the page engine itself: `open` loads a page of
 * the site and talks to its content script as the background does (from one of Bosun's pages).
 */
export function useContentTab(browserName: BrowserName) {
  const ctx = useExtension(browserName);
  const site = useSite();
  let bosun: PageDriver;

  beforeAll(async () => {
    bosun = await ctx.session.openExtensionPage('sidebar.html');
  });

  async function open(path: string) {
    const url = site.url(path);
    const page = await ctx.session.openPage(url);
    const ask = (message: unknown) => askTab<Reply>(bosun, url, message);
    const read = () => askTab<Read>(bosun, url, { type: 'READ_PAGE' });
    const text = (selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);
    return { page, ask, read, text };
  }

  return { ctx, site, open };
}
