import * as v from 'valibot';
import { AgentTab } from '../../src/protocol/native-bridge';
import type { EngineBrowser, EngineTab, Navigation, TabControl, TabInfo } from '../engines/engine';
import { ToolError } from '../server/errors';
import { AttachedAbp } from './attached-abp';
import type { HostLink } from './host-link';

const TabList = v.object({ tabs: v.array(AgentTab) });

/** The answer of a tool (or a part of one) that needs a debugging protocol the attached browser does not open. */
export const notAttached = (what: string) =>
  new ToolError(
    `${what} needs the browser's debugging protocol, which a browser Bosun is attached to does not offer (attached, the bridge works through Bosun's own extension APIs).`,
    'Use the page-reading and page-action tools (browser_snapshot, browser_click, …), or run bosun-bridge without --connect: it starts a browser of its own where this works.',
  );

/**
 * The person's browser as the tools see it, through Bosun's link: the agent's own tabs (in its own
 * window), navigation and screenshots by Bosun's tab APIs, and Bosun's ABP session for reading and
 * acting, all under the person's policy.
 */
export class AttachedBrowser implements EngineBrowser {
  readonly engine;
  readonly extensionOrigin;
  readonly tabs: TabControl;
  private readonly session: AttachedAbp;

  constructor(readonly link: HostLink) {
    this.engine = link.accepted.browser;
    this.extensionOrigin = link.accepted.extensionOrigin;
    this.session = new AttachedAbp(link);
    this.tabs = {
      tab: () => this.tab(),
      list: async () => (await this.agentTabs({ op: 'list' })).map(toInfo),
      open: async () => this.working(await this.agentTabs({ op: 'open' })),
      select: async (index) => this.working(await this.agentTabs({ op: 'select', tabId: await this.idAt(index) })),
      close: async (index) => {
        const tabs = await this.agentTabs({ op: 'list' });
        const target = index === undefined ? tabs.find((t) => t.current) : tabs[index];
        if (!target) throw new ToolError(`There is no tab ${index ?? '(working)'}.`, 'Call browser_tabs list.');
        await this.agentTabs({ op: 'close', tabId: target.tabId });
      },
    };
  }

  async agentTabs(request: Parameters<HostLink['tab']>[0]): Promise<AgentTab[]> {
    return v.parse(TabList, await this.link.tab(request)).tabs;
  }

  async screenshot(tabId: number): Promise<Buffer> {
    const { png } = v.parse(v.object({ png: v.string() }), await this.link.tab({ op: 'screenshot', tabId }));
    return Buffer.from(png, 'base64');
  }

  private async idAt(index: number): Promise<number> {
    const tab = (await this.agentTabs({ op: 'list' }))[index];
    if (!tab) throw new ToolError(`There is no tab ${index}.`, 'Call browser_tabs list to see the tabs there are.');
    return tab.tabId;
  }

  private working(tabs: AgentTab[]): AttachedTab {
    const current = tabs.find((tab) => tab.current);
    if (!current) throw new ToolError('The agent has no working tab.', 'Call browser_tabs new.');
    return new AttachedTab(this, current);
  }

  /** The working tab: one of the agent's own, a new one in its window if it has none. */
  async tab(): Promise<EngineTab> {
    return this.working(await this.agentTabs({ op: 'current' }));
  }

  abp = async () => {
    if (this.link.closed) throw this.link.lost();
    return this.session;
  };

  endAbpSession = async () => {};
  setOffline = (): Promise<{ offline: boolean }> => Promise.reject(notAttached('Going offline'));
  alive = async () => !this.link.closed;
  connected = () => !this.link.closed;
  onClose(listener: () => void): void {
    this.link.onClose(listener);
  }
  close = async () => this.link.close();
}

const toInfo = (tab: AgentTab, index: number): TabInfo => ({
  index,
  url: tab.url,
  title: tab.title,
  current: tab.current,
});

/** One of the agent's tabs; what needs a debugging protocol answers that it is not available attached. */
class AttachedTab implements EngineTab {
  constructor(
    private readonly browser: AttachedBrowser,
    private info: AgentTab,
  ) {}

  extensionTabId = async () => this.info.tabId;

  url = () => this.info.url;
  title = async () => this.info.title;
  isClosed = () => false;

  async goto(url: string): Promise<Navigation> {
    const tabs = await this.browser.agentTabs({ op: 'navigate', tabId: this.info.tabId, url });
    this.info = tabs.find((tab) => tab.tabId === this.info.tabId) ?? this.info;
    return { status: null, fromServiceWorker: false };
  }

  async screenshot(fullPage: boolean): Promise<Buffer> {
    if (fullPage) throw notAttached('A full-page screenshot');
    return this.browser.screenshot(this.info.tabId);
  }

  evaluate = () => Promise.reject(notAttached('Running a script in the page'));
  evalExpression = () => Promise.reject(notAttached('browser_eval'));
  move = () => Promise.reject(notAttached('Moving in the tab history'));
  historyUrl = () => Promise.reject(notAttached('Moving in the tab history'));
  waitFor = () => Promise.reject(notAttached('browser_wait_for'));
  requestsSinceNavigation = () => {
    throw notAttached('Network details');
  };
  get navigatedUrl(): string | null {
    throw notAttached('Network details');
  }
  console = () => {
    throw notAttached('The console');
  };
  get cookies(): never {
    throw notAttached('Cookies');
  }
  storage = () => Promise.reject(notAttached('Site storage'));
  uploadFiles = () => Promise.reject(notAttached('Uploading files'));
  elementScreenshot = () => Promise.reject(notAttached("An element's screenshot"));
  get dialogs(): never {
    throw notAttached('Answering dialogs');
  }
  requestDetails = () => {
    throw notAttached('Network details');
  };
  responseBody = () => Promise.reject(notAttached('Response bodies'));
  emulate = () => Promise.reject(notAttached('Emulation'));
}
