// Firefox: puppeteer-core over WebDriver BiDi (Playwright cannot load Firefox
// add-ons; geckodriver is not installed).
//
// Finding, host permissions (Firefox ESR 153): MV3 host_permissions are
// opt-in in Firefox. They are granted at install only when the pref
// extensions.originControls.grantByDefault is true (Extension.sys.mjs
// `installIncludesOrigins`). Its default is true in this build, so a
// temporary add-on from webExtension.install gets <all_urls>
// (permissions.contains -> true) and its background can fetch a 127.0.0.1
// server that sends no CORS headers. With the pref false, contains() is false
// and that fetch fails with "NetworkError when attempting to fetch resource."
// We pin the pref to true so a test install behaves like a user-approved one;
// pass firefoxPrefs to test the not-granted path.
import { createHash, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import type { Browser, KeyInput, Page } from 'puppeteer-core';
import { ChromeScope } from './firefox-privileged';
import type { CapturedMessage } from './firefox-privileged';
import type { BidiCommands } from '../../../bridge/engines/firefox-chrome-window';
import { FIRST_RUN_PAGE, hasFirstRunPage, readManifest, stripOrigin } from './manifest';
import type { ExtensionSession, LaunchOptions, PageDriver, Truthy, WaitOptions } from './types';
import { orAfter, pollInPage, waitUntil } from './wait';

export const FIREFOX_EXECUTABLE = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const ACTION_TIMEOUT_MS = 15_000;
/** How long one tab may take to say where it is before `findPage` moves on to the next. */
const TAB_ANSWER_MS = 2_000;

/**
 * Quirk: page.goto() of a moz-extension:// URL never settles in puppeteer
 * over Firefox BiDi, and page.url() lags. So navigations are fired without
 * awaiting and readiness is polled from inside the page.
 */
async function navigate(page: Page, start: () => void, isNewDocument: string): Promise<void> {
  start();
  await waitUntil(() => page.evaluate(isNewDocument), {
    message: `firefox: page did not finish loading (${isNewDocument})`,
  });
}

async function inNewTab(browser: Browser, load: (page: Page) => Promise<unknown>): Promise<PageDriver> {
  const page = await browser.newPage();
  try {
    await load(page);
  } catch (err) {
    await page.close().catch(() => {});
    throw err;
  }
  return new FirefoxPage(page);
}

class FirefoxPage implements PageDriver {
  constructor(private readonly page: Page) {
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  }
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    // puppeteer's EvaluateFunc typing wants handle-aware args; ours are JSON-ish.
    return this.page.evaluate(fn as (arg: unknown) => unknown, arg) as Promise<R>;
  }
  waitFor<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A, opts?: WaitOptions): Promise<Truthy<R>> {
    return waitUntil((remainingMs) => this.page.evaluate(pollInPage(fn, arg, remainingMs)) as Promise<R>, {
      message: 'page.waitFor',
      ...opts,
    });
  }
  async click(selector: string, button: 'left' | 'right' = 'left'): Promise<void> {
    // A person clicks in the tab they see. A background tab gets no animation
    // frames in Firefox, and Locator waits on them for the element to be stable.
    await this.page.bringToFront();
    // A person scrolls what a sticky bar covers into the open before clicking it, as Playwright's
    // click does in Chromium; puppeteer's would click the bar.
    const target = await this.page.locator(selector).waitHandle();
    await target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && hit !== el && !el.contains(hit)) el.scrollIntoView({ block: 'center' });
    });
    await target.dispose();
    await this.page.locator(selector).click({ button });
  }
  async fill(selector: string, text: string): Promise<void> {
    // Not Locator.fill: it assigns .value (no trusted 'input' event) when
    // clearing or for text >= 100 chars. Select all, then type over it.
    await this.page.bringToFront();
    const el = await this.page.locator(selector).waitHandle();
    await el.focus();
    const hadValue = await el.evaluate((e) => {
      if (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement) {
        e.select();
        return e.value !== '';
      }
      getSelection()?.selectAllChildren(e);
      return (e.textContent ?? '') !== '';
    });
    if (text) await this.page.keyboard.type(text);
    else if (hadValue) await this.page.keyboard.press('Backspace');
    await el.dispose();
  }
  async press(key: string): Promise<void> {
    await this.page.bringToFront();
    // puppeteer has no 'Shift+Enter' syntax (Playwright does): split it here.
    const parts = key === '+' ? ['+'] : key.split('+');
    if (parts.length > 1 && parts.at(-1) === '') parts.splice(-2, 2, '+');
    const main = parts.pop() as KeyInput;
    const mods = parts as KeyInput[];
    for (const m of mods) await this.page.keyboard.down(m);
    await this.page.keyboard.press(main);
    for (const m of mods.reverse()) await this.page.keyboard.up(m);
  }
  async text(selector: string): Promise<string> {
    const el = await this.page.waitForSelector(selector);
    const text = await el!.evaluate((e) => e.textContent ?? '');
    await el!.dispose();
    return text;
  }
  async reload(): Promise<void> {
    await this.page.evaluate(() => {
      (globalThis as { __harnessOld?: boolean }).__harnessOld = true;
    });
    await navigate(
      this.page,
      () => void this.page.evaluate(() => location.reload()).catch(() => {}),
      '!globalThis.__harnessOld && document.readyState === "complete"',
    );
  }
  async resize(size: { width: number; height: number }): Promise<void> {
    await this.page.setViewport(size);
    // The page lays out at the new size once it sees it: a check made before then measures the old one.
    await this.waitFor((width) => innerWidth === width, size.width, {
      message: `the page never became ${size.width} px wide`,
    });
  }
  async screenshot(path: string, size: { width: number; height: number }): Promise<void> {
    await this.page.setViewport(size);
    await this.page.screenshot({ path: path as `${string}.png` });
  }
  async close(): Promise<void> {
    await this.page.close();
  }
}

/** A stable UUID for a profile directory. */
function uuidFor(profileDir: string): string {
  const hex = createHash('sha256').update(profileDir).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Prefs of every launch; `uuid` fixes the add-on's moz-extension:// origin before it is installed. */
/**
 * Tests open the sidebar as a tab, which is in the background whenever a test page is in front;
 * Firefox then runs its timers once a second, where the real sidebar, always visible, runs them at
 * once. Chromium under Playwright never throttles (--disable-background-timer-throttling).
 */
const UNTHROTTLED_BACKGROUND_TABS = {
  'dom.min_background_timeout_value': 4,
  'dom.min_background_timeout_value_without_budget_throttling': 4,
  'dom.timeout.enable_budget_timer_throttling': false,
};

export function firefoxPrefs(geckoId: string, uuid: string, keepStorage: boolean): Record<string, unknown> {
  return {
    'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
    // A temporary add-on is uninstalled when Firefox closes; keep its data, as a restart of an installed one would.
    'extensions.webextensions.keepStorageOnUninstall': keepStorage,
    'extensions.originControls.grantByDefault': true, // see the finding at the top
    'security.allow_parent_unrestricted_js_loads': true, // for the data: process script
    ...UNTHROTTLED_BACKGROUND_TABS,
  };
}

export async function launchFirefox(extensionDir: string, options: LaunchOptions = {}): Promise<ExtensionSession> {
  const dir = resolve(extensionDir);
  const manifest = readManifest(dir);
  if (!manifest.geckoId) throw new Error(`firefox: ${dir}/manifest.json lacks browser_specific_settings.gecko.id`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_EXECUTABLE,
    headless: true,
    args: ['--remote-allow-system-access'],
    ...(options.profileDir ? { userDataDir: options.profileDir } : {}),
    extraPrefsFirefox: {
      // Fixed moz-extension://<uuid> so the origin is known before install; the same on every
      // launch of a kept profile, so the extension finds its own storage again.
      ...firefoxPrefs(
        manifest.geckoId,
        options.profileDir ? uuidFor(options.profileDir) : randomUUID(),
        options.profileDir !== undefined,
      ),
      ...(options.storageQuotaBytes === undefined
        ? {}
        : { 'dom.quotaManager.temporaryStorage.fixedLimit': Math.ceil(options.storageQuotaBytes / 1024) }),
      ...options.firefoxPrefs,
    },
  });
  try {
    if (options.openBeforeInstall)
      await (await browser.newPage()).goto(options.openBeforeInstall, { waitUntil: 'load' });
    const chrome = await ChromeScope.open(connectionOf(browser));
    return await attach(browser, chrome, dir, manifest.geckoId, manifest.backgroundPage, () => browser.close(), {
      keepFirstRun: options.keepFirstRunPage === true,
    });
  } catch (err) {
    await browser.close().catch(() => {});
    throw err;
  }
}

/**
 * Closes the tab at `url` as soon as the browser has it. Found in the browser's own tab strip, not
 * through the tabs puppeteer knows of, and without asking the page anything: a tab still being created
 * can be missing from the one and leave the other unanswered. When it never comes, says which tabs there are.
 */
async function closeTab(chrome: ChromeScope, url: string): Promise<void> {
  const windows = `[...Services.wm.getEnumerator('navigator:browser')]`;
  const closed = () =>
    chrome.evaluate(`(() => {
      for (const w of ${windows}) {
        const tab = [...w.gBrowser.tabs].find((t) => t.linkedBrowser.currentURI.spec === ${JSON.stringify(url)});
        if (tab) return (w.gBrowser.removeTab(tab), true);
      }
      return false;
    })()`);
  try {
    await waitUntil(closed, { message: `firefox: the install did not open ${url}`, timeoutMs: 30_000 });
  } catch (err) {
    const open = await chrome
      .evaluate(
        `JSON.stringify(${windows}.flatMap((w) => [...w.gBrowser.tabs].map((t) => t.linkedBrowser.currentURI.spec)))`,
      )
      .catch(() => '?');
    throw new Error(`${(err as Error).message}; the tabs open: ${String(open)}`, { cause: err });
  }
}

/** puppeteer's BiDi connection, for the raw commands it has no API for. */
export const connectionOf = (browser: Browser) => (browser as unknown as { connection: BidiCommands }).connection;

/**
 * Installs the add-on in `browser` and gives the session over it; `release` is what closing the
 * session does (close the browser, or only uninstall the add-on from a shared one). Every install
 * here is a new temporary add-on, so its first-run page opens: it is closed unless `keepFirstRun`.
 */
export async function attach(
  browser: Browser,
  chrome: ChromeScope,
  dir: string,
  geckoId: string,
  bgPage: string | undefined,
  release: () => Promise<void>,
  { keepFirstRun = false }: { keepFirstRun?: boolean } = {},
): Promise<ExtensionSession> {
  const policy = `WebExtensionPolicy.getByID(${JSON.stringify(geckoId)})`;
  // Raw: boot errors arrive before `origin` is known; filtered on read.
  const captured: CapturedMessage[] = [];
  await chrome.captureConsole((e) => captured.push(e));

  // webExtension.install installs a *temporary* add-on by default.
  const id = await browser.installExtension(dir);
  if (id !== geckoId) throw new Error(`firefox: installed ${id}, manifest says ${geckoId}`);
  const origin = `moz-extension://${String(await chrome.evaluate(`${policy}.mozExtensionHostname`))}`;
  const backgroundState = async () => String(await chrome.evaluate(`${policy}?.extension?.backgroundState`));
  if (bgPage) {
    // Generous: two test files run at once, and a loaded machine starts a background slowly.
    await waitUntil(async () => (await backgroundState()) === 'running', {
      message: 'firefox: background did not start',
      timeoutMs: 30_000,
    });
  }

  // page.url() lags behind over BiDi (see navigate): each tab is asked where it is, once loaded. A
  // tab that is just being created can leave the question unanswered; it is asked again on the next round.
  const findPage = async (url: string, opts: WaitOptions = {}): Promise<PageDriver> => {
    const page = await waitUntil(
      async () => {
        for (const candidate of await browser.pages()) {
          const asked = candidate.evaluate(() => document.readyState === 'complete' && location.href);
          if (
            (await orAfter(
              asked.catch(() => false),
              TAB_ANSWER_MS,
              false,
            )) === url
          )
            return candidate;
        }
        return undefined;
      },
      { message: `firefox: no tab at ${url}`, timeoutMs: 15_000, ...opts },
    );
    return new FirefoxPage(page);
  };
  if (!keepFirstRun && hasFirstRunPage(dir)) await closeTab(chrome, `${origin}/${FIRST_RUN_PAGE}`);

  return {
    browserName: 'firefox',
    extensionOrigin: origin,
    findPage,
    openExtensionPage(path) {
      const url = new URL(path.replace(/^\//, ''), origin + '/').href;
      const ready = `location.href === ${JSON.stringify(url)} && document.readyState === "complete"`;
      return inNewTab(browser, (page) => navigate(page, () => void page.goto(url).catch(() => {}), ready));
    },
    openPage: (url) => inNewTab(browser, (page) => page.goto(url, { waitUntil: 'load' })),
    async stopBackground() {
      // Finding: Extension#terminateBackground (ext-backgroundPage.js), the
      // hook behind about:debugging's "Terminate background script", reached
      // with chrome privileges (see firefox-privileged.ts). It drops open
      // ports and the next runtime.connect boots a fresh event page. A tiny
      // extensions.background.idle.timeout is no substitute: it would also
      // stop the background mid-test, whenever it happens to be idle.
      // disableResetIdleForTest: stop even while listeners are pending, like
      // CDP stopWorker. Calling it when already stopped only logs an error.
      // The state is read in the same privileged task that awaited the stop: an open sidebar
      // reconnects within milliseconds and starts a new event page, so a later poll can miss it.
      const state = await chrome.evaluate(`(async () => {
        const ext = ${policy}.extension;
        if (ext.backgroundState !== 'stopped') {
          await ext.terminateBackground({ ignoreDevToolsAttached: true, disableResetIdleForTest: true });
        }
        return ext.backgroundState;
      })()`);
      if (String(state) !== 'stopped') {
        await waitUntil(async () => (await backgroundState()) === 'stopped', {
          message: `firefox: background did not stop (it was ${String(state)})`,
        });
      }
    },
    privileged: (expression) => chrome.evaluate(expression),
    backgroundErrors: () =>
      captured
        .filter((e) => bgPage && e.level === 'error' && e.doc === `${origin}/${bgPage}`)
        .map((e) => `${e.text} (${stripOrigin(e.file, origin)}:${e.line})`),
    consoleOutput: () => captured.map((e) => `${e.level}: ${e.text}`),
    // Closing a launched browser also deletes puppeteer's temporary profile (puppeteer_dev_firefox_profile-*).
    close: release,
  };
}
