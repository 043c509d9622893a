import { parseSitemap } from './sitemap';

const FETCH_TIMEOUT_MS = 10_000;
/** Nested sitemaps read at most, so a sitemap index of a huge site cannot stall the start. */
const MAX_SITEMAPS = 10;

/** A sitemap's text; null when there is none, or when it redirects off the crawl's own sites (that site was not admitted). */
async function fetchText(url: string, signal: AbortSignal, origins: ReadonlySet<string>): Promise<string | null> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
      credentials: 'omit',
    });
    if (!URL.canParse(response.url) || !origins.has(new URL(response.url).origin)) return null;
    return response.ok ? await response.text() : null;
  } catch {
    // No sitemap (or an unreachable one) is normal: the crawl follows links instead.
    return null;
  }
}

/** The pages the sites' /sitemap.xml files list (sitemap indexes followed), on those sites only. */
export async function discoverSitemapPages(baseUrls: readonly string[], signal: AbortSignal): Promise<string[]> {
  const origins = new Set(baseUrls.map((url) => new URL(url).origin));
  const pending = [...origins].map((origin) => `${origin}/sitemap.xml`);
  const pages: string[] = [];
  for (let read = 0; pending.length > 0 && read < MAX_SITEMAPS; read++) {
    const sitemapUrl = pending.shift() as string;
    const xml = await fetchText(sitemapUrl, signal, origins);
    if (!xml) continue;
    const found = parseSitemap(xml, sitemapUrl);
    const onSite = (url: string) => origins.has(new URL(url).origin);
    pages.push(...found.pages.filter(onSite));
    pending.push(...found.sitemaps.filter(onSite));
  }
  return pages;
}
