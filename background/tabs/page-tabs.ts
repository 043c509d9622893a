import { browser } from '../../src/platform/browser';
import { ContentResponses, type ExtractPageResult } from '../../src/protocol/background-to-content';
import { askContent } from '../content-channel/content-client';
import { openAgentTab } from './agent-container';
import { navigateTab, settled } from './navigation';

/**
 * Runs `work` in a new background tab showing `url` (in the agent's container where the person chose
 * one), and closes the tab whatever happens, so capabilities that read pages leave no tab behind.
 */
export async function inBackgroundTab<T>(
  url: string,
  signal: AbortSignal,
  work: (tabId: number) => Promise<T>,
): Promise<T> {
  const tab = await openAgentTab({ url, active: false });
  if (tab.id === undefined) throw new Error('The browser did not open a tab.');
  try {
    await settled(tab.id, signal);
    return await work(tab.id);
  } finally {
    await browser.tabs.remove(tab.id).catch(() => {
      // Already closed (by the person, or with its window): nothing is left behind either way.
    });
  }
}

/** Loads `url` in a tab a crawl worker already holds, and waits for it. */
export async function loadInTab(tabId: number, url: string, signal: AbortSignal): Promise<void> {
  const arrived = await navigateTab(tabId, signal, () => browser.tabs.update(tabId, { url }));
  if (!arrived) throw new Error(`The tab did not start loading ${url}.`);
}

/** Waits up to `timeoutMs` for each selector (content a script adds after load); a selector that never appears is an error. */
export async function waitForSelectors(
  tabId: number,
  selectors: readonly string[],
  signal: AbortSignal,
  timeoutMs = 10_000,
): Promise<void> {
  for (const selector of selectors) {
    await askContent(
      tabId,
      { type: 'WAIT_FOR_ELEMENT', payload: { selector, timeoutMs } },
      ContentResponses.ACTION,
      signal,
    ).then((reply) => {
      if (!reply.success) throw new Error(reply.error ?? `${selector} did not appear.`);
    });
  }
}

/** The page's content (or one element's, with a selector), links and metadata, from its content script. */
export function extractPage(tabId: number, signal: AbortSignal, selector?: string): Promise<ExtractPageResult> {
  return askContent(
    tabId,
    { type: 'EXTRACT_PAGE', payload: selector ? { selector } : {} },
    ContentResponses.EXTRACT_PAGE,
    signal,
  );
}
