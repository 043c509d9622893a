const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const decode = (text: string) =>
  text.trim().replace(/&(amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * Every <loc> inside the given element (the <url> entries of a sitemap, the <sitemap> entries of
 * an index), absolute. The standard wants absolute addresses; relative ones are read against the
 * sitemap's own address rather than dropped.
 */
const locations = (xml: string, element: 'url' | 'sitemap', sitemapUrl: string) =>
  [...xml.matchAll(new RegExp(`<${element}\\b[^>]*>([\\s\\S]*?)</${element}>`, 'gi'))]
    .map((entry) => /<loc>([\s\S]*?)<\/loc>/i.exec(entry[1] ?? '')?.[1])
    .filter((loc): loc is string => loc !== undefined)
    .map(decode)
    .filter((loc) => URL.canParse(loc, sitemapUrl))
    .map((loc) => new URL(loc, sitemapUrl).href);

/**
 * The page and nested-sitemap addresses of a sitemap (sitemaps.org). Read with patterns, not an
 * XML parser, because Chrome's service worker has no DOMParser; a sitemap's shape is simple.
 */
export function parseSitemap(xml: string, sitemapUrl: string): { pages: string[]; sitemaps: string[] } {
  return { pages: locations(xml, 'url', sitemapUrl), sitemaps: locations(xml, 'sitemap', sitemapUrl) };
}
