import type { ConsoleMessage, Dialog, ElementHandle, HTTPResponse, Page } from 'puppeteer-core';
import {
  ConsoleLog,
  pageMeets,
  type ConsoleEntry,
  type ElementTarget,
  type EngineTab,
  type MarkedPart,
  type HistoryMove,
  type Navigation,
  type PageCondition,
  type TabEmulation,
} from './engine';
import { engineDialog, PendingDialogs } from './dialogs';
import type { RawBody, RequestDetail } from './request-details';
import { FirefoxNetwork, type NetworkFeeds } from './firefox-network';
import { answeredTabId } from '../../src/abp/which-tab';
import { navigationError } from '../server/errors';
import { evaluateInFirefox } from './firefox-eval';
import type { WorkerConsoleMessage } from './firefox-privileged';
import type { EvalResult } from './chromium-eval';
import type { RecordedRequest } from './network-buckets';
import { firefoxCookies } from './firefox-cookies';
import {
  fileInputCheck,
  filesOf,
  storageInPage,
  type PickedFile,
  type SiteCookies,
  type StorageAnswer,
  type StorageRequest,
} from './site-data';

/** What the tab hears from the browser as a whole. */
export interface FirefoxFeeds extends NetworkFeeds {
  onWorkerConsole(listener: (message: WorkerConsoleMessage) => void): () => void;
  /** The URL of the session-history entry `delta` steps from the current one of a BiDi context. */
  historyUrl(context: string, delta: number): Promise<string | null>;
  /** The BiDi shared id of the element Bosun's page engine marked in a context (firefox-privileged.ts). */
  markedElement(context: string, mark: string, part: MarkedPart): Promise<string>;
  /** What Bosun's content script in a context's top frame was answered to WHICH_TAB (firefox-privileged.ts). */
  whichTab(context: string): Promise<string | null>;
}

/** puppeteer's console types, named as Chromium names them. */
const level = (type: string) => (type === 'warn' ? 'warning' : type);

/** Timeouts in the words actionError recognises in both engines. */
function normalised(error: unknown, timeoutMs: number): Error {
  if (error instanceof Error && error.name === 'TimeoutError') return new Error(`Timeout ${timeoutMs}ms exceeded`);
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The working tab in Firefox, over WebDriver BiDi: puppeteer for input and screenshots, BiDi's
 * network events (with the service worker's answers told apart by the privileged observer) for the
 * requests since its last navigation, and its log events plus the workers' consoles for the console.
 */
export class FirefoxTab implements EngineTab {
  private readonly log = new ConsoleLog();
  private readonly network: FirefoxNetwork;
  readonly cookies: SiteCookies;
  readonly dialogs = new PendingDialogs();
  private lastUrl = 'about:blank';

  private constructor(
    readonly page: Page,
    private readonly context: string,
    private readonly feeds: FirefoxFeeds,
  ) {
    this.cookies = firefoxCookies(page);
    this.network = new FirefoxNetwork(context, feeds);
  }

  get navigatedUrl(): string | null {
    return this.network.navigatedUrl;
  }

  static attach(page: Page, feeds: FirefoxFeeds): FirefoxTab {
    const context = (page.mainFrame() as unknown as { _id: string })._id;
    const tab = new FirefoxTab(page, context, feeds);
    tab.network.watch(feeds.connection);
    page.on('console', (message: ConsoleMessage) => {
      tab.log.add({
        source: 'page',
        level: level(message.type()),
        text: message.text(),
        url: message.location().url ?? page.url(),
      });
    });
    // puppeteer asks BiDi to leave prompts open ("ignore"): each one waits for browser_handle_dialog.
    page.on('dialog', (dialog: Dialog) => tab.dialogs.opened(engineDialog(dialog)));
    page.once('close', () => tab.dialogs.closed());
    page.on('pageerror', (error) => {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      tab.log.add({ source: 'page', level: 'error', text: `Uncaught ${text}`, url: page.url() });
    });
    const stop = feeds.onWorkerConsole((message) =>
      tab.log.add({ source: 'service-worker', level: level(message.level), text: message.text, url: message.file }),
    );
    page.once('close', stop);
    return tab;
  }

  url(): string {
    // puppeteer forgets the address when a navigation is aborted (a leave-page dialog dismissed):
    // the tab still shows the page it last reported.
    const now = this.page.url() as string | undefined;
    if (now) this.lastUrl = now;
    return now || this.lastUrl;
  }

  title(): Promise<string> {
    return this.page.title();
  }

  isClosed(): boolean {
    return this.page.isClosed();
  }

  async goto(url: string, timeoutMs: number): Promise<Navigation> {
    const response = await this.page.goto(url, { waitUntil: 'load', timeout: timeoutMs }).catch((error: unknown) => {
      throw navigationError(url, error, timeoutMs);
    });
    return this.arrived(response);
  }

  historyUrl(to: 'back' | 'forward'): Promise<string | null> {
    return this.feeds.historyUrl(this.context, to === 'back' ? -1 : 1);
  }

  async move(to: HistoryMove, timeoutMs: number): Promise<Navigation | null> {
    const from = this.url();
    // A page restored from the back-forward cache sends no request: its status is then unknown, not the last page's.
    this.network.navigationRequest = null;
    if (to === 'reload') {
      const reloaded = await this.page.reload({ waitUntil: 'load', timeout: timeoutMs }).catch((error: unknown) => {
        throw navigationError(from, error, timeoutMs);
      });
      return this.arrived(reloaded);
    }
    const destination = await this.historyUrl(to);
    if (destination === null) return null;
    // Not puppeteer's goBack: it waits for a load event, and a page restored from the back-forward
    // cache fires none. The move is done once the entry's document shows, loaded or restored.
    const { connection } = this.feeds;
    let navigation: string | null = null;
    const started = (params: unknown) => {
      const info = params as { context: string; navigation: string | null };
      if (info.context === this.context) navigation = info.navigation;
    };
    connection.on('browsingContext.navigationStarted', started);
    try {
      await connection.send('browsingContext.traverseHistory', {
        context: this.context,
        delta: to === 'back' ? -1 : 1,
      });
      await this.page.waitForFunction(
        (url: string) => location.href === url && document.readyState === 'complete',
        { polling: 100, timeout: timeoutMs },
        destination,
      );
    } catch (error) {
      throw navigationError(from, normalised(error, timeoutMs), timeoutMs);
    } finally {
      connection.off('browsingContext.navigationStarted', started);
    }
    // Restored from the cache, the page sent no load event: puppeteer would wait for it forever,
    // deaf to every later navigation of the tab. It hears the load the page has in fact finished.
    if (this.page.url() !== destination)
      connection.emit('browsingContext.load', {
        context: this.context,
        navigation,
        url: destination,
        timestamp: Date.now(),
      });
    return this.arrived(null);
  }

  /** What a navigation answered; BiDi's own record of the document request where puppeteer has none. */
  private arrived(response: HTTPResponse | null): Navigation {
    const document = this.network.document();
    return {
      status: response?.status() ?? document?.status ?? null,
      fromServiceWorker: document?.fromServiceWorker ?? false,
    };
  }

  async waitFor(condition: PageCondition, timeoutMs: number): Promise<true | 'invalid selector'> {
    // Polled on a timer: a background tab gets no animation frames in Firefox.
    const met = await this.page.waitForFunction(pageMeets, { polling: 100, timeout: timeoutMs }, condition);
    return (await met.jsonValue()) as true | 'invalid selector';
  }

  evaluate<R>(fn: () => R | Promise<R>): Promise<R> {
    return this.page.evaluate(fn) as Promise<R>;
  }

  evalExpression(expression: string): Promise<EvalResult> {
    return evaluateInFirefox(this.feeds.connection, this.context, expression);
  }

  async screenshot(fullPage: boolean): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot({ type: 'png', fullPage }));
  }

  storage(request: StorageRequest): Promise<StorageAnswer> {
    return this.page.evaluate(storageInPage, request);
  }

  async extensionTabId(): Promise<number | null> {
    const answer = await this.feeds.whichTab(this.context);
    return answer === null ? null : answeredTabId(answer);
  }

  /**
   * A marked element by its BiDi shared id, taken from Bosun's own world (which the page cannot
   * reach), and a function run on it in the bridge's sandbox, where the page cannot replace the DOM's
   * own methods, with JSON in and out.
   */
  private async marked(mark: string, part: MarkedPart) {
    const sharedId = await this.feeds.markedElement(this.context, mark, part);
    const run = async <A, R>(fn: (element: Element, arg: A) => R, arg: A): Promise<R> => {
      const { result } = await this.feeds.connection.send('script.callFunction', {
        functionDeclaration: `function (element, arg) { return JSON.stringify((${fn.toString()})(element, JSON.parse(arg))); }`,
        arguments: [{ sharedId }, { type: 'string', value: JSON.stringify(arg) }],
        target: { context: this.context, sandbox: 'bosun-bridge' },
        awaitPromise: false,
        resultOwnership: 'none',
      });
      const answer = result as { type: string; result?: { value?: string }; exceptionDetails?: { text?: string } };
      if (answer.type === 'exception') throw new Error(answer.exceptionDetails?.text ?? 'failed');
      return JSON.parse(answer.result?.value ?? 'null') as R;
    };
    return { sharedId, run };
  }

  async uploadFiles(target: ElementTarget, paths: string[], timeoutMs: number): Promise<PickedFile[]> {
    if ('mark' in target) {
      const { sharedId, run } = await this.marked(target.mark, target.part);
      const problem = await run(fileInputCheck, paths.length);
      if (problem) throw new Error(problem);
      // BiDi input.setFiles: the page gets input and change events, as from the file chooser.
      await this.feeds.connection.send('input.setFiles', {
        context: this.context,
        element: { sharedId },
        files: paths,
      });
      return (await run(filesOf, null)) ?? [];
    }
    // A file input is often hidden behind a styled label: it needs to be in the page, not visible.
    const input = await this.page.waitForSelector(target.selector, { timeout: timeoutMs }).catch((error: unknown) => {
      throw normalised(error, timeoutMs);
    });
    if (!input) throw new Error(`Timeout ${timeoutMs}ms exceeded`);
    try {
      const problem = await input.evaluate(fileInputCheck, paths.length);
      if (problem) throw new Error(problem);
      // BiDi input.setFiles: the page gets input and change events, as from the file chooser.
      await (input as ElementHandle<HTMLInputElement>).uploadFile(...paths);
      return (await input.evaluate(filesOf)) ?? [];
    } finally {
      await input.dispose();
    }
  }

  /** The first element matching the selector once it is visible, or the engine's timeout in both engines' words. */
  private element(selector: string, timeoutMs: number): Promise<ElementHandle> {
    return this.page
      .locator(selector)
      .setTimeout(timeoutMs)
      .waitHandle()
      .catch((error: unknown) => {
        throw normalised(error, timeoutMs);
      });
  }

  async elementScreenshot(target: ElementTarget, timeoutMs: number): Promise<Buffer> {
    if ('mark' in target) {
      const { sharedId } = await this.marked(target.mark, target.part);
      const { result } = await this.feeds.connection.send('browsingContext.captureScreenshot', {
        context: this.context,
        origin: 'document',
        clip: { type: 'element', element: { sharedId } },
      });
      return Buffer.from((result as { data: string }).data, 'base64');
    }
    const element = await this.element(target.selector, timeoutMs);
    try {
      return Buffer.from(await element.screenshot({ type: 'png' }));
    } finally {
      await element.dispose();
    }
  }

  requestsSinceNavigation(): RecordedRequest[] {
    return this.network.recorded();
  }

  console(clear: boolean): ConsoleEntry[] {
    return this.log.read(clear);
  }

  requestDetails(): RequestDetail[] {
    return this.network.inFull();
  }

  responseBody(id: string): Promise<RawBody> {
    return this.network.body(id);
  }

  async emulate({ viewport, userAgent, cpuThrottling }: TabEmulation): Promise<void> {
    if (cpuThrottling !== undefined) throw new Error('not available in Firefox: WebDriver BiDi has no CPU throttling');
    if (viewport) await this.page.setViewport(viewport);
    // BiDi's emulation.setUserAgentOverride: navigator.userAgent and the User-Agent header.
    if (userAgent !== undefined) await this.page.setUserAgent(userAgent);
  }
}
