import { getDomain } from 'tldts';
import type { PageDriver } from '../harness';

export interface SearchEngine {
  /** The host its results page is on. */
  host: string;
  /** The site Bosun's questions name for it. */
  site: string;
}

/**
 * The test browser's default search engine, as the browser itself reports it: a search run through
 * the browser's own search API into a tab of the test's own, from an extension page (`page`), and the
 * address that tab then loads. Bosun plays no part in it, so tests can hold Bosun's answer against it
 * on any machine, whichever engine the browser's build and locale choose.
 */
export async function defaultEngine(page: PageDriver): Promise<SearchEngine> {
  const url = await page.evaluate(async () => {
    const tab = await browser.tabs.create({ url: 'about:blank', active: false });
    const tabId = tab.id as number;
    try {
      const loaded = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the default engine loaded nothing within 10 s')), 10_000);
        const listener = (details: { url: string }) => {
          clearTimeout(timer);
          browser.webRequest.onBeforeRequest.removeListener(listener);
          resolve(details.url);
        };
        browser.webRequest.onBeforeRequest.addListener(listener, {
          urls: ['<all_urls>'],
          types: ['main_frame'],
          tabId,
        });
      });
      await browser.search.query({ text: 'default engine probe', tabId });
      return await loaded;
    } finally {
      await browser.tabs.remove(tabId);
    }
  });
  const host = new URL(url).host;
  return { host, site: getDomain(host) ?? host };
}
