// The bridge opens Bosun's ABP page while it chooses the working tab, and never takes the ABP page
// for a web tab, even while it still loads (its address is about:blank then). A browser host kept
// in memory: each page answers where it is a moment later, as a browser's does.
import { describe, expect, it } from 'vitest';
import type { EngineTab } from '../../bridge/engines/engine';
import { openWithBrowser, WorkingTabs, type HostPage, type PageHost } from '../../bridge/launchers/working-tabs';

const ORIGIN = 'chrome-extension://bosun';

class FakePage implements HostPage {
  closed = false;
  fronted = 0;
  constructor(public url: string) {}
  title = async () => this.url;
  isClosed = () => this.closed;
  close = async () => void (this.closed = true);
  bringToFront = async () => void (this.fronted += 1);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function browserWith(...urls: string[]) {
  const pages = urls.map((url) => new FakePage(url));
  const events: string[] = [];
  const host: PageHost<FakePage> = {
    pages: async () => [...pages],
    // The page is listed from the moment it is asked for, as early as a browser could list it.
    newPage: async () => {
      const page = new FakePage('about:blank');
      pages.push(page);
      await tick();
      return page;
    },
    locate: async (page) => {
      await tick();
      return page.url;
    },
    attach: async (page) => {
      events.push(`attached ${page.url}`);
      return { url: () => page.url } as EngineTab;
    },
  };
  const tabs = new WorkingTabs(host, ORIGIN);
  /** Opens the ABP page as a browser does: a blank page first, its address once it has loaded. */
  const openAbp = async () => {
    events.push('abp opening');
    const page = await host.newPage();
    await tick();
    await tick();
    page.url = `${ORIGIN}/abp-app.html`;
    events.push('abp open');
    return page;
  };
  return { pages, events, tabs, openAbp };
}

describe('the ABP page opens with the browser', () => {
  it('while the working tab is chosen, from the pages there were before it', async () => {
    const { pages, events, tabs, openAbp } = browserWith('about:blank');
    const abp = await openWithBrowser(tabs, openAbp);
    expect(abp.url).toBe(`${ORIGIN}/abp-app.html`);
    // Both went on at once: the ABP page began opening before the working tab was attached.
    expect(events.indexOf('abp opening')).toBeLessThan(events.indexOf('attached about:blank'));
    const working = await tabs.tab();
    expect(working.url()).toBe('about:blank');
    expect(pages[0]!.fronted).toBeGreaterThan(0);
    expect(await tabs.list()).toEqual([{ index: 0, url: 'about:blank', title: 'about:blank', current: true }]);
  });

  it('in a browser with no tab yet, the working tab is a new one, not the ABP page still loading', async () => {
    const { pages, tabs, openAbp } = browserWith();
    const abp = await openWithBrowser(tabs, openAbp);
    const working = await tabs.tab();
    expect(pages).toHaveLength(2);
    expect(working.url()).toBe('about:blank');
    expect(pages.find((page) => page.url === 'about:blank')).not.toBe(abp);
    expect(await tabs.list()).toHaveLength(1);
  });
});
