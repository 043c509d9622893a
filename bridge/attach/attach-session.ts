import { ToolError } from '../server/errors';
import type { AttachBrowser } from '../native/socket-path';
import { AttachedBrowser } from './attached-browser';
import { HostLink, LinkLost, TURN_ON } from './host-link';

/**
 * The attached browser for `bosun-bridge --connect`: the link to the person's browser opens on the
 * first call (named for the MCP client); when it ends (the browser closed, Bosun reloaded, the person
 * turned the switch off or pressed Disconnect) the next call hears why, and the one after connects anew.
 */
export class AttachSession {
  private live: Promise<AttachedBrowser> | null = null;
  /** Why the last link ended, told to the next call. */
  private endedWith: (() => string) | null = null;
  /** The task the client stated, stated again to Bosun on each new link (each is a new session there). */
  private task: string | null = null;

  constructor(
    private readonly settings: {
      name: () => string;
      browser: AttachBrowser | undefined;
      env: NodeJS.ProcessEnv;
      /** Where Bosun's manifests are, to tell its ids when no browser can be reached. */
      packageRoot: string;
    },
    private readonly log: (line: string) => void,
  ) {}

  async use<T>(work: (browser: AttachedBrowser) => Promise<T>): Promise<T> {
    if (this.endedWith !== null) {
      const reason = this.endedWith();
      this.endedWith = null;
      throw new ToolError(`The attached browser's link ended: ${reason}`, `Call again to reconnect. ${TURN_ON}`);
    }
    const current = (this.live ??= this.connect());
    const browser = await current.catch((error: unknown) => {
      if (this.live === current) this.live = null;
      throw error;
    });
    try {
      return await work(browser);
    } catch (error) {
      // A call the end cut short has told the client why: the next call connects anew.
      if (error instanceof LinkLost) this.endedWith = null;
      throw error;
    }
  }

  /** The client states its task: Bosun checks every later call against it, as it checks a chat task's. */
  async state(task: string): Promise<void> {
    await this.use((browser) => browser.link.task(task));
    this.task = task;
  }

  private async connect(): Promise<AttachedBrowser> {
    const { name, browser: asked, env, packageRoot } = this.settings;
    const link = await HostLink.open(name(), asked, env, packageRoot);
    if (this.task !== null)
      await link.task(this.task).catch((error: unknown) => {
        link.close();
        throw error;
      });
    this.log(
      `attached to ${link.accepted.browser} (Bosun at ${link.accepted.extensionOrigin}) as ${link.accepted.agent}`,
    );
    const browser = new AttachedBrowser(link);
    const live = this.live;
    link.onClose((reason) => {
      this.log(`the link ended: ${reason()}`);
      if (this.live === live) this.live = null;
      this.endedWith = reason;
    });
    return browser;
  }

  async close(): Promise<void> {
    const browser = await this.live?.catch(() => null);
    this.live = null;
    await browser?.close();
  }
}
