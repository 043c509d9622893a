/**
 * Pages Bosun never acts on. Browsers refuse content scripts on their own pages and on their add-on
 * stores (Chrome: chrome.google.com/webstore and chromewebstore.google.com; Firefox:
 * addons.mozilla.org; Edge: microsoftedge.microsoft.com/addons), and URLs that carry their own code
 * or content (data:, blob:, javascript:) have no site a person could have allowed. Reporting them as
 * restricted, instead of failing later, lets the gate deny before anything is attempted.
 */

/** Schemes of browser-internal and self-contained pages, with the reason shown to the person. */
const RESTRICTED_SCHEMES: ReadonlyMap<string, string> = new Map([
  ['about:', 'a browser page (about:)'],
  ['chrome:', 'a browser page (chrome:)'],
  ['edge:', 'a browser page (edge:)'],
  ['resource:', 'a browser resource (resource:)'],
  ['devtools:', 'the developer tools (devtools:)'],
  ['view-source:', 'a page source view (view-source:)'],
  ['chrome-extension:', 'an extension page (chrome-extension:)'],
  ['moz-extension:', 'an extension page (moz-extension:)'],
  ['data:', 'a data: URL, which has no site'],
  ['blob:', 'a blob: URL, which has no site'],
  ['javascript:', 'a javascript: URL'],
]);

/** The web: the only schemes whose pages have a registrable site. */
const WEB_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

interface StorePage {
  readonly host: string;
  /** Lower-case path prefix; '/' means the whole host. */
  readonly path: string;
}

/** The browsers' add-on stores, where every browser blocks extension scripts. */
const ADD_ON_STORES: readonly StorePage[] = [
  { host: 'chrome.google.com', path: '/webstore' },
  { host: 'chromewebstore.google.com', path: '/' },
  { host: 'addons.mozilla.org', path: '/' },
  { host: 'microsoftedge.microsoft.com', path: '/addons' },
];

/** A host without its trailing dots: `addons.mozilla.org.` is the same host and must not slip through. */
export const withoutTrailingDots = (host: string): string => host.replace(/\.+$/, '');

function isAddOnStore(url: URL): boolean {
  const host = withoutTrailingDots(url.hostname);
  // Paths are compared in lower case so /WebStore cannot dodge the check; matching a little too
  // much (e.g. /webstorefront) only makes a page restricted, which is the safe direction.
  const path = url.pathname.toLowerCase();
  return ADD_ON_STORES.some((store) => store.host === host && path.startsWith(store.path));
}

/**
 * Why Bosun must not act on `url`, or null when it is an ordinary page.
 * File URLs are local files: only when the person turned on file access.
 */
export function restrictionOf(url: URL, allowFileUrls: boolean): string | null {
  const scheme = url.protocol;
  if (scheme === 'file:') return allowFileUrls ? null : 'a local file (file access is not turned on)';
  const known = RESTRICTED_SCHEMES.get(scheme);
  if (known !== undefined) return known;
  // Everything else (mailto:, ftp:, ws:, chrome-untrusted:, ...) is not a page Bosun can act on.
  if (!WEB_SCHEMES.has(scheme)) return `not a web page (${scheme})`;
  if (isAddOnStore(url)) return 'a browser add-on store, where extensions may not act';
  return null;
}
