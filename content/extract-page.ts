import type { ExtractPageResult } from '../src/protocol/background-to-content';
import { loadedReader, NEEDS_READER } from './reader-slot';

/** Bounds what one page sends back: a runtime port message has a size limit, and a library need not hold megabytes of one page. */
const MAX_CHARS = 2_000_000;
const MAX_LINKS = 5000;

const cut = (text: string) => text.slice(0, MAX_CHARS);

/** The meta tags a library keeps about a page: description, author, keywords, Open Graph. */
function metadata(doc: Document): Record<string, string> {
  const found: Record<string, string> = {};
  const lang = doc.documentElement.lang;
  if (lang) found.language = lang;
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name], meta[property]')) {
    const key = (meta.getAttribute('name') ?? meta.getAttribute('property') ?? '').toLowerCase();
    if (/^(description|author|keywords|og:[a-z_:]+)$/.test(key) && meta.content)
      found[key] = meta.content.slice(0, 2000);
  }
  return found;
}

/** The page's http(s) links, absolute and without fragments, once each: what a crawl follows next. */
function links(doc: Document): string[] {
  const seen = new Set<string>();
  for (const anchor of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (!/^https?:$/.test(anchor.protocol)) continue;
    seen.add(anchor.href.split('#')[0] ?? anchor.href);
    if (seen.size >= MAX_LINKS) break;
  }
  return [...seen];
}

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
  const canonical = document.querySelector<HTMLLinkElement>('link[rel~="canonical"][href]')?.href ?? null;
  return {
    success: true,
    url: location.href,
    title: document.title.replace(/\s+/g, ' ').trim(),
    text: cut((root as HTMLElement).innerText ?? root.textContent ?? ''),
    html: cut(selector ? root.outerHTML : document.documentElement.outerHTML),
    // With the same bound as a budget, a huge page's markdown stops being converted where it would be cut.
    markdown: cut(
      selector ? reader.elementMarkdown(root) : reader.readMarkdown(document, { maxChars: MAX_CHARS }).markdown,
    ),
    canonical,
    metadata: metadata(document),
    links: links(document),
  };
}
