import { MARKED_GLOBAL } from '../../src/abp/marked-global';
import type { AbpSession } from '../server/abp-client';
import type { RecordedRequest } from './network-buckets';
import type { EvalResult } from './chromium-eval';
import type { PickedFile, SiteCookies, StorageAnswer, StorageRequest } from './site-data';
import type { PendingDialogs } from './dialogs';
import type { RawBody, RequestDetail } from './request-details';

export const ENGINES = ['chromium', 'firefox'] as const;
export type EngineName = (typeof ENGINES)[number];

export type ConsoleSource = 'page' | 'service-worker' | 'browser-log';

export interface ConsoleEntry {
  source: ConsoleSource;
  level: string;
  text: string;
  /** The script (page) or worker the entry came from. */
  url: string;
  time: string;
}

export type HistoryMove = 'back' | 'forward' | 'reload';

/** What browser_wait_for waits for: every given part must hold at once. */
export interface PageCondition {
  /** Text that must be on the page. */
  text?: string;
  /** Text that must not be on the page (any more). */
  textGone?: string;
  /** A selector some visible element must match. */
  selector?: string;
}

/**
 * Whether the page meets a condition: true, false, or 'invalid selector' (truthy, so a wait ends
 * at once: puppeteer keeps polling through an exception). Runs in the page, serialised by the
 * engine, so it stands alone.
 */
export function pageMeets({ text, textGone, selector }: PageCondition): boolean | 'invalid selector' {
  const shown = document.body?.innerText ?? '';
  if (text !== undefined && !shown.includes(text)) return false;
  if (textGone !== undefined && shown.includes(textGone)) return false;
  if (selector === undefined) return true;
  try {
    return document.querySelector(selector)?.checkVisibility() ?? false;
  } catch {
    return 'invalid selector';
  }
}

/**
 * The element a tool acts on: the first match of a CSS selector, or the one Bosun's page engine
 * marked (marked-element.ts), found by the engine's privileged access to the content script's
 * world, never through the page's DOM, so a page script cannot hand it another element.
 */
export type ElementTarget = { selector: string } | { mark: string; part: MarkedPart };
/** The listed element itself, or the form control it stands for (a listed label's input). */
export type MarkedPart = 'element' | 'control';

/** An expression, run in Bosun's content-script world, for the marked element's part, or null when `mark` is not the last mark. */
export const markedExpression = (mark: string, part: MarkedPart) =>
  `((m) => (m && m.mark === ${JSON.stringify(mark)} ? m.${part === 'control' ? 'control' : 'element'} : null))(globalThis.${MARKED_GLOBAL})`;

export const NOT_MARKED = 'the element Bosun listed is no longer on the page';

export interface Navigation {
  status: number | null;
  fromServiceWorker: boolean;
}

/**
 * The working tab as the tools see it, the same in every engine: each engine answers these with
 * its own protocol (Chromium: Playwright and CDP over a pipe; Firefox: puppeteer over WebDriver BiDi).
 */
export interface EngineTab {
  /**
   * The tab's id in Bosun's extension, which ABP calls name it by (never by its address, which
   * another tab may show too): attached, as Bosun listed the tab; launched, as Bosun's content
   * script in the tab is told it (src/abp/which-tab.ts), in a world the page cannot reach. Null
   * where the document has no content script (a browser's PDF viewer): only its address names it then.
   */
  extensionTabId(): Promise<number | null>;
  url(): string;
  title(): Promise<string>;
  isClosed(): boolean;
  /** Loads the URL and waits for its load event; a failure is a navigationError. */
  goto(url: string, timeoutMs: number): Promise<Navigation>;
  /** Runs a function in the page (the argument and the result are JSON). */
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  /** browser_eval: an expression as an agent writes it in a console (top-level await works). */
  evalExpression(expression: string): Promise<EvalResult>;
  screenshot(fullPage: boolean): Promise<Buffer>;
  /** Back or forward in the tab's history, or a reload, waiting for load; null when there is no page that way. */
  move(to: HistoryMove, timeoutMs: number): Promise<Navigation | null>;
  /** Where a move back or forward would go (null: no page that way), from the engine's own history. */
  historyUrl(to: 'back' | 'forward'): Promise<string | null>;
  /** Resolves once pageMeets answers other than false (checked every 100 ms); rejects with the engine's timeout. */
  waitFor(condition: PageCondition, timeoutMs: number): Promise<true | 'invalid selector'>;
  /** The requests since the tab's last navigation and the URL it navigated to. */
  requestsSinceNavigation(): RecordedRequest[];
  readonly navigatedUrl: string | null;
  /** Every console entry kept, oldest first; `clear` empties the record afterwards. */
  console(clear: boolean): ConsoleEntry[];
  /** The cookies of the tab's site, through the engine's storage protocol. */
  readonly cookies: SiteCookies;
  /** One local or session storage operation in the page (site-data.ts storageInPage). */
  storage(request: StorageRequest): Promise<StorageAnswer>;
  /** Sets the files of the <input type=file> targeted; answers what the page then holds. */
  uploadFiles(target: ElementTarget, paths: string[], timeoutMs: number): Promise<PickedFile[]>;
  /** A PNG of just the element targeted (scrolled into view first). */
  elementScreenshot(target: ElementTarget, timeoutMs: number): Promise<Buffer>;
  /** The dialog the page has open, kept until browser_handle_dialog answers it. */
  readonly dialogs: PendingDialogs;
  /** The requests since the last navigation in full, in the order requestsSinceNavigation lists them. */
  requestDetails(): RequestDetail[];
  /** A finished request's response body, as the browser kept it; rejects when it kept none. */
  responseBody(id: string): Promise<RawBody>;
  /** Viewport, user agent and (Chromium only) CPU throttling of this tab; what is not given stays. */
  emulate(settings: TabEmulation): Promise<void>;
}

export interface TabEmulation {
  viewport?: { width: number; height: number };
  /** An empty one restores the browser's own. */
  userAgent?: string;
  /** 1 is no throttling, 4 is four times slower. */
  cpuThrottling?: number;
}

export interface TabInfo {
  /** Its place among the browser's web tabs, from 0. */
  index: number;
  url: string;
  title: string;
  /** Whether the tools work on it. */
  current: boolean;
}

/** The browser's web tabs (never Bosun's own pages) and the choice of the one the tools work on. */
export interface TabControl {
  /** The working tab. */
  tab(): Promise<EngineTab>;
  list(): Promise<TabInfo[]>;
  /** Opens a tab and works on it from now on. */
  open(): Promise<EngineTab>;
  select(index: number): Promise<EngineTab>;
  /** Closes a tab, the working one if no index is given. */
  close(index?: number): Promise<void>;
}

/** One running browser with Bosun loaded. */
export interface EngineBrowser {
  readonly engine: EngineName;
  /** chrome-extension://<id> or moz-extension://<uuid> of the loaded Bosun. */
  readonly extensionOrigin: string;
  /** The tab the browser tools work on; the first web tab, or a new one, if the last was closed. */
  tab(): Promise<EngineTab>;
  readonly tabs: TabControl;
  /** Bosun's ABP page, initialised for the bridge. */
  abp(): Promise<AbpSession>;
  /** Ends the ABP session, if one is open, as the spec asks of a client that is done. */
  endAbpSession(): Promise<void>;
  /** Pages and their service workers see no network (or see it again). */
  setOffline(offline: boolean): Promise<{ offline: boolean }>;
  /** Whether the browser still answers. */
  alive(): Promise<boolean>;
  /** False once the connection to the browser is gone. */
  connected(): boolean;
  /** Called once when the browser closes or crashes. */
  onClose(listener: () => void): void;
  close(): Promise<void>;
}

export interface LaunchSettings {
  engine: EngineName;
  profileDir: string;
  extensionDir: string;
  headless: boolean;
  /** The executable of the chosen engine. */
  executablePath: string;
}

/** Keeps a bounded log: the oldest entries go first. */
export class ConsoleLog {
  private entries: ConsoleEntry[] = [];
  constructor(private readonly max = 1000) {}

  add(entry: Omit<ConsoleEntry, 'time'>): void {
    this.entries.push({ ...entry, time: new Date().toISOString() });
    if (this.entries.length > this.max) this.entries.shift();
  }

  read(clear: boolean): ConsoleEntry[] {
    const entries = this.entries;
    if (clear) this.entries = [];
    return [...entries];
  }
}
