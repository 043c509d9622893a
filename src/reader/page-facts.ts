/**
 * What a crawl or the content picker stores about a page besides its markdown, read from its
 * document: the same for a live page (content script) and for fetched HTML parsed without a tab.
 */

/** Bounds what one page sends back: a message has a size limit, and a library need not hold megabytes of one page. */
export const MAX_PAGE_CHARS = 2_000_000;
const MAX_LINKS = 5000;

export const cutPageText = (text: string) => text.slice(0, MAX_PAGE_CHARS);

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

/** The page's http(s) links, absolute (against the document's base) and without fragments, once each: what a crawl follows next. */
function links(doc: Document): string[] {
  const seen = new Set<string>();
  for (const anchor of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (!/^https?:$/.test(anchor.protocol)) continue;
    seen.add(anchor.href.split('#')[0] ?? anchor.href);
    if (seen.size >= MAX_LINKS) break;
  }
  return [...seen];
}

export function pageFacts(doc: Document): {
  title: string;
  canonical: string | null;
  metadata: Record<string, string>;
  links: string[];
} {
  return {
    title: doc.title.replace(/\s+/g, ' ').trim(),
    canonical: doc.querySelector<HTMLLinkElement>('link[rel~="canonical"][href]')?.href ?? null,
    metadata: metadata(doc),
    links: links(doc),
  };
}
