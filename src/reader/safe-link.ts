// Only these schemes are kept as links. javascript:, data:, vbscript:, blob: and extension URLs are either
// page-controlled code or useless outside the page, so their text stays and the URL goes.
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:', 'ftp:']);

/** Resolves `href` against the page, or returns null when it is missing, invalid or not a safe scheme. */
export function absoluteUrl(href: string | null, baseUrl: string): string | null {
  if (href === null || href.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(href.trim(), baseUrl);
  } catch {
    return null;
  }
  if (!LINK_PROTOCOLS.has(url.protocol)) return null;
  // Parentheses would end the markdown link early; the URL serializer leaves them unescaped.
  return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

// A path-absolute or fragment-only href made only of characters the URL parser copies as they are, without
// dot segments: resolving it is putting it after the base's origin (or the base without its fragment).
const PLAIN_HREF = /^(?:\/(?!\/)|#)[\w\-.~!$&*+,;=:@%/?#]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e)(?:\.|%2e)?(?:[/?#]|$)/i;

/**
 * absoluteUrl for the page's link elements, with the common case (a plain site-relative path, a fragment)
 * resolved without a URL parse: on a page of thousands of links the parser is a good part of the read.
 */
export function linkResolver(baseUrl: string): (href: string | null) => string | null {
  let base: URL | null = null;
  try {
    base = new URL(baseUrl);
  } catch {
    // No usable base: every href goes through absoluteUrl, which says so.
  }
  const plain = base && /^https?:$/.test(base.protocol) && !base.username && !base.password ? base : null;
  const origin = plain ? `${plain.protocol}//${plain.host}` : '';
  const page = plain ? plain.href.replace(/#.*$/, '') : '';
  return (href) => {
    if (!plain || href === null || !PLAIN_HREF.test(href) || DOT_SEGMENT.test(href.replace(/[?#].*$/, ''))) {
      return absoluteUrl(href, baseUrl);
    }
    return href.startsWith('#') ? page + href : origin + href;
  };
}
