import type { ExtractPageResult } from '../src/protocol/background-to-content';
import { cutPageText, MAX_PAGE_CHARS, pageFacts } from '../src/reader/page-facts';
import { loadedReader, NEEDS_READER } from './reader-slot';

/**
 * EXTRACT_PAGE: what a crawl or the content picker stores about a page, in one answer. With a
 * selector, the content is that element's; without, the page's (markdown of its main content).
 */
export function extractPage(
  selector?: string,
): ExtractPageResult | { success: false; error: string } | typeof NEEDS_READER {
  const reader = loadedReader();
  if (!reader) return NEEDS_READER;
  const root = selector ? document.querySelector(selector) : document.body;
  if (!root)
    return { success: false, error: selector ? `Nothing on the page matches ${selector}.` : 'The page has no body.' };
  const { title, canonical, metadata, links } = pageFacts(document);
  return {
    success: true,
    url: location.href,
    title,
    text: cutPageText((root as HTMLElement).innerText ?? root.textContent ?? ''),
    html: cutPageText(selector ? root.outerHTML : document.documentElement.outerHTML),
    // With the same bound as a budget, a huge page's markdown stops being converted where it would be cut.
    markdown: cutPageText(
      selector ? reader.elementMarkdown(root) : reader.readMarkdown(document, { maxChars: MAX_PAGE_CHARS }).markdown,
    ),
    canonical,
    metadata,
    links,
  };
}
