import * as v from 'valibot';
import { action, Index, output } from './page-action';
import { here } from './targets';
import { defineTool } from './types';
import { READS_PAGE } from './annotations';

/**
 * mark_element, for ABP clients that drive the browser themselves (the MCP bridge): it puts an
 * attribute on element [index] so their own protocol can find it. The page's content and what it
 * sends stay as they were, so the gate judges it as it judges reading the page. Not offered to the chat's
 * model, which acts by index anyway.
 */
export const markElement = defineTool({
  name: 'mark_element',
  description:
    'Put the attribute data-bosun-mark="<mark>" on element [index] of the last page.read and data-bosun-mark-control on the control it stands for (itself, or the input of a listed label), so a driver outside Bosun can address it with a CSS selector. Removes earlier marks.',
  level: 'read-only',
  annotations: READS_PAGE,
  abp: 'page.act',
  params: v.object({
    index: Index,
    mark: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/, 'lowercase letters, digits and -')),
  }),
  // Judged as reading the page: the element is named, not used, so what it would do (buy, delete) does not count.
  target: here,
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'MARK_ELEMENT',
        payload: { index: args.index, snapshotId: ctx.snapshotId(ctx.tabId) ?? '', mark: args.mark },
      }),
    ),
});
