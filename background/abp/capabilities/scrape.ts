import * as v from 'valibot';
import { AbpError } from '../../../src/abp/response';
import { extractPage, inBackgroundTab, waitForSelectors } from '../../library/page-tabs';
import { defineCapability } from '../capability';
import { HttpUrl } from '../params';

/** How long the picker waits for its selector to appear: pages often add content after they load. */
const SELECTOR_WAIT_MS = 5000;

export const pickContent = defineCapability({
  name: 'scrape.pickContent',
  description:
    'Extract the content of a CSS selector (default body) on a URL: opens a background tab, extracts the HTML, markdown and text, closes the tab',
  params: v.strictObject({
    url: HttpUrl,
    selector: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(2000))),
    useIncognito: v.optional(v.boolean()),
  }),
  handle: async ({ url, selector = 'body', useIncognito }, { signal }) => {
    // Bosun does not ask for access to private windows, so it cannot open one.
    if (useIncognito)
      throw new AbpError('CAPABILITY_UNAVAILABLE', 'useIncognito: Bosun has no access to private windows.');
    const page = await inBackgroundTab(url, signal, async (tabId) => {
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
