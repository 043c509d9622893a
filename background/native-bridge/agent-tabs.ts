import { browser } from '../../src/platform/browser';
import type { AgentTab, TabRequest } from '../../src/protocol/native-bridge';
import { joinTabGroup } from '../tabs/tab-groups';

/** How long a navigation may take before the client is told it did not finish. */
const LOAD_TIMEOUT_MS = 30_000;

/**
 * The tabs one attached client works in: its own window, opened without focus, so the person's
 * windows and tabs are never taken over; in Chrome they are also the window's "Bosun agent" tab group. It may use only the tabs it opened here; a navigation
 * goes only where Bosun's gate allowed it (`mayOpen`, consumed once per allow).
 */
export class AgentTabs {
  private windowId: number | null = null;
  private groupId: number | undefined;
  private readonly owned: number[] = [];
  private current: number | null = null;

  constructor(private readonly mayOpen: (url: string) => boolean) {}

  async handle(request: TabRequest): Promise<Record<string, unknown>> {
    switch (request.op) {
      case 'current':
        await this.prune();
        if (this.current === null) await this.open(undefined);
        break;
      case 'open':
        await this.open(request.url);
        break;
      case 'navigate':
        this.own(request.tabId);
        this.allowed(request.url);
        await load(request.tabId, request.url);
        break;
      case 'list':
        break;
      case 'select':
        this.own(request.tabId);
        this.current = request.tabId;
        await browser.tabs.update(request.tabId, { active: true });
        break;
      case 'close':
        this.own(request.tabId);
        await browser.tabs.remove(request.tabId);
        this.owned.splice(this.owned.indexOf(request.tabId), 1);
        if (this.current === request.tabId) this.current = this.owned.at(-1) ?? null;
        break;
      case 'screenshot':
        return { png: await this.screenshot(request.tabId) };
    }
    return { tabs: await this.describe() };
  }

  private async prune(): Promise<void> {
    for (const tabId of [...this.owned]) if (!(await alive(tabId))) this.owned.splice(this.owned.indexOf(tabId), 1);
    if (this.current !== null && !this.owned.includes(this.current)) this.current = this.owned.at(-1) ?? null;
  }

  private own(tabId: number): void {
    if (!this.owned.includes(tabId))
      throw new Error(`Tab ${tabId} is not one of this agent's tabs: it works only in the tabs it opened.`);
  }

  private allowed(url: string): void {
    if (!this.mayOpen(url))
      throw new Error(`Opening ${url} was not allowed by Bosun's policy first (ask with browser_navigate).`);
  }

  private async open(url: string | undefined): Promise<void> {
    if (url !== undefined) this.allowed(url);
    const window = this.windowId === null ? null : await browser.windows.get(this.windowId).catch(() => null);
    let tabId: number | undefined;
    if (window) tabId = (await browser.tabs.create({ windowId: window.id!, url: 'about:blank', active: true })).id;
    else {
      // The agent's own window, behind the person's: focused: false keeps their window in front.
      const created = await browser.windows.create({ url: 'about:blank', focused: false });
      this.windowId = created.id ?? null;
      tabId = created.tabs?.[0]?.id;
    }
    if (tabId === undefined) throw new Error('The browser did not open a tab for the agent.');
    this.owned.push(tabId);
    this.current = tabId;
    if (__TARGET__ === 'chrome') this.groupId = await joinTabGroup(tabId, this.groupId, 'Bosun agent');
    if (url !== undefined) await load(tabId, url);
  }

  private async describe(): Promise<AgentTab[]> {
    await this.prune();
    const tabs = await Promise.all(this.owned.map((tabId) => browser.tabs.get(tabId)));
    return tabs.map((tab) => ({
      tabId: tab.id!,
      url: tab.url ?? '',
      title: tab.title ?? '',
      current: tab.id === this.current,
    }));
  }

  private async screenshot(tabId: number): Promise<string> {
    this.own(tabId);
    const tab = await browser.tabs.get(tabId);
    // Only the tab its window shows can be captured: shown in the agent's own window, which stays behind.
    if (!tab.active) await browser.tabs.update(tabId, { active: true });
    const image = await browser.tabs.captureVisibleTab(tab.windowId!, { format: 'png' });
    return image.replace(/^data:image\/png;base64,/, '');
  }
}

const alive = (tabId: number) =>
  browser.tabs.get(tabId).then(
    () => true,
    () => false,
  );

/** Sends the tab to `url` and waits until it has loaded. */
async function load(tabId: number, url: string): Promise<void> {
  const done = loaded(tabId);
  // A refused update leaves no wait behind to reject unheard.
  await browser.tabs.update(tabId, { url }).catch((error: unknown) => {
    done.catch(() => {});
    throw error;
  });
  await done;
}

/** Resolves when the tab has finished loading what it was sent to; rejects after LOAD_TIMEOUT_MS. */
function loaded(tabId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let started = false;
    const listener = (id: number, change: { status?: string; url?: string }) => {
      if (id !== tabId) return;
      if (change.status === 'loading' || change.url) started = true;
      if (started && change.status === 'complete') finish();
    };
    const gone = (id: number) => id === tabId && finish(new Error('The tab was closed while it loaded.'));
    const timer = setTimeout(
      () => finish(new Error(`The page did not finish loading in ${LOAD_TIMEOUT_MS / 1000} s.`)),
      LOAD_TIMEOUT_MS,
    );
    function finish(error?: Error) {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(listener);
      browser.tabs.onRemoved.removeListener(gone);
      if (error) reject(error);
      else resolve();
    }
    browser.tabs.onUpdated.addListener(listener);
    browser.tabs.onRemoved.addListener(gone);
  });
}
