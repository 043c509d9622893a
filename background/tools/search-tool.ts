import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import { navigateTab } from '../tabs/navigation';
import { arrivedAt } from './targets';
import { defineTool } from './types';

export const searchWeb = defineTool({
  name: 'search_web',
  description:
    "Search the web with the person's default search engine, in the current tab. Then read the page to see the results.",
  level: 'navigate',
  params: v.object({ query: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)) }),
  target: async (args, ctx) => ({
    url: (await browser.tabs.get(ctx.tabId)).url ?? '',
    summary: `search the web for "${args.query}"`,
  }),
  async run(args, ctx) {
    // A search always leaves the page it starts from.
    const from = (await browser.tabs.get(ctx.tabId)).url;
    const page = await navigateTab(
      ctx.tabId,
      ctx.signal,
      () => browser.search.query({ text: args.query, tabId: ctx.tabId }),
      from,
    );
    if (!page) return { success: false, text: 'The search page did not open.' };
    return arrivedAt(page, `Searched for "${args.query}"`, 'the results');
  },
});
