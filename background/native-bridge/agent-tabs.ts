import { browser } from '../../src/platform/browser';
import type { AgentTab, TabRequest } from '../../src/protocol/native-bridge';
import { blankLoaded } from '../tabs/blank-tab';
import { joinTabGroup, endTabGroup } from '../tabs/tab-groups';

/** How long a navigation may take before the client is told it did not finish. */
const LOAD_TIMEOUT_MS = 30_000;

/** A tab of the person's that they shared with the client, by the title it had then (for the sidebar). */
export interface SharedTab {
  tabId: number;
  title: string;
}

/** The client's hold of the tabs it opened, among every task's (the task board's): taken when one opens, dropped when it closes. */
export interface OwnTabHolds {
  take(tabId: number): void;
  drop(tabId: number): void;
}

/**
 * The tabs one attached client works in: its own window, opened without focus, so the person's
 * windows and tabs are never taken over; in Chrome they are also the window's "Bosun agent" tab group.
 * No task acts in them while the client is connected (`holds`). It may use only the tabs it opened here; a navigation
 * goes only where Bosun's gate allowed it (`mayOpen`, consumed once per allow).
 * A tab the person shares joins its list while shared: the client may make it its working tab and
 * read or act on it through the gate as on any page, but it stays the person's: never navigated,
 * closed, or brought to the front by the client.
 */
export class AgentTabs {
  private windowId: number | null = null;
  private groupId: number | undefined;
  private readonly owned: number[] = [];
  private readonly shared = new Map<number, string>();
  private current: number | null = null;

  constructor(
    private readonly mayOpen: (url: string) => boolean,
    private readonly holds: OwnTabHolds,
  ) {}

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
        this.own(request.tabId, 'navigate');
        this.allowed(request.url);
        await load(request.tabId, request.url);
        break;
      case 'list':
        break;
      case 'select':
        await this.prune();
        if (this.shared.has(request.tabId)) this.current = request.tabId;
        else {
          this.own(request.tabId);
          this.current = request.tabId;
          await browser.tabs.update(request.tabId, { active: true });
        }
        break;
      case 'close':
        this.own(request.tabId, 'close');
        await browser.tabs.remove(request.tabId);
        this.owned.splice(this.owned.indexOf(request.tabId), 1);
        this.holds.drop(request.tabId);
        if (this.current === request.tabId) this.current = this.owned.at(-1) ?? null;
        break;
      case 'screenshot':
        return { png: await this.screenshot(request.tabId) };
    }
    return { tabs: await this.describe() };
  }

  /** The person shares their tab `tabId` with this client (the tab must be open). */
  async share(tabId: number): Promise<void> {
    const tab = await browser.tabs.get(tabId);
    if (!this.owned.includes(tabId)) this.shared.set(tabId, tab.title ?? tab.url ?? '');
  }

  /** Ends the person's shares: every one, or only `tabId`'s (it closed). Whether any ended. */
  unshare(tabId?: number): boolean {
    const ending = tabId === undefined ? [...this.shared.keys()] : this.shared.has(tabId) ? [tabId] : [];
    for (const id of ending) this.shared.delete(id);
    if (this.current !== null && ending.includes(this.current)) this.current = this.owned.at(-1) ?? null;
    return ending.length > 0;
  }

  /**
   * The client is gone: its tabs stay open for the person to look at what it did, its window still
   * behind theirs; in Chrome its group says that it disconnected.
   */
  async release(): Promise<void> {
    if (__TARGET__ === 'chrome' && this.groupId !== undefined)
      await endTabGroup(this.groupId, 'Bosun agent (disconnected)');
  }

  /** Whether the client may name tab `tabId` in a call: one it opened, or one the person shares with it. */
  mayUse(tabId: number): boolean {
    return this.owned.includes(tabId) || this.shared.has(tabId);
  }

  /** The client's tab showing `url`: its working tab first, then its own, then those the person shares. */
  async showing(url: string): Promise<number | undefined> {
    const ids = [...(this.current === null ? [] : [this.current]), ...this.owned, ...this.shared.keys()];
    for (const id of ids) if ((await browser.tabs.get(id).catch(() => null))?.url === url) return id;
    return undefined;
  }

  sharedTabs(): SharedTab[] {
    return [...this.shared].map(([tabId, title]) => ({ tabId, title }));
  }

  private async prune(): Promise<void> {
    for (const tabId of [...this.owned]) if (!(await alive(tabId))) this.owned.splice(this.owned.indexOf(tabId), 1);
    for (const tabId of [...this.shared.keys()]) if (!(await alive(tabId))) this.shared.delete(tabId);
    if (this.current !== null && !this.owned.includes(this.current) && !this.shared.has(this.current))
      this.current = this.owned.at(-1) ?? null;
  }

  private own(tabId: number, doing = 'use'): void {
    if (this.shared.has(tabId))
      throw new Error(`Tab ${tabId} is the person's, shared to read and act on: the agent may not ${doing} it.`);
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
    await blankLoaded(tabId);
    this.owned.push(tabId);
    this.holds.take(tabId);
    this.current = tabId;
    if (__TARGET__ === 'chrome') this.groupId = await joinTabGroup(tabId, this.groupId, 'Bosun agent');
    if (url !== undefined) await load(tabId, url);
  }

  private async describe(): Promise<AgentTab[]> {
    await this.prune();
    const tabs = await Promise.all([...this.owned, ...this.shared.keys()].map((tabId) => browser.tabs.get(tabId)));
    return tabs.map((tab) => ({
      tabId: tab.id!,
      url: tab.url ?? '',
      title: tab.title ?? '',
      current: tab.id === this.current,
    }));
  }

  private async screenshot(tabId: number): Promise<string> {
    const tab = await browser.tabs.get(tabId);
    if (this.shared.has(tabId)) {
      // The person's tab is never brought to the front for the agent: captured only while they show it.
      if (!tab.active) throw new Error(`Tab ${tabId} is the person's and not shown now: it cannot be captured.`);
    } else {
      this.own(tabId);
      // Only the tab its window shows can be captured: shown in the agent's own window, which stays behind.
      if (!tab.active) await browser.tabs.update(tabId, { active: true });
    }
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
