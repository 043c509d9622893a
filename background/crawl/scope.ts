export interface ScopeOptions {
  /** Only pages under a start URL's path (see scopeOf); otherwise anywhere on its site. */
  strictPathMatching: boolean;
  followExternalLinks: boolean;
  /** How many links away from the scope a crawl may wander (1–5). */
  maxExternalHops: number;
}

/**
 * A start URL's scope: its origin, and its path as a folder. "/docs" and "/docs/" cover "/docs"
 * and what is below it ("/docs/guide"), never a sibling that only starts alike ("/docs-blog");
 * a page's path ("/docs/guide.html", its last part a file name) covers the folder it is in.
 */
function scopeOf(base: URL): { origin: string; folder: string } {
  const path = base.pathname;
  const cut = path.lastIndexOf('/') + 1;
  const last = path.slice(cut);
  const folder = last.includes('.') ? path.slice(0, cut) : last === '' ? path : `${path}/`;
  return { origin: base.origin, folder };
}

/** Whether a path is the folder itself (named with or without its closing slash) or below it. */
const under = (path: string, folder: string) => path.startsWith(folder) || `${path}/` === folder;

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
    return url.origin === scope.origin && (!options.strictPathMatching || under(url.pathname, scope.folder));
  });
  if (inScope) return 0;
  if (!options.followExternalLinks || foundOnHops + 1 > options.maxExternalHops) return null;
  return foundOnHops + 1;
}
