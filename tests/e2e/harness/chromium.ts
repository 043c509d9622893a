// Chromium: Playwright persistent context + CDP.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { clickWhenReady } from './chromium-click';
import { startXvfb } from './xvfb';
import { FIRST_RUN_PAGE, hasFirstRunPage, readManifest, stripOrigin } from './manifest';
import type { ExtensionSession, LaunchOptions, PageDriver, Truthy, WaitOptions } from './types';
import { pollInPage, waitUntil } from './wait';

export const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ACTION_TIMEOUT_MS = 15_000;

class ChromiumPage implements PageDriver {
  constructor(private readonly page: Page) {
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  }
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    // Playwright's PageFunction typing is stricter than our JSON-ish `arg`.
    return this.page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
  }
  waitFor<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A, opts?: WaitOptions): Promise<Truthy<R>> {
    return waitUntil((remainingMs) => this.page.evaluate(pollInPage(fn, arg, remainingMs)) as Promise<R>, {
      message: 'page.waitFor',
      ...opts,
    });
  }
  async click(selector: string, button: 'left' | 'right' = 'left'): Promise<void> {
    // Not Locator.click: its stability check waits on animation frames, which a background tab
    // gets about once a second in Chromium (see chromium-click.ts).
    await clickWhenReady(this.page, this.page.locator(selector), button, ACTION_TIMEOUT_MS);
  }
  async fill(selector: string, text: string): Promise<void> {
    await this.page.locator(selector).first().fill(text);
  }
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }
  async text(selector: string): Promise<string> {
    return (await this.page.locator(selector).first().textContent()) ?? '';
  }
  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'load' });
  }
  async resize(size: { width: number; height: number }): Promise<void> {
    await this.page.setViewportSize(size);
    // The page lays out at the new size once it sees it: a check made before then measures the old one.
    await this.waitFor((width) => innerWidth === width, size.width, {
      message: `the page never became ${size.width} px wide`,
    });
  }
  async screenshot(path: string, size: { width: number; height: number }): Promise<void> {
    await this.page.setViewportSize(size);
    await this.page.screenshot({ path });
  }
  async close(): Promise<void> {
    await this.page.close();
  }
}

/** Our switches, on top of Playwright's own (chromium-shared.ts starts its browser with both). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  // Allows CDP Extensions.loadUnpacked over the browser's pipe.
  '--enable-unsafe-extension-debugging',
];

export async function launchChromium(extensionDir: string, options: LaunchOptions = {}): Promise<ExtensionSession> {
  if (options.grantOptional)
    throw new Error('harness: grantOptional copies the extension, which only the shared browser does');
  const dir = resolve(extensionDir);
  const profile = options.profileDir ?? (await mkdtemp(join(tmpdir(), 'bosun-e2e-chromium-')));
  const keepProfile = options.profileDir !== undefined;
  let context: BrowserContext | undefined;
  const screen = options.virtualDisplay ? await startXvfb() : undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: EXECUTABLE,
      headless: !screen,
      // Playwright passes --disable-extensions by default.
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        ...CHROMIUM_ARGS,
        ...(screen ? ['--window-position=0,0', '--window-size=1280,1000'] : []),
        ...(options.chromiumArgs ?? []),
      ],
      // No emulated viewport on a screen: the page's pixels are the window's, as the pointer meets them.
      ...(screen && { env: { ...process.env, DISPLAY: screen.display }, viewport: null }),
    });
    if (options.openBeforeInstall)
      await (await context.newPage()).goto(options.openBeforeInstall, { waitUntil: 'load' });
    const launched = context;
    return await attach(launched, dir, {
      install: async (path) => {
        const browserCdp = await launched.browser()!.newBrowserCDPSession();
        return (await browserCdp.send('Extensions.loadUnpacked', { path })).id;
      },
      close: async () => {
        await launched.close();
        await screen?.stop();
        if (!keepProfile) await rm(profile, { recursive: true, force: true });
      },
      quotaSize: options.storageQuotaBytes,
      // Extensions.loadUnpacked installs afresh on every launch, a kept profile's too: the first-run page always opens.
      closeFirstRun: !options.keepFirstRunPage,
      xDisplay: screen?.display,
    });
  } catch (err) {
    await context?.close().catch(() => {});
    await screen?.stop();
    if (!keepProfile) await rm(profile, { recursive: true, force: true });
    throw err;
  }
}

interface AttachOptions {
  /** Installs the unpacked extension at this path; gives its id. */
  install(path: string): Promise<string>;
  /** Ends the session: the browser or, in a shared one, what the file added to it. */
  close(): Promise<void>;
  quotaSize: number | undefined;
  /** Wait for the tab the install opens (FIRST_RUN_PAGE), if the extension has one, and close it. */
  closeFirstRun: boolean;
  /** The X display of a headed browser (see LaunchOptions.virtualDisplay). */
  xDisplay?: string;
}

export async function attach(
  context: BrowserContext,
  dir: string,
  { install, close, quotaSize, closeFirstRun, xDisplay }: AttachOptions,
): Promise<ExtensionSession> {
  const hasWorker = readManifest(dir).serviceWorker !== undefined;
  // A harness-owned tab whose CDP session watches service workers; tests
  // never see it, so closing their pages cannot kill the session.
  const harnessPage = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(harnessPage);
  const status = new Map<string, { url: string; running: string }>();
  // Counted, not sampled: an open sidebar reconnects within milliseconds and restarts the
  // worker, so polling the current state can miss the moment it was stopped.
  let stops = 0;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      const before = status.get(v.versionId)?.running;
      if (v.runningStatus === 'stopped' && before !== undefined && before !== 'stopped') stops += 1;
      status.set(v.versionId, { url: v.scriptURL, running: v.runningStatus });
    }
  });
  // Raw: boot errors arrive before `origin` is known; filtered on read.
  const reported: { errorMessage: string; sourceURL: string; lineNumber: number; columnNumber: number }[] = [];
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => {
    const prev = reported.at(-1);
    // Chromium reports each uncaught error twice: at column N, then at -1.
    const echo =
      prev &&
      errorMessage.columnNumber === -1 &&
      prev.columnNumber !== -1 &&
      prev.errorMessage === errorMessage.errorMessage &&
      prev.sourceURL === errorMessage.sourceURL &&
      prev.lineNumber === errorMessage.lineNumber;
    if (!echo) reported.push(errorMessage);
  });
  // The context's console event covers pages, the content scripts in them and the service worker.
  // Playwright names console.warn "warning"; the console method's name is what Firefox reports.
  const consoleOutput: string[] = [];
  context.on('console', (message) =>
    consoleOutput.push(`${message.type() === 'warning' ? 'warn' : message.type()}: ${message.text()}`),
  );
  // Enabled before the extension loads, so errors of the very first worker
  // start are reported too (the reason to prefer Extensions.loadUnpacked over
  // --load-extension, whose worker starts before any CDP session exists).
  await cdp.send('ServiceWorker.enable');
  const id = await install(dir);
  const origin = `chrome-extension://${id}`;
  if (quotaSize !== undefined) await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize });
  const ours = () => [...status.values()].filter((v) => v.url.startsWith(origin + '/'));
  if (hasWorker) {
    // Generous: two test files run at once, and a loaded machine starts a worker slowly.
    await waitUntil(() => ours().some((v) => v.running === 'running'), {
      message: `chromium: background service worker of ${origin} did not start`,
      timeoutMs: 30_000,
    });
  }

  const findPage = async (url: string, opts: WaitOptions = {}): Promise<PageDriver> => {
    const page = await waitUntil(() => context.pages().find((p) => p.url() === url), {
      message: `chromium: no tab at ${url}`,
      timeoutMs: 15_000,
      ...opts,
    });
    await page.waitForLoadState('load');
    return new ChromiumPage(page);
  };
  if (closeFirstRun && hasFirstRunPage(dir)) {
    // Closed as soon as it is there: waiting for it to load would only cost time.
    const firstRun = await waitUntil(() => context.pages().find((p) => p.url() === `${origin}/${FIRST_RUN_PAGE}`), {
      message: `chromium: the install did not open ${FIRST_RUN_PAGE}`,
      timeoutMs: 15_000,
    });
    await firstRun.close();
  }

  const open = async (url: string): Promise<PageDriver> => {
    const page = await context.newPage();
    try {
      await page.goto(url, { waitUntil: 'load' });
    } catch (err) {
      await page.close().catch(() => {});
      throw err;
    }
    return new ChromiumPage(page);
  };
  return {
    browserName: 'chromium',
    extensionOrigin: origin,
    xDisplay,
    openExtensionPage: (path) => open(`${origin}/${path.replace(/^\//, '')}`),
    openPage: open,
    findPage,
    async stopBackground() {
      const running = [...status.entries()].filter(
        ([, v]) => v.url.startsWith(origin + '/') && v.running !== 'stopped',
      );
      const target = stops + running.length;
      // Per-version stopWorker only touches our worker (stopAllWorkers would
      // also stop web pages' workers); ports to the worker drop.
      for (const [versionId] of running) await cdp.send('ServiceWorker.stopWorker', { versionId });
      await waitUntil(() => stops >= target, {
        message: 'chromium: background service worker did not stop',
      });
    },
    backgroundErrors: () =>
      reported
        .filter((e) => e.sourceURL.startsWith(origin + '/'))
        .map((e) => `${e.errorMessage} (${stripOrigin(e.sourceURL, origin)}:${e.lineNumber})`),
    consoleOutput: () => [...consoleOutput],
    close,
  };
}
