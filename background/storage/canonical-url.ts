/** Query parameters that only say where a visitor came from; they never change a page's content. */
const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|ref_src)$/i;

/**
 * The one address a page is stored under, so that the same page reached by different links is
 * stored once: no fragment, no credentials, no tracking parameters, the rest sorted, and the
 * host and scheme in lower case with the default port dropped (URL does those). The path is
 * kept as it is: "/docs/" and "/docs" can be different resources (a server may answer 404 to one). A canonical URL the page itself declares wins when it is on the same site, because a
 * page cannot claim another site's address.
 */
export function canonicalUrl(url: string, declared?: string): string {
  const own = new URL(url);
  if (declared && URL.canParse(declared, own)) {
    const claimed = new URL(declared, own);
    if (claimed.origin === own.origin) return normalize(claimed);
  }
  return normalize(own);
}

function normalize(url: URL): string {
  url.hash = '';
  url.username = '';
  url.password = '';
  const kept = [...url.searchParams].filter(([key]) => !TRACKING.test(key));
  kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  url.search = new URLSearchParams(kept).toString();
  return url.href;
}
