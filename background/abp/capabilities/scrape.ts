import * as v from 'valibot';
import { AbpError } from '../../../src/abp/response';
import { browser } from '../../../src/platform/browser';
import { extractPage, inBackgroundTab, waitForSelectors } from '../../tabs/page-tabs';
import type { Gate } from '../../permissions/gate';
import { OPERATIONS } from '../../permissions/operations';
import { defineCapability, REACHES_SITES, type Capability } from '../capability';
import { requireAccess } from '../site-access';
import { HttpUrl } from '../params';

/** How long the picker waits for its selector to appear: pages often add content after they load. */
const SELECTOR_WAIT_MS = 5000;

/**
 * Reading a page is a read of its site: the gate decides first (a blocked site is not opened,
 * "ask" asks), and again for the site a redirect lands on, before anything is extracted.
 */
export const pickContent = (gate: Gate): Capability =>
  defineCapability({
    name: 'scrape.pickContent',
    annotations: REACHES_SITES,
    description:
      'Extract the content of a CSS selector (default body) on a URL: opens a background tab, extracts the HTML, markdown and text, closes the tab',
    params: v.strictObject({
      url: HttpUrl,
      selector: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(2000))),
      useIncognito: v.optional(v.boolean()),
    }),
    handle: async ({ url, selector = 'body', useIncognito }, call) => {
      const { signal } = call;
      // Bosun does not ask for access to private windows, so it cannot open one.
      if (useIncognito)
        throw new AbpError('CAPABILITY_UNAVAILABLE', 'useIncognito: Bosun has no access to private windows.');
      await requireAccess(gate, OPERATIONS.pickContent, [url], call);
      const page = await inBackgroundTab(url, signal, async (tabId) => {
        const landed = (await browser.tabs.get(tabId)).url;
        if (landed && URL.canParse(landed) && new URL(landed).origin !== new URL(url).origin)
          await requireAccess(gate, OPERATIONS.pickContent, [landed], call);
        await waitForSelectors(tabId, [selector], signal, SELECTOR_WAIT_MS);
        return extractPage(tabId, signal, selector);
      });
      return {
        url: page.url,
        title: page.title,
        html: page.html,
        markdown: page.markdown,
        text: page.text,
        metadata: page.metadata,
      };
    },
  });
