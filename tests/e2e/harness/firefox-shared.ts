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
import type { ExtensionSession } from './types';

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

/** A session over the shared Firefox at `endpoint`: a fresh install of the add-on, as a new browser would have. */
export async function connectFirefox(endpoint: string, extensionDir: string): Promise<ExtensionSession> {
  const dir = resolve(extensionDir);
  const { geckoId, backgroundPage } = geckoIdOf(dir);
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, protocol: 'webDriverBiDi' });
  try {
    const chrome = await ChromeScope.open(connectionOf(browser));
    // A new origin for this install: nothing the previous file's add-on stored can be seen.
    const uuids = JSON.stringify({ [geckoId]: randomUUID() });
    await chrome.evaluate(`Services.prefs.setStringPref('extensions.webextensions.uuids', ${JSON.stringify(uuids)})`);
    const before = new Set(await browser.pages());
    return await attach(browser, chrome, dir, geckoId, backgroundPage, async () => {
      for (const page of await browser.pages()) if (!before.has(page)) await page.close().catch(() => {});
      await browser.uninstallExtension(geckoId).catch(() => {});
      await browser.disconnect();
    });
  } catch (err) {
    await browser.disconnect().catch(() => {});
    throw err;
  }
}
