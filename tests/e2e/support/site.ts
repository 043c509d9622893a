import { afterAll, beforeAll } from 'vitest';
import type { PageDriver } from '../harness';
import { startStaticServer, testSiteDir, type ServeOptions, type StaticServer } from '../../fixtures/static-server';

/** The test site served on 127.0.0.1 for a whole test file (or the describe block it is called in). */
export function useSite(options: ServeOptions = {}) {
  const site = {} as { server: StaticServer; url(path: string): string };
  beforeAll(async () => {
    site.server = await startStaticServer(testSiteDir, '127.0.0.1', options);
    site.url = (path: string) => `${site.server.url}/${path}`;
  });
  afterAll(() => site.server?.close());
  return site;
}

/**
 * Sends a request to the content script of the tab showing `url`, from an extension page, as
 * the background does: through `tabs.sendMessage`, injecting the page engine (and its reader)
 * when the page has none yet, as the background does on first use.
 */
export function askTab<R = Record<string, unknown>>(
  extensionPage: PageDriver,
  url: string,
  message: unknown,
): Promise<R> {
  return extensionPage.evaluate(
    async ({ url, message }) => {
      const tabs = await browser.tabs.query({});
      const tab = tabs.find((t) => t.url === url);
      if (tab?.id === undefined)
        throw new Error(`no tab shows ${url}; open tabs: ${tabs.map((t) => t.url).join(', ')}`);
      const inject = (files: string[]) => browser.scripting.executeScript({ target: { tabId: tab.id! }, files });
      // A page that has just loaded may still be on its way (injection waits for it, or fails while it commits).
      for (let attempt = 0; ; attempt++) {
        try {
          const reply = await browser.tabs.sendMessage(tab.id, message);
          if ((reply as { needs?: unknown } | null)?.needs === 'reader') {
            await inject(['reader.js']);
            return await browser.tabs.sendMessage(tab.id, message);
          }
          return reply;
        } catch (error) {
          if (attempt > 50 || !/Receiving end does not exist|Could not establish connection/.test(String(error)))
            throw error;
          await inject(['content.js']).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    { url, message },
  ) as Promise<R>;
}
