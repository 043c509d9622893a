import type { ExtractPageResult } from '../../src/protocol/background-to-content';
import { browser } from '../../src/platform/browser';
import { extractPage, loadInTab, waitForSelectors } from '../tabs/page-tabs';
import { settled } from '../tabs/navigation';
import type { CrawlItem, CrawlState } from './crawl-state';
import { crawlTabs } from './crawl-tabs';
import { fetchPage } from './page-fetch';
import { pdfPage } from './pdf-page';

/**
 * What the crawl stores of one page. Its HTML is fetched and read without a tab when the content
 * is in it, and a PDF is read as read_pdf reads one; a page that scripts build, one that is not plain HTML, and every page of a crawl that
 * waits for selectors (content added after load) are rendered in the worker's tab instead.
 */
export async function readPage(
  state: CrawlState,
  tab: ReturnType<typeof workerTab>,
  item: CrawlItem,
): Promise<ExtractPageResult> {
  const { settings, admit, reader } = state;
  // Checked between the steps: a tab that stopped loading because of a cancel still shows the
  // previous page, which must not be stored under this page's address.
  const { signal } = state.abort;
  await admit(item.url, signal);
  if (settings.waitForSelectors.length === 0) {
    const fetched = await fetchPage(item.url, signal);
    // A redirect may have taken the request to another site: that site's policy decides before it is read.
    if (fetched && fetched.url !== item.url) await admit(fetched.url, signal);
    if (fetched?.kind === 'pdf') return pdfPage(fetched.url, signal);
    const reading = fetched ? await reader.read(fetched.html, fetched.url) : null;
    signal.throwIfAborted();
    if (reading?.kind === 'page') return reading.page;
  }
  const tabId = await tab.show(item.url);
  signal.throwIfAborted();
  const landed = (await browser.tabs.get(tabId)).url;
  if (landed && landed !== item.url) await admit(landed, signal);
  if (settings.waitForSelectors.length > 0) await waitForSelectors(tabId, settings.waitForSelectors, signal);
  const page = await extractPage(tabId, signal);
  signal.throwIfAborted();
  return page;
}

/** A worker's one tab, opened on the first page that needs one and navigated from page to page. */
export function workerTab(abort: AbortController) {
  let tabId: number | undefined;
  return {
    async show(url: string): Promise<number> {
      if (tabId !== undefined) {
        await loadInTab(tabId, url, abort.signal);
        return tabId;
      }
      tabId = await crawlTabs.open(url);
      await settled(tabId, abort.signal);
      return tabId;
    },
    async close(): Promise<void> {
      if (tabId !== undefined) await crawlTabs.close(tabId);
    },
  };
}
export type WorkerTab = ReturnType<typeof workerTab>;
