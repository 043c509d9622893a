// The browser-neutral surface every e2e test talks to. Implementations:
// chromium.ts (Playwright + CDP) and firefox.ts (puppeteer-core over WebDriver BiDi).

export type BrowserName = 'chromium' | 'firefox';

/** What a successful wait can return: the value minus its falsy members. */
export type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

export interface WaitOptions {
  /** Default 10 000 ms. */
  timeoutMs?: number;
  /** Prefix of the error thrown on timeout. */
  message?: string;
}

export interface LaunchOptions {
  /** Extra Firefox prefs; they override the harness defaults (see firefox.ts). */
  firefoxPrefs?: Record<string, unknown>;
  /** Extra Chromium command-line switches. */
  chromiumArgs?: string[];
  /**
   * The storage quota of the extension's origin, in bytes: a real browser limit, to test a full
   * disk. Chromium: CDP Storage.overrideQuotaForOrigin; Firefox: the quota manager's fixed limit
   * (dom.quotaManager.temporaryStorage.fixedLimit, in KiB), which under 10 MB is also the origin's.
   */
  storageQuotaBytes?: number;
  /**
   * A profile directory to use and keep after close, so a test can restart the browser on the
   * same profile (what a person's browser does). Without it every launch gets a fresh profile.
   */
  profileDir?: string;
  /**
   * A web page opened in a tab before the extension is installed: a tab that was already open,
   * into which Chromium puts no content script of the manifest.
   */
  openBeforeInstall?: string;
  /**
   * Leave the extension's first-run page (FIRST_RUN_PAGE, opened by a fresh install) open. By
   * default the harness waits for that tab and closes it before the session is handed over, so
   * tests start with the tabs they open themselves.
   */
  keepFirstRunPage?: boolean;
  /**
   * Chromium: the copy of the extension lists these among its granted `permissions`, as if the person
   * had allowed Bosun's optional permissions (a test cannot click Chrome's permission prompt).
   */
  grantOptional?: ReadonlyArray<'debugger' | 'notifications'>;
  /**
   * Chromium: a headed browser on a virtual X display (Xvfb) the harness starts and stops, in place
   * of a headless one, so a test can drive the browser's own menus with xdotool (session.xDisplay).
   */
  virtualDisplay?: boolean;
}

export interface PageDriver {
  /**
   * Runs `fn` in the page. `fn` is serialized (toString), so it must not
   * close over Node variables: pass data through `arg` (JSON-like values).
   */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Polls `fn` in the page until it returns a truthy value, which is returned. */
  waitFor<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A, opts?: WaitOptions): Promise<Truthy<R>>;
  /** A real (trusted) mouse click on the first match; counts as a user gesture. `right` opens the page's context menu. */
  click(selector: string, button?: 'left' | 'right'): Promise<void>;
  /** Replaces the value of an input/textarea by typing, so trusted 'input' events fire. */
  fill(selector: string, text: string): Promise<void>;
  /** A key press, e.g. 'Enter', 'Escape', 'Shift+Enter' (DOM `key` names, '+'-joined modifiers). */
  press(key: string): Promise<void>;
  /** textContent of the first match (waits for it to exist); '' when null. */
  text(selector: string): Promise<string>;
  /** Reloads and resolves once the new document has finished loading. */
  reload(): Promise<void>;
  /** Resizes the viewport to `size` (CSS pixels): the width a side panel gives the page. */
  resize(size: { width: number; height: number }): Promise<void>;
  /** Resizes the viewport to `size` and saves what the tab shows as a PNG at `path`. */
  screenshot(path: string, size: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

export interface ExtensionSession {
  readonly browserName: BrowserName;
  /** 'chrome-extension://<id>' or 'moz-extension://<uuid>' (no trailing slash). */
  readonly extensionOrigin: string;
  /** Opens `${extensionOrigin}/${path}` in a new tab; resolves when the document has loaded. */
  openExtensionPage(path: string): Promise<PageDriver>;
  /** Opens an ordinary web page in a new tab; resolves on 'load'. */
  openPage(url: string): Promise<PageDriver>;
  /**
   * A tab that is already open at `url` (one the extension or a page opened), once it has
   * loaded; waits up to `timeoutMs` (default 15 s) for it to appear.
   */
  findPage(url: string, opts?: WaitOptions): Promise<PageDriver>;
  /**
   * Kills the background (Chromium service worker / Firefox event page) and
   * resolves once it is stopped. Open runtime ports get onDisconnect; the next
   * event or runtime.connect starts it again with fresh module state.
   */
  stopBackground(): Promise<void>;
  /**
   * Uncaught errors, unhandled rejections and console.error calls of the
   * background, collected since launch, as 'message (path:line)', e.g.
   * 'Uncaught Error: boom (background.js:12)'. Arrives asynchronously: poll
   * with waitUntil() when expecting one.
   */
  backgroundErrors(): string[];
  /**
   * Firefox only: evaluates `expression` in the browser window with chrome privileges (see
   * firefox-privileged.ts), for what no WebDriver command reaches, such as the native context menu.
   */
  privileged?(expression: string): Promise<unknown>;
  /** Chromium launched with `virtualDisplay`: the X display its window is on (DISPLAY), for xdotool. */
  readonly xDisplay?: string;
  /**
   * Every console message since launch, of every context: the background, extension pages, web
   * pages and the content scripts in them, as 'level: text'. Arrives asynchronously.
   */
  consoleOutput(): string[];
  /** Closes the browser and removes its temporary profile. */
  close(): Promise<void>;
}
