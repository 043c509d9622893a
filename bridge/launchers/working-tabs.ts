import type { EngineTab, TabControl, TabInfo } from '../engines/engine';
import { ToolError } from '../server/errors';

/** What the bridge needs of a browser page; Playwright's and puppeteer's pages both have it. */
export interface HostPage {
  title(): Promise<string>;
  isClosed(): boolean;
  close(): Promise<void>;
  bringToFront(): Promise<void>;
}

/** One engine's pages: every top-level page it has, a new one, where a page is, and its monitored tab. */
export interface PageHost<P extends HostPage> {
  pages(): Promise<P[]>;
  newPage(): Promise<P>;
  /** The page's address as the page itself has it, which Bosun's own pages are told apart by. */
  locate(page: P): Promise<string>;
  attach(page: P): Promise<EngineTab>;
}

/**
 * The browser's web tabs and which one the tools work on, the same in every engine. Bosun's own
 * pages (the ABP page, a sidebar opened in a tab) are never listed, chosen or closed: an agent
 * that could reach them could answer its own permission questions.
 */
export class WorkingTabs<P extends HostPage> implements TabControl {
  private current: P | null = null;
  /** Each page is attached once: attaching again would double its console and network records. */
  private readonly attached = new WeakMap<P, Promise<EngineTab>>();

  constructor(
    private readonly host: PageHost<P>,
    private readonly extensionOrigin: string,
  ) {}

  /** The working tab; the first web tab (or a new one) once the last working tab has closed. */
  async tab(): Promise<EngineTab> {
    if (this.current === null || this.current.isClosed()) {
      this.current = await this.firstOrNew();
      await this.front();
    }
    return this.attach(this.current);
  }

  /**
   * Makes the working tab the browser's active one. Chromium draws a tab that is not (behind Bosun's
   * welcome page or its ABP page) at a trickle: the first screenshot after each navigation waited
   * 1.5–2 s for a frame, against 0.1 s for the active tab.
   */
  async front(): Promise<void> {
    if (this.current !== null && !this.current.isClosed()) await this.current.bringToFront();
  }

  async list(): Promise<TabInfo[]> {
    const pages = await this.webPages();
    return Promise.all(
      pages.map(async ({ page, url }, index) => ({
        index,
        url,
        title: await page.title().catch(() => ''),
        current: page === this.current,
      })),
    );
  }

  /** Opens a new tab and works on it from now on. */
  async open(): Promise<EngineTab> {
    this.current = await this.host.newPage();
    return this.tab();
  }

  async select(index: number): Promise<EngineTab> {
    const page = await this.at(index);
    await page.bringToFront();
    this.current = page;
    return this.tab();
  }

  /** Closes a tab (the working one if no index is given); the tools then work on the first tab left. */
  async close(index?: number): Promise<void> {
    const page = index === undefined ? this.current : await this.at(index);
    if (page === null || page.isClosed()) return;
    await page.close();
    if (page === this.current) this.current = (await this.webPages())[0]?.page ?? null;
  }

  private attach(page: P): Promise<EngineTab> {
    let tab = this.attached.get(page);
    if (!tab) {
      tab = this.host.attach(page);
      // Monitoring that failed to attach is tried again on the next call.
      tab.catch(() => this.attached.delete(page));
      this.attached.set(page, tab);
    }
    return tab;
  }

  private async webPages(): Promise<{ page: P; url: string }[]> {
    const located = await Promise.all(
      (await this.host.pages()).map(async (page) => ({ page, url: await this.host.locate(page) })),
    );
    return located.filter(({ url }) => !url.startsWith(this.extensionOrigin));
  }

  private async firstOrNew(): Promise<P> {
    return (await this.webPages())[0]?.page ?? (await this.host.newPage());
  }

  private async at(index: number): Promise<P> {
    const pages = await this.webPages();
    const found = pages[index];
    if (!found)
      throw new ToolError(
        `There is no tab ${index}: the browser has ${pages.length} tab(s), numbered from 0.`,
        "Call browser_tabs with action 'list' to see them.",
        { index },
      );
    return found.page;
  }
}

/**
 * Bosun's ABP page, opened as the browser starts rather than on the first call that needs it, while
 * the working tab is chosen. The tab is chosen among the pages there were before the ABP page opened
 * (tab() lists them before its first await), so a page still loading abp-app.html is never taken for
 * a web tab. A failure here is the first call's to report: abp() opens the page again.
 */
export function openWithBrowser<T, P extends HostPage>(tabs: WorkingTabs<P>, open: () => Promise<T>): Promise<T> {
  const working = tabs.tab();
  const opening = Promise.all([working, open()]).then(async ([, opened]) => {
    // The ABP page opened in front of the working tab.
    await tabs.front();
    return opened;
  });
  opening.catch(() => {});
  return opening;
}
