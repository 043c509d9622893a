import { ContentResponses } from '../../src/protocol/background-to-content';
import { askContent, type TabSeen } from './content-client';
import { detachTab } from '../trusted/trusted-input';

/**
 * The mask on the pages the agent acts on. Failing to show or hide it never fails the task:
 * a restricted or closed tab simply has no mask (and the page removes it on navigation).
 */
export const pageMask = {
  /** `seen`: the tab as the caller has just read it, so showing the mask does not read it again. */
  async show(tabId: number, seen?: TabSeen): Promise<void> {
    await askContent(tabId, { type: 'SHOW_MASK' }, ContentResponses.ACTION, undefined, seen).catch(() => undefined);
  },
  /** The task is over in these tabs: the mask goes, and so does trusted input's debugger (and Chrome's bar). */
  async hide(tabIds: Iterable<number>): Promise<void> {
    await Promise.all(
      [...tabIds].map(async (tabId) => {
        await detachTab(tabId);
        await askContent(tabId, { type: 'HIDE_MASK' }, ContentResponses.ACTION).catch(() => undefined);
      }),
    );
  },
};
