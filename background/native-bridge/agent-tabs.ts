import { browser } from '../../src/platform/browser';
import type { AgentTab, TabRequest } from '../../src/protocol/native-bridge';

/** How long a navigation may take before the client is told it did not finish. */
const LOAD_TIMEOUT_MS = 30_000;

/**
 * The tabs one attached client works in: its own window, opened without focus, so the person's
 * windows and tabs are never taken over. It may use only the tabs it opened here; a navigation
 * goes only where Bosun's gate allowed it (`mayOpen`, consumed once per allow).
 */
export function createAgentTabs(mayOpen: (url: string) => boolean) {
  let windowId: number | null = null;
  const owned: number[] = [];
  let current: number | null = null;

  const alive = async (tabId: number) => browser.tabs.get(tabId).then(
    () => true,
    () => false,
  );

  async function prune(): Promise<void> {
    for (const tabId of [...owned]) if (!(await alive(tabId))) owned.splice(owned.indexOf(tabId), 1);
    if (current !== null && !owned.includes(current)) current = owned.at(-1) ?? null;
  }

  function own(tabId: number): void {
    if (!owned.includes(tabId))
      throw new Error(`Tab ${tabId} is not one of this agent's tabs: it works only in the tabs it opened.`);
  }

  async function open(url: string | undefined): Promise<number> {
    if (url !== undefined) allowed(url);
    const start = 'about:blank';
    const window = windowId === null ? null : await browser.windows.get(windowId).catch(() => null);
    let tabId: number | undefined;
    if (window) tabId = (await browser.tabs.create({ windowId: window.id!, url: start, active: true })).id;
    else {
      // The agent's own window, behind the person's: focused: false keeps their window in front.
      const created = await browser.windows.create({ url: start, focused: false });
      windowId = created.id ?? null;
      tabId = created.tabs?.[0]?.id;
    }
    if (tabId === undefined) throw new Error('The browser did not open a tab for the agent.');
    owned.push(tabId);
    current = tabId;
    if (url !== undefined) await load(tabId, url);
    return tabId;
  }

  function allowed(url: string): void {
    if (!mayOpen(url))
      throw new Error(`Opening ${url} was not allowed by Bosun's policy first (ask with browser_navigate).`);
  }

  async function navigate(tabId: number, url: string): Promise<void> {
    own(tabId);
    allowed(url);
    await load(tabId, url);
  }

  async function describe(): Promise<AgentTab[]> {
    await prune();
    const tabs = await Promise.all(owned.map((tabId) => browser.tabs.get(tabId)));
    return tabs.map((tab) => ({ tabId: tab.id!, url: tab.url ?? '', title: tab.title ?? '', current: tab.id === current }));
  }

  async function screenshot(tabId: number): Promise<string> {
    own(tabId);
    const tab = await browser.tabs.get(tabId);
    // Only the tab its window shows can be captured: shown in the agent's own window, which stays behind.
    if (!tab.active) await browser.tabs.update(tabId, { active: true });
    const image = await browser.tabs.captureVisibleTab(tab.windowId!, { format: 'png' });
    return image.replace(/^data:image\/png;base64,/, '');
  }

  return {
    async handle(request: TabRequest): Promise<Record<string, unknown>> {
      switch (request.op) {
        case 'current': {
          await prune();
          if (current === null) await open(undefined);
          return { tabs: await describe() };
        }
        case 'open':
          await open(request.url);
          return { tabs: await describe() };
        case 'navigate':
          await navigate(request.tabId, request.url);
          return { tabs: await describe() };
        case 'list':
          return { tabs: await describe() };
        case 'select':
          own(request.tabId);
          current = request.tabId;
          await browser.tabs.update(request.tabId, { active: true });
          return { tabs: await describe() };
        case 'close':
          own(request.tabId);
          await browser.tabs.remove(request.tabId);
          owned.splice(owned.indexOf(request.tabId), 1);
          if (current === request.tabId) current = owned.at(-1) ?? null;
          return { tabs: await describe() };
        case 'screenshot':
          return { png: await screenshot(request.tabId) };
      }
    },
  };
}
export type AgentTabs = ReturnType<typeof createAgentTabs>;

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
    const timer = setTimeout(() => finish(new Error(`The page did not finish loading in ${LOAD_TIMEOUT_MS / 1000} s.`)), LOAD_TIMEOUT_MS);
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
