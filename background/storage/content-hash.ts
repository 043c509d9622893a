/**
 * SHA-256 of a page's text, hex: the same content under two URLs is stored once. Whitespace is
 * collapsed first, so a re-indented template does not make the same text look new.
 */
export async function contentHash(text: string): Promise<string> {
  const normalized = text.replace(/\s+/g, ' ').trim();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalized));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
