import type { BrowserContext, CDPSession, ConsoleMessage, Page, Worker } from 'playwright-core';
import {
  ConsoleLog,
  markedExpression,
  NOT_MARKED,
  pageMeets,
  type ConsoleEntry,
  type ConsoleSource,
  type ElementTarget,
  type EngineTab,
  type MarkedPart,
  type HistoryMove,
  type Navigation,
  type PageCondition,
  type TabEmulation,
} from './engine';
import { answeredTabId, WHICH_TAB_EXPRESSION } from '../../src/abp/which-tab';
import { navigationError } from '../server/errors';
import type { RecordedRequest } from './network-buckets';
import { evaluateInPage, type EvalResult } from './chromium-eval';
import { chromiumCookies } from './chromium-cookies';
import {
  fileInputCheck,
  filesOf,
  storageInPage,
  type PickedFile,
  type SiteCookies,
  type StorageAnswer,
  type StorageRequest,
} from './site-data';
import { engineDialog, PendingDialogs } from './dialogs';
import { headerObject, RequestDetailLog, type RawBody, type RequestDetail } from './request-details';

const MAX_REQUESTS = 2000;

/** Bosun's own background worker is not the site's: its logs would only be noise to an agent. */
const isSiteWorker = (worker: Worker) => /^https?:/.test(worker.url());

/**
 * The working tab in Chromium: Playwright for input and screenshots, the tab's own DevTools session
 * for what it did since its last navigation (its requests, by the Network domain) and for eval;
 * what the site logged (the page's console, its service workers' consoles and the browser's own log
 * entries, such as failed loads) through Playwright's console events.
 */
export class ChromiumTab implements EngineTab {
  private requests = new Map<string, RecordedRequest>();
  private readonly log = new ConsoleLog();
  navigatedUrl: string | null = null;
  readonly cookies: SiteCookies;
  readonly dialogs = new PendingDialogs();
  private readonly details = new RequestDetailLog();
  /** CDP's monotonic timestamps (s) plus this are wall-clock seconds. */
  private clockOffset = 0;
  /** The execution contexts of Bosun's content scripts in the tab's frames, where a marked element is kept. */
  private readonly bosunWorlds = new Set<number>();

  private constructor(
    readonly page: Page,
    /** The tab's own DevTools session (over Playwright's pipe). */
    readonly cdp: CDPSession,
  ) {
    this.cookies = chromiumCookies(page.context());
  }

  static async attach(context: BrowserContext, page: Page, extensionOrigin: string): Promise<ChromiumTab> {
    const cdp = await context.newCDPSession(page);
    const tab = new ChromiumTab(page, cdp);
    const { frameTree } = await cdp.send('Page.getFrameTree');
    tab.watchNetwork(cdp, frameTree.frame.id);
    await cdp.send('Network.enable');
    tab.watchBosunWorlds(cdp, extensionOrigin);
    // browser_eval compiles and evaluates on this session; enabling it reports the contexts there are.
    await cdp.send('Runtime.enable');
    // Playwright reports the consoles of the page and of the context's service workers here.
    const onConsole = (message: ConsoleMessage) => {
      const worker = message.worker();
      if (worker ? isSiteWorker(worker) : message.page() === page) tab.addMessage(message);
    };
    context.on('console', onConsole);
    // A closed tab is replaced by a new one, which takes over the workers' messages.
    page.once('close', () => context.off('console', onConsole));
    // Listened to, a dialog stays open (Playwright would dismiss it) until browser_handle_dialog answers it.
    page.on('dialog', (dialog) => tab.dialogs.opened(engineDialog(dialog)));
    page.once('close', () => tab.dialogs.closed());
    page.on('pageerror', (error) =>
      tab.log.add({
        source: 'page',
        level: 'error',
        text: `Uncaught ${error.stack ?? error.message}`,
        url: page.url(),
      }),
    );
    return tab;
  }

  url(): string {
    return this.page.url();
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
    return { status: response?.status() ?? null, fromServiceWorker: response?.fromServiceWorker() ?? false };
  }

  evaluate<R>(fn: () => R | Promise<R>): Promise<R> {
    return this.page.evaluate(fn);
  }

  evalExpression(expression: string): Promise<EvalResult> {
    return evaluateInPage(this.cdp, expression);
  }

  /**
   * The browser's picture of the tab as it is, like chrome-devtools-mcp's: in front, and with the caret
   * as the page shows it. Chromium draws a tab behind another (Bosun's ABP page, a page's pop-up) at a
   * trickle: Page.captureScreenshot waited 1.4–1.9 s for its frame, against 30–100 ms in front.
   * Playwright's default hides the caret by walking the whole document for shadow roots and adding a
   * style to each, then removing them: on Node's all.html, 0.5 s of restyling before the first picture.
   * The viewport is the browser's own capture, asked directly: Playwright's page.screenshot, caret left
   * alone, still took 70–120 ms where the capture takes 40–50 (MCP bench). A full page is Playwright's,
   * which sizes the capture to the document.
   */
  async screenshot(fullPage: boolean): Promise<Buffer> {
    await this.page.bringToFront();
    if (fullPage) return this.page.screenshot({ type: 'png', fullPage, caret: 'initial' });
    const { data } = await this.cdp.send('Page.captureScreenshot', { format: 'png' });
    return Buffer.from(data, 'base64');
  }

  async historyUrl(to: 'back' | 'forward'): Promise<string | null> {
    const { currentIndex, entries } = await this.cdp.send('Page.getNavigationHistory');
    return entries[currentIndex + (to === 'back' ? -1 : 1)]?.url ?? null;
  }

  async move(to: HistoryMove, timeoutMs: number): Promise<Navigation | null> {
    const options = { waitUntil: 'load', timeout: timeoutMs } as const;
    const from = this.page.url();
    const moved =
      to === 'reload'
        ? this.page.reload(options)
        : to === 'back'
          ? this.page.goBack(options)
          : this.page.goForward(options);
    const response = await moved.catch((error: unknown) => {
      throw navigationError(from, error, timeoutMs);
    });
    // Playwright answers null both at the end of the history and for a move within the same
    // document (a #fragment): only the first leaves the URL as it was.
    if (response === null && to !== 'reload' && this.page.url() === from) return null;
    return { status: response?.status() ?? null, fromServiceWorker: response?.fromServiceWorker() ?? false };
  }

  async waitFor(condition: PageCondition, timeoutMs: number): Promise<true | 'invalid selector'> {
    const met = await this.page.waitForFunction(pageMeets, condition, { polling: 100, timeout: timeoutMs });
    return (await met.jsonValue()) as true | 'invalid selector';
  }

  /** Bosun's content scripts run in an isolated world of the extension's origin, one per frame. */
  private watchBosunWorlds(cdp: CDPSession, extensionOrigin: string): void {
    cdp.on('Runtime.executionContextCreated', ({ context }) => {
      const aux = context.auxData as { type?: string } | undefined;
      if (aux?.type === 'isolated' && context.origin === extensionOrigin) this.bosunWorlds.add(context.id);
    });
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) =>
      this.bosunWorlds.delete(executionContextId),
    );
    cdp.on('Runtime.executionContextsCleared', () => this.bosunWorlds.clear());
  }

  /** Asked in Bosun's world of each frame: only the top frame's is answered (WHICH_TAB). */
  async extensionTabId(): Promise<number | null> {
    // A document no content script runs in (a browser's own error page) has no Bosun world.
    if (this.bosunWorlds.size === 0) return null;
    let refusal = 'no frame answered';
    for (const contextId of this.bosunWorlds) {
      const answer = await this.cdp
        .send('Runtime.evaluate', {
          expression: WHICH_TAB_EXPRESSION,
          contextId,
          awaitPromise: true,
          returnByValue: true,
        })
        .catch((error: unknown) => ({ result: { value: JSON.stringify({ success: false, error: String(error) }) } }));
      try {
        return answeredTabId(String(answer.result.value));
      } catch (error) {
        refusal = error instanceof Error ? error.message : String(error);
      }
    }
    throw new Error(refusal);
  }

  /**
   * A marked element, as a remote object in Bosun's own world (which the page cannot reach), and a
   * function run on it there with JSON in and out.
   */
  private async marked(mark: string, part: MarkedPart) {
    for (const contextId of this.bosunWorlds) {
      const { result } = await this.cdp
        .send('Runtime.evaluate', { expression: markedExpression(mark, part), contextId })
        .catch(() => ({ result: { objectId: undefined } }));
      const objectId = result.objectId;
      if (!objectId) continue;
      const run = async <A, R>(fn: (element: Element, arg: A) => R, arg: A): Promise<R> => {
        const answer = await this.cdp.send('Runtime.callFunctionOn', {
          objectId,
          functionDeclaration: `function (arg) { return (${fn.toString()})(this, arg); }`,
          arguments: [{ value: arg }],
          returnByValue: true,
        });
        if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? 'failed');
        return answer.result.value as R;
      };
      return { objectId, run };
    }
    throw new Error(NOT_MARKED);
  }

  private watchNetwork(cdp: CDPSession, mainFrameId: string): void {
    cdp.on('Network.requestWillBeSent', (event) => {
      // A navigation request's id is its loader's id: a new document in the tab starts a new record.
      if (event.type === 'Document' && event.frameId === mainFrameId && event.requestId === event.loaderId) {
        this.requests.clear();
        this.details.clear();
        this.navigatedUrl = event.request.url;
      }
      if (this.requests.size >= MAX_REQUESTS) return;
      this.requests.set(event.requestId, {
        url: event.request.url,
        method: event.request.method,
        resourceType: event.type ?? 'Other',
      });
      this.clockOffset = (event.wallTime ?? 0) - event.timestamp;
      this.details.sent({
        id: event.requestId,
        url: event.request.url,
        method: event.request.method,
        requestHeaders: cdpHeaders(event.request.headers),
        startMs: (event.wallTime ?? 0) * 1000,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, timestamp }) =>
      this.details.update(requestId, { endMs: (timestamp + this.clockOffset) * 1000 }),
    );
    cdp.on('Network.requestServedFromCache', ({ requestId }) => this.update(requestId, { fromMemoryCache: true }));
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      this.update(requestId, {
        status: response.status,
        fromServiceWorker: response.fromServiceWorker ?? false,
        fromDiskCache: response.fromDiskCache ?? false,
        fromPrefetchCache: response.fromPrefetchCache ?? false,
      });
      this.details.update(requestId, {
        status: response.status,
        statusText: response.statusText,
        mimeType: response.mimeType,
        responseHeaders: cdpHeaders(response.headers),
      });
    });
    cdp.on('Network.loadingFailed', ({ requestId, errorText, canceled, timestamp }) => {
      this.update(requestId, { failure: canceled ? 'canceled' : errorText });
      this.details.update(requestId, { endMs: (timestamp + this.clockOffset) * 1000 });
    });
  }

  private update(requestId: string, change: Partial<RecordedRequest>): void {
    const request = this.requests.get(requestId);
    if (request) Object.assign(request, change);
  }

  private addMessage(message: ConsoleMessage): void {
    // Playwright turns the browser's own log entries (Log.entryAdded: failed loads, interventions)
    // into console messages without arguments; a console call always has at least one.
    const source: ConsoleSource =
      message.args().length === 0 ? 'browser-log' : message.worker() ? 'service-worker' : 'page';
    this.log.add({
      source,
      level: message.type(),
      text: message.text(),
      url: message.worker()?.url() ?? message.location().url,
    });
  }

  storage(request: StorageRequest): Promise<StorageAnswer> {
    return this.page.evaluate(storageInPage, request);
  }

  async uploadFiles(target: ElementTarget, paths: string[], timeoutMs: number): Promise<PickedFile[]> {
    if ('mark' in target) {
      const { objectId, run } = await this.marked(target.mark, target.part);
      const problem = await run(fileInputCheck, paths.length);
      if (problem) throw new Error(problem);
      // The browser's own file setting, as Playwright's: the page gets the input and change events.
      await this.cdp.send('DOM.setFileInputFiles', { objectId, files: paths });
      return (await run(filesOf, null)) ?? [];
    }
    const input = this.page.locator(target.selector).first();
    const problem = await input.evaluate(fileInputCheck, paths.length, { timeout: timeoutMs });
    if (problem) throw new Error(problem);
    await input.setInputFiles(paths, { timeout: timeoutMs });
    return (await input.evaluate(filesOf)) ?? [];
  }

  /** In front and with the caret as it is, as screenshot() takes them. */
  async elementScreenshot(target: ElementTarget, timeoutMs: number): Promise<Buffer> {
    await this.page.bringToFront();
    if ('selector' in target)
      return this.page
        .locator(target.selector)
        .first()
        .screenshot({ type: 'png', timeout: timeoutMs, caret: 'initial' });
    const { objectId, run } = await this.marked(target.mark, target.part);
    await this.cdp.send('DOM.scrollIntoViewIfNeeded', { objectId });
    // Its box on the whole page, read in Bosun's world, where the page cannot replace the DOM's own methods.
    const clip = await run(pageBox, null);
    return this.page.screenshot({ type: 'png', fullPage: true, clip, timeout: timeoutMs, caret: 'initial' });
  }

  requestsSinceNavigation(): RecordedRequest[] {
    return [...this.requests.values()];
  }

  console(clear: boolean): ConsoleEntry[] {
    return this.log.read(clear);
  }

  requestDetails(): RequestDetail[] {
    return this.details.list();
  }

  async responseBody(id: string): Promise<RawBody> {
    const { body, base64Encoded } = await this.cdp.send('Network.getResponseBody', { requestId: id });
    return { data: body, base64: base64Encoded };
  }

  async emulate({ viewport, userAgent, cpuThrottling }: TabEmulation): Promise<void> {
    if (viewport) await this.page.setViewportSize(viewport);
    // Both navigator.userAgent and the User-Agent header of the tab's requests.
    if (userAgent !== undefined) await this.cdp.send('Emulation.setUserAgentOverride', { userAgent });
    if (cpuThrottling !== undefined) await this.cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
  }
}

/** An element's border box in CSS pixels of the whole page (run in the page's frame). */
function pageBox(element: Element) {
  const box = element.getBoundingClientRect();
  return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
}

const cdpHeaders = (headers: Record<string, unknown>) =>
  headerObject(Object.entries(headers).map(([name, value]) => ({ name, value: String(value) })));
