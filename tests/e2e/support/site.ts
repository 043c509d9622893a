import { afterAll, beforeAll } from 'vitest';
import type { PageDriver } from '../harness';
import { startStaticServer, testSiteDir, type StaticServer } from '../../fixtures/static-server';

/** The test site served on 127.0.0.1 for a whole test file. */
export function useSite() {
  const site = {} as { server: StaticServer; url(path: string): string };
  beforeAll(async () => {
    site.server = await startStaticServer(testSiteDir);
    site.url = (path: string) => `${site.server.url}/${path}`;
  });
  afterAll(() => site.server?.close());
  return site;
}

/**
 * Sends a request to the content script of the tab showing `url`, from an extension page, as
 * the background does: through `tabs.sendMessage`.
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
      // A page that has just loaded may not have its content script yet (it starts at document idle).
      for (let attempt = 0; ; attempt++) {
        try {
          return await browser.tabs.sendMessage(tab.id, message);
        } catch (error) {
          if (attempt > 50 || !/Receiving end does not exist|Could not establish connection/.test(String(error)))
            throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    { url, message },
  ) as Promise<R>;
}
