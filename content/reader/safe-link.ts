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
