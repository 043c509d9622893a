/**
 * offscreen.js entry (Chrome only): wiring only. The offscreen document gives the background the
 * DOM its service worker lacks: a crawl's fetched HTML is parsed and read here, without a tab.
 * Nothing here loads or runs the page: DOMParser documents have no browsing context. Listens with
 * `chrome.runtime` because a listener there may decline a message (return false) or answer it later.
 */
import { createRouter } from '../src/messaging/router';
import { classifySender } from '../src/messaging/sender';
import { browser } from '../src/platform/browser';
import { BackgroundToOffscreen } from '../src/protocol/background-to-offscreen';
import { readWithChunk } from '../src/pdf/reader-chunk';
import { readFetchedPage } from '../src/reader/fetched-page';

const route = createRouter(BackgroundToOffscreen, {
  READ_FETCHED_PAGE: {
    senders: ['extension-page'],
    handle: ({ payload }) => readFetchedPage(payload.html, payload.url),
  },
  READ_PDF: {
    senders: ['extension-page'],
    // The reader chunk (pdf.js) loads on the first PDF, not with this document.
    handle: ({ payload }) => readWithChunk(payload.url),
  },
});

const extensionOrigin = browser.runtime.getURL('').replace(/\/$/, '');
chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse: (reply: unknown) => void) => {
  // Every extension page hears runtime messages: what is not this document's is left to the background to answer.
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(BackgroundToOffscreen, type)) return false;
  void route(raw, classifySender(sender, browser.runtime.id, extensionOrigin), undefined).then(
    (outcome) => sendResponse(outcome.ok ? outcome.value : { success: false, error: outcome.error }),
    (error: unknown) => sendResponse({ success: false, error: `The page could not be read: ${String(error)}` }),
  );
  return true;
});
