import type { AbpSessionSettings } from './abp-client';
import { launchChromium, loadPlaywright } from '../launchers/chromium-launcher';
import type { EngineBrowser, LaunchSettings } from '../engines/engine';
import { ToolError } from './errors';
import { launchFirefox, loadPuppeteer } from '../launchers/firefox-launcher';
import { claimProfile } from '../launchers/profile-lock';

export interface SessionSettings extends LaunchSettings {
  idleTimeoutMs: number;
  /** Who the ABP page is told is calling, and what the developer allowed up front. */
  abp: AbpSessionSettings;
}

/** The browser as the tools see it: the working tab (with what it did) and the ABP page, in either engine. */
export type LiveBrowser = EngineBrowser;

/**
 * One browser per bridge, started by the first call that needs it and kept for the next ones
 * (cookies, cache and the current page persist); closed after `idleTimeoutMs` without calls; if
 * it crashes or is closed, the next call starts a new one. Calls never name a session.
 */
export class BrowserSession {
  private live: Promise<LiveBrowser> | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  private busy = 0;
  private releaseProfile: (() => void) | null = null;
  /** Tells a closed browser's late events from the current one's. */
  private generation = 0;

  constructor(
    private readonly settings: SessionSettings,
    private readonly log: (line: string) => void,
  ) {}

  async use<T>(work: (browser: LiveBrowser) => Promise<T>): Promise<T> {
    this.busy += 1;
    clearTimeout(this.idleTimer);
    try {
      const current = (this.live ??= this.start());
      let browser = await current;
      // A browser killed a moment ago may not have reported its end yet: ask it before using it.
      if (!(await browser.alive())) {
        // Concurrent calls start one new browser between them.
        if (this.live === current || this.live === null) {
          this.log('the browser is gone: starting a new one');
          this.live = this.start();
        }
        browser = await this.live;
      }
      try {
        return await work(browser);
      } catch (error) {
        if (!browser.connected()) {
          throw new ToolError(
            'The browser closed during the call (it crashed or was closed).',
            'Call again: a new browser starts.',
          );
        }
        throw error;
      }
    } finally {
      this.busy -= 1;
      if (this.busy === 0 && this.live)
        this.idleTimer = setTimeout(() => void this.closeIdle(), this.settings.idleTimeoutMs);
    }
  }

  private async closeIdle(): Promise<void> {
    if (this.busy > 0) return;
    this.log(`no tool call for ${this.settings.idleTimeoutMs / 1000} s: closing the browser`);
    await this.close();
  }

  /** Loads the engine's driver ahead of the first call, which otherwise waits for it (a few hundred ms). */
  prepare(): void {
    void (this.settings.engine === 'firefox' ? loadPuppeteer : loadPlaywright)().catch(() => {});
  }

  /** Closes the browser (the profile stays claimed until the process ends). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const live = this.live;
    this.live = null;
    const browser = await live?.catch(() => null);
    // A browser that does not answer is closed without waiting for it.
    await Promise.race([browser?.endAbpSession(), new Promise((resolve) => setTimeout(resolve, 2_000))]).catch(
      () => {},
    );
    await browser?.close().catch(() => {});
  }

  /** Gives the profile back; called as the bridge exits. */
  releaseClaim(): void {
    this.releaseProfile?.();
    this.releaseProfile = null;
  }

  private start(): Promise<LiveBrowser> {
    const generation = ++this.generation;
    const forget = () => {
      if (this.generation === generation) this.live = null;
    };
    const starting = (async () => {
      this.releaseProfile ??= claimProfile(this.settings.profileDir);
      const launch = this.settings.engine === 'firefox' ? launchFirefox : launchChromium;
      const launched = await launch(this.settings, this.settings.abp);
      this.log(
        `${this.settings.engine} started (profile ${this.settings.profileDir}, Bosun at ${launched.extensionOrigin})`,
      );
      // A crash or a closed window: the next call starts a new browser.
      launched.onClose(() => {
        this.log('the browser closed');
        forget();
      });
      return launched;
    })();
    // A failed start is not kept either: the next call tries again.
    starting.catch(forget);
    return starting;
  }
}
