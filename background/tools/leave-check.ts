import { ContentResponses } from '../../src/protocol/background-to-content';
import { askContent } from '../content-channel/content-client';
import { dialogsReport } from './dialogs-report';
import type { ToolContext, ToolOutput } from './types';

/**
 * Before a tool leaves the page in `tabId` (navigate, reload, history, close): the answer to give
 * instead when the page asks to confirm leaving and the model has not accepted that, else null.
 * Only a page Bosun acts in is checked (see content/page-world/leave-page.ts); a tab without
 * Bosun's content script (a browser page) has no prompt Bosun could check, and is left.
 */
export async function leaveRefused(ctx: ToolContext, tabId: number): Promise<ToolOutput | null> {
  const reply = await askContent(tabId, { type: 'CHECK_LEAVE' }, ContentResponses.ACTION, ctx.signal).catch(() => null);
  const dialogs = reply?.dialogs ?? [];
  if (!dialogs.some((d) => d.type === 'beforeunload' && !d.accepted)) return null;
  return { success: false, text: dialogsReport(dialogs) };
}
