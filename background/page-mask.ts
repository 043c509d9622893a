import { ContentResponses } from '../src/protocol/background-to-content';
import { askContent } from './content-client';

/**
 * The mask on the pages the agent acts on. Failing to show or hide it never fails the task:
 * a restricted or closed tab simply has no mask (and the page removes it on navigation).
 */
export const pageMask = {
  async show(tabId: number): Promise<void> {
    await askContent(tabId, { type: 'SHOW_MASK' }, ContentResponses.ACTION).catch(() => undefined);
  },
  async hide(tabIds: Iterable<number>): Promise<void> {
    await Promise.all([...tabIds].map((tabId) => askContent(tabId, { type: 'HIDE_MASK' }, ContentResponses.ACTION).catch(() => undefined)));
  },
};
