import type { ReadAccess } from './types';

/**
 * An address as the model may see it: whole for a site the policy lets Bosun read; without query
 * and fragment (where session tokens, reset codes and search terms sit) for a site that asks; the
 * origin alone for a site it may not read. Not a URL at all: nothing.
 */
export function shownUrl(url: string, access: ReadAccess): string {
  if (!URL.canParse(url)) return '';
  if (access === 'allowed') return url;
  const parsed = new URL(url);
  const origin = parsed.origin === 'null' ? `${parsed.protocol}` : parsed.origin;
  return access === 'ask' ? `${origin}${parsed.pathname}` : origin;
}
