export interface ScopeOptions {
  /** Only pages under a start URL's folder; otherwise anywhere on its site. */
  strictPathMatching: boolean;
  followExternalLinks: boolean;
  /** How many links away from the scope a crawl may wander (1–5). */
  maxExternalHops: number;
}

/** A start URL's scope: its origin, and the folder its path is in ("/docs/guide" → "/docs/"). */
const scopeOf = (base: URL) => ({
  origin: base.origin,
  folder: base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1),
});

/**
 * How far outside the scope a link is: 0 for a page in scope, one more than the page it was
 * found on for an external page, null when the crawl does not follow it.
 */
export function linkHops(
  link: string,
  foundOnHops: number,
  bases: readonly string[],
  options: ScopeOptions,
): number | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (!/^https?:$/.test(url.protocol)) return null;
  const inScope = bases.some((base) => {
    const scope = scopeOf(new URL(base));
    return url.origin === scope.origin && (!options.strictPathMatching || url.pathname.startsWith(scope.folder));
  });
  if (inScope) return 0;
  if (!options.followExternalLinks || foundOnHops + 1 > options.maxExternalHops) return null;
  return foundOnHops + 1;
}
