// Firefox takes several seconds to start: one process per test worker is started for the whole
// run, and each test file installs its own copy of the add-on in it, under a new origin (so with
// storage of its own), then uninstalls it and closes the tabs it opened.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { attach, connectionOf, FIREFOX_EXECUTABLE, firefoxPrefs } from './firefox';
import { ChromeScope } from './firefox-privileged';
import { readManifest } from './manifest';
import type { ExtensionSession, LaunchOptions } from './types';

function geckoIdOf(extensionDir: string) {
  const manifest = readManifest(extensionDir);
  if (!manifest.geckoId)
    throw new Error(`firefox: ${extensionDir}/manifest.json lacks browser_specific_settings.gecko.id`);
  return { geckoId: manifest.geckoId, backgroundPage: manifest.backgroundPage };
}

/** Starts a Firefox that outlives its first connection; `endpoint` is its WebDriver BiDi address. */
export async function startSharedFirefox(extensionDir: string): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'bosun-e2e-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_EXECUTABLE,
    headless: true,
    args: ['--remote-allow-system-access'],
    userDataDir: profile,
    extraPrefsFirefox: {
      ...firefoxPrefs(geckoIdOf(resolve(extensionDir)).geckoId, randomUUID(), false),
      // A file closes every tab it opened: the window stays for the next one.
      'browser.tabs.closeWindowWithLastTab': false,
    },
  });
  const endpoint = browser.wsEndpoint();
  const process = browser.process();
  await browser.disconnect();
  return {
    endpoint,
    async stop() {
      if (process && process.exitCode === null) {
        process.kill();
        await once(process, 'exit');
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** What a file may ask of the shared Firefox: everything but a profile or a quota of its own, which only a launch gives. */
export type SharedFirefoxOptions = Pick<LaunchOptions, 'firefoxPrefs' | 'openBeforeInstall' | 'keepFirstRunPage'>;

export const canShareFirefox = (options: LaunchOptions): options is SharedFirefoxOptions =>
  options.profileDir === undefined && options.storageQuotaBytes === undefined;

/**
 * A session over the shared Firefox at `endpoint`: a fresh install of the add-on, as a new browser
 * would have. The file's prefs are set for its session and put back when it closes.
 */
export async function connectFirefox(
  endpoint: string,
  extensionDir: string,
  options: SharedFirefoxOptions = {},
): Promise<ExtensionSession> {
  const dir = resolve(extensionDir);
  const { geckoId, backgroundPage } = geckoIdOf(dir);
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, protocol: 'webDriverBiDi' });
  const before = new Set(await browser.pages());
  let chrome: ChromeScope;
  try {
    chrome = await ChromeScope.open(connectionOf(browser));
  } catch (err) {
    await browser.disconnect().catch(() => {});
    throw err;
  }
  // By the add-on manager, which finds the add-on by its id whichever connection installed it.
  const uninstall = () =>
    chrome.evaluate(`(async () => {
      const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
      await (await AddonManager.getAddonByID(${JSON.stringify(geckoId)}))?.uninstall();
    })()`);
  let restorePrefs = async () => {};
  const release = async () => {
    for (const page of await browser.pages()) if (!before.has(page)) await page.close().catch(() => {});
    await uninstall().catch(() => {});
    await restorePrefs();
    await browser.disconnect();
  };
  try {
    // An install left by a file that failed would make this one an update, which opens no first-run page.
    await uninstall();
    // A new origin for this install: nothing the previous file's add-on stored can be seen.
    const uuids = JSON.stringify({ [geckoId]: randomUUID() });
    await chrome.evaluate(`Services.prefs.setStringPref('extensions.webextensions.uuids', ${JSON.stringify(uuids)})`);
    restorePrefs = await setPrefs(chrome, options.firefoxPrefs ?? {});
    if (options.openBeforeInstall)
      await (await browser.newPage()).goto(options.openBeforeInstall, { waitUntil: 'load' });
    return await attach(browser, chrome, dir, geckoId, backgroundPage, release, {
      keepFirstRun: options.keepFirstRunPage === true,
    });
  } catch (err) {
    await release().catch(() => {});
    throw err;
  }
}

/** Sets `prefs` in the running browser; gives what puts each one back as it was. */
async function setPrefs(chrome: ChromeScope, prefs: Record<string, unknown>): Promise<() => Promise<void>> {
  const names = Object.keys(prefs);
  if (names.length === 0) return async () => {};
  const saved = JSON.stringify(
    await chrome.evaluate(`(() => {
      const prefs = ${JSON.stringify(prefs)};
      const saved = {};
      for (const [name, value] of Object.entries(prefs)) {
        saved[name] = Services.prefs.prefHasUserValue(name) ? ${PREF_VALUE} : null;
        ${SET_PREF}
      }
      return JSON.stringify(saved);
    })()`),
  );
  return async () => {
    await chrome.evaluate(`(() => {
      for (const [name, value] of Object.entries(JSON.parse(${saved}))) {
        if (value === null) Services.prefs.clearUserPref(name);
        else { ${SET_PREF} }
      }
    })()`);
  };
}
/** The user value of pref `name`, whatever its type (in chrome scope). */
const PREF_VALUE = `({ [Services.prefs.PREF_BOOL]: () => Services.prefs.getBoolPref(name),
  [Services.prefs.PREF_INT]: () => Services.prefs.getIntPref(name) })[Services.prefs.getPrefType(name)]?.() ?? Services.prefs.getStringPref(name)`;
/** Sets pref `name` to `value`, by the value's type (in chrome scope). */
const SET_PREF = `if (typeof value === 'boolean') Services.prefs.setBoolPref(name, value);
  else if (typeof value === 'number') Services.prefs.setIntPref(name, value);
  else Services.prefs.setStringPref(name, String(value));`;
