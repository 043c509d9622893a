import * as v from 'valibot';
import { action, Index, output } from './page-action';
import { here } from './targets';
import { defineTool } from './types';
import { READS_PAGE } from './annotations';

/**
 * mark_element, for ABP clients that drive the browser themselves (the MCP bridge): it names element
 * [index] in the content script's own world, where their privileged protocol finds it and the page
 * cannot move it. The page stays as it was, so the gate judges it as it judges reading the page. Not
 * offered to the chat's model, which acts by index anyway.
 */
export const markElement = defineTool({
  name: 'mark_element',
  description:
    "Name element [index] of the last page.read, and the control it stands for (itself, or the input of a listed label), as `mark` in the global `bosunMarked` of Bosun's content-script world, where a driver outside Bosun with privileged access to that world (the browser's debugging protocol) finds it; the page itself does not change and cannot move the name. Replaces the earlier mark.",
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
