import { browser } from '../../src/platform/browser';
import { ContentResponses } from '../../src/protocol/background-to-content';
import { askContent } from '../content-channel/content-client';

const KEY = 'outlinedTabs';
const outlined = new Set<number>();

const save = () => browser.storage.session.set({ [KEY]: [...outlined] });
const takeOff = (tabId: number) =>
  askContent(tabId, { type: 'CLEAN_UP_HIGHLIGHTS' }, ContentResponses.ACTION).then(
    () => undefined,
    () => undefined, // the tab closed or left the page: the outline went with it
  );

/**
 * The tabs that show a permission question's outline, mirrored in `storage.session` (as the crawl's
 * tabs are): a background that stops while a question is open loses the question, and its successor
 * takes the outline it left off the page.
 */
export const outlinedTabs = {
  async add(tabId: number): Promise<void> {
    outlined.add(tabId);
    await save();
  },
  async remove(tabId: number): Promise<void> {
    outlined.delete(tabId);
    await takeOff(tabId);
    await save();
  },
  /** At background start no question is open: every outline still recorded was left by a stopped one. */
  async removeLeftovers(): Promise<void> {
    const left = ((await browser.storage.session.get(KEY))[KEY] as number[] | undefined) ?? [];
    await Promise.all(left.filter((id) => !outlined.has(id)).map(takeOff));
    await save();
  },
};
