import { browser } from '../../src/platform/browser';
import { ContentResponses } from '../../src/protocol/background-to-content';
import { askContent, type TabSeen } from './content-client';
import { detachTab } from '../trusted/trusted-input';

const KEY = 'maskedTabs';
const masked = new Set<number>();
const save = () => browser.storage.session.set({ [KEY]: [...masked] }).catch(() => undefined);
const hideIn = async (tabId: number) => {
  await detachTab(tabId);
  await askContent(tabId, { type: 'HIDE_MASK' }, ContentResponses.ACTION).catch(() => undefined);
};

/**
 * The mask on the pages the agent acts on. Failing to show or hide it never fails the task:
 * a restricted or closed tab simply has no mask (and the page removes it on navigation). The
 * masked tabs are mirrored in `storage.session` (as the outlined ones are): a background that stops
 * mid-task cannot lift its masks, and its successor lifts them at once rather than the page after a minute.
 */
export const pageMask = {
  /** `seen`: the tab as the caller has just read it, so showing the mask does not read it again. */
  async show(tabId: number, seen?: TabSeen): Promise<void> {
    // Recorded without waiting: the mask's request must go out before this returns (see beginAction).
    if (!masked.has(tabId)) {
      masked.add(tabId);
      void save();
    }
    await askContent(tabId, { type: 'SHOW_MASK' }, ContentResponses.ACTION, undefined, seen).catch(() => undefined);
  },
  /** The task is over in these tabs: the mask goes, and so does trusted input's debugger (and Chrome's bar). */
  async hide(tabIds: Iterable<number>): Promise<void> {
    const tabs = [...tabIds];
    const forgotten = tabs.filter((tabId) => masked.delete(tabId)).length > 0;
    await Promise.all([forgotten ? save() : undefined, ...tabs.map(hideIn)]);
  },
  /** At background start no task runs yet: every mask still recorded was left by a stopped background. */
  async removeLeftovers(): Promise<void> {
    const left = ((await browser.storage.session.get(KEY))[KEY] as number[] | undefined) ?? [];
    await Promise.all(left.filter((id) => !masked.has(id)).map(hideIn));
    await save();
  },
};
