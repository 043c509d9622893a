import { readFetchedPage, type FetchedReading } from '../../src/reader/fetched-page';
import { offscreenDocument } from './offscreen-document';

/**
 * Reads fetched HTML as EXTRACT_PAGE reads a tab: in Firefox the background is an event page
 * with a DOM, so it parses the page itself; Chrome's service worker has none and asks its
 * offscreen document. (The build drops the other browser's branch, and with it Firefox's copy of
 * the reader from Chrome's background.)
 */
export interface PageReader {
  read(html: string, url: string): Promise<FetchedReading>;
  /** Lets go of what reading needed (Chrome's offscreen document). */
  close(): Promise<void>;
}

export function createPageReader(): PageReader {
  return __TARGET__ === 'chrome'
    ? offscreenDocument()
    : { read: async (html, url) => readFetchedPage(html, url), close: async () => {} };
}
