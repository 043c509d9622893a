import type { BrowserContext, CDPSession, ConsoleMessage, Page, Worker } from 'playwright-core';
import type { RecordedRequest } from './network-buckets';

export type ConsoleSource = 'page' | 'service-worker' | 'browser-log';

export interface ConsoleEntry {
  source: ConsoleSource;
  level: string;
  text: string;
  /** The script (page) or worker the entry came from. */
  url: string;
  time: string;
}

/** Enough for a debugging session; the oldest entries go first. */
const MAX_CONSOLE_ENTRIES = 1000;
const MAX_REQUESTS = 2000;

/** Bosun's own background worker is not the site's: its logs would only be noise to an agent. */
const isSiteWorker = (worker: Worker) => /^https?:/.test(worker.url());

/**
 * What one tab did since its last navigation (its requests, by Chromium's Network domain) and
 * what the site logged (the page's console, its service workers' consoles and the browser's own
 * log entries, such as failed loads).
 */
export class PageMonitor {
  private requests = new Map<string, RecordedRequest>();
  private consoleEntries: ConsoleEntry[] = [];
  navigatedUrl: string | null = null;

  private constructor(
    readonly page: Page,
    /** The tab's own DevTools session (over Playwright's pipe). */
    readonly cdp: CDPSession,
  ) {}

  static async attach(context: BrowserContext, page: Page): Promise<PageMonitor> {
    const cdp = await context.newCDPSession(page);
    const monitor = new PageMonitor(page, cdp);
    const { frameTree } = await cdp.send('Page.getFrameTree');
    monitor.watchNetwork(cdp, frameTree.frame.id);
    await cdp.send('Network.enable');
    // browser_eval compiles and evaluates on this session.
    await cdp.send('Runtime.enable');
    // Playwright reports the consoles of the page and of the context's service workers here.
    const onConsole = (message: ConsoleMessage) => {
      const worker = message.worker();
      if (worker ? isSiteWorker(worker) : message.page() === page) monitor.addMessage(message);
    };
    context.on('console', onConsole);
    // A closed tab's monitor is replaced by a new one, which takes over the workers' messages.
    page.once('close', () => context.off('console', onConsole));
    page.on('pageerror', (error) => monitor.add({ source: 'page', level: 'error', text: `Uncaught ${error.stack ?? error.message}`, url: page.url() }));
    return monitor;
  }

  private watchNetwork(cdp: CDPSession, mainFrameId: string): void {
    cdp.on('Network.requestWillBeSent', (event) => {
      // A navigation request's id is its loader's id: a new document in the tab starts a new record.
      if (event.type === 'Document' && event.frameId === mainFrameId && event.requestId === event.loaderId) {
        this.requests.clear();
        this.navigatedUrl = event.request.url;
      }
      if (this.requests.size >= MAX_REQUESTS) return;
      this.requests.set(event.requestId, { url: event.request.url, method: event.request.method, resourceType: event.type ?? 'Other' });
    });
    cdp.on('Network.requestServedFromCache', ({ requestId }) => this.update(requestId, { fromMemoryCache: true }));
    cdp.on('Network.responseReceived', ({ requestId, response }) =>
      this.update(requestId, {
        status: response.status,
        fromServiceWorker: response.fromServiceWorker ?? false,
        fromDiskCache: response.fromDiskCache ?? false,
        fromPrefetchCache: response.fromPrefetchCache ?? false,
      }),
    );
    cdp.on('Network.loadingFailed', ({ requestId, errorText, canceled }) => this.update(requestId, { failure: canceled ? 'canceled' : errorText }));
  }

  private update(requestId: string, change: Partial<RecordedRequest>): void {
    const request = this.requests.get(requestId);
    if (request) Object.assign(request, change);
  }

  private addMessage(message: ConsoleMessage): void {
    // Playwright turns the browser's own log entries (Log.entryAdded: failed loads, interventions)
    // into console messages without arguments; a console call always has at least one.
    const source: ConsoleSource = message.args().length === 0 ? 'browser-log' : message.worker() ? 'service-worker' : 'page';
    this.add({ source, level: message.type(), text: message.text(), url: message.worker()?.url() ?? message.location().url });
  }

  private add(entry: Omit<ConsoleEntry, 'time'>): void {
    this.consoleEntries.push({ ...entry, time: new Date().toISOString() });
    if (this.consoleEntries.length > MAX_CONSOLE_ENTRIES) this.consoleEntries.shift();
  }

  requestsSinceNavigation(): RecordedRequest[] {
    return [...this.requests.values()];
  }

  /** Every entry kept, oldest first; `clear` empties the record afterwards. */
  console(clear: boolean): ConsoleEntry[] {
    const entries = this.consoleEntries;
    if (clear) this.consoleEntries = [];
    return [...entries];
  }
}
