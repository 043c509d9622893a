import { signal } from '@preact/signals';
import type { SiteIdentity } from '../policy/site';
import type { Handlers } from './inbox';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';

/** Names kept: the pages a person moves between in one sitting, not a history. */
const MAX_KNOWN = 200;

/**
 * The site of a page, as the background names it: naming a site needs the public-suffix list
 * (tldts, most of a bundle's weight), which the background has anyway and the sidebar need not
 * ship. A name unknown yet is asked for once and shown when the answer comes.
 */
export function createSiteNames(send: (message: SidebarToBackground) => void) {
  const known = signal<ReadonlyMap<string, SiteIdentity>>(new Map());
  const asked = new Set<string>();
  const keyOf = (url: string, allowFileUrls: boolean) => `${allowFileUrls ? 'file' : 'web'} ${url}`;

  function identityOf(url: string, allowFileUrls: boolean): SiteIdentity | null {
    const key = keyOf(url, allowFileUrls);
    const found = known.value.get(key);
    if (found) return found;
    if (!asked.has(key)) {
      asked.add(key);
      // Asked after the render that wanted it, never during it.
      queueMicrotask(() => send({ type: 'NAME_SITE', payload: { url, allowFileUrls } }));
    }
    return null;
  }

  const handlers: Handlers<'SITE_NAME'> = {
    SITE_NAME: ({ payload: { url, allowFileUrls, identity } }) => {
      const next = new Map(known.value);
      if (next.size >= MAX_KNOWN) {
        next.clear();
        asked.clear();
      }
      known.value = next.set(keyOf(url, allowFileUrls), identity);
    },
  };
  return { identityOf, handlers };
}

export type SiteNames = ReturnType<typeof createSiteNames>;
