import type { StoredPageRef } from '../src/protocol/common';
import { t } from '../src/i18n';

/** An address as a citation may write it: without its fragment or a trailing slash. */
function citedAs(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href.replace(/\/$/, '');
}

/**
 * Each link of an answer to a page the Library gave in this conversation opens its stored copy in
 * the Library view, not the live web: the answer was made from that copy. Marked after sanitizing,
 * so model output cannot make such a link itself (it keeps no data attribute).
 */
export function linkStoredPages(root: ParentNode, stored: readonly StoredPageRef[]): void {
  if (stored.length === 0) return;
  const byAddress = new Map(stored.map((page) => [citedAs(page.url), page]));
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const page = byAddress.get(citedAs(link.getAttribute('href') ?? ''));
    if (!page) continue;
    link.dataset.storedPage = page.id;
    link.dataset.testid = 'stored-citation';
    link.removeAttribute('target');
    link.removeAttribute('rel');
    link.setAttribute('href', `#stored-${encodeURIComponent(page.id)}`);
    link.title = t('stored_citation_title', page.url);
    const host = link.querySelector('.link-host');
    if (host) host.textContent = ` ${t('stored_citation_host')}`;
  }
}
