import { browser } from '../../src/platform/browser';
import type { TabReading } from '../tools/types';
import { openedByTool } from '../tabs/tool-tabs';

/** How long after an action a new tab still counts as opened by it (tabs open asynchronously). */
const AFTER_ACTION_MS = 1500;

/**
 * Notes when the task's tab is closed, and moves a task into the tab its bound tab opens (a link with target=_blank, window.open), as the
 * person is taken along. Chrome records the window's active tab, not the page that opened it, as
 * the opener of a tab opened from a background tab; so while an action runs in a background tab,
 * and shortly after, a tab "opened by" the tab that was active when it started counts as its own.
 */
export function createTabFollower(bound: () => number, bind: (tabId: number) => void) {
  /** Until when a new tab counts as opened by the action: Infinity while it runs, 0 before any. */
  let actionEnds = 0;
  /**
   * The window's active tab when the last action started in a background tab. Read while the
   * action starts, not before it: a tab the action opens is created after that reading.
   */
  let activeElsewhere: Promise<number | undefined> = Promise.resolve(undefined);
  const onCreated = (tab: { id?: number; openerTabId?: number }) => {
    const { id, openerTabId } = tab;
    if (id === undefined || openerTabId === undefined) return;
    // Read now: the bound tab and the action's time are as they were when the tab was opened.
    const fromBound = openerTabId === bound();
    const inAction = Date.now() <= actionEnds;
    if (!fromBound && !inAction) return;
    const active = activeElsewhere;
    // A tab a tool opened is its own task's, which binds it (another task may have opened it meanwhile).
    void openedByTool(id).then(async (byTool) => {
      if (byTool) return;
      if (fromBound || openerTabId === (await active)) bind(id);
    });
  };
  /** The bound tab when it was closed; the task has moved on when it is bound elsewhere since (close_tab does). */
  let closed: number | undefined;
  const onRemoved = (tabId: number) => {
    if (tabId === bound()) closed = tabId;
  };
  return {
    start: () => {
      browser.tabs.onCreated.addListener(onCreated);
      browser.tabs.onRemoved.addListener(onRemoved);
    },
    stop: () => {
      browser.tabs.onCreated.removeListener(onCreated);
      browser.tabs.onRemoved.removeListener(onRemoved);
    },
    /** The tab the task works in was closed under it (by the person, or by a page), and it did not move to another. */
    lost: () => closed !== undefined && closed === bound(),
    /**
     * The action itself starts (after any question to the person, who may have moved to another tab).
     * Gives back the bound tab as it was read (`known`: just read by the caller), or null when it is
     * gone. A read opens no tab: the active tab is looked up for actions only (`acts`).
     */
    async begin(acts: boolean, known?: TabReading): Promise<{ url: string | undefined } | null> {
      const ours = known?.id === bound() ? known : await browser.tabs.get(bound()).catch(() => undefined);
      if (acts)
        activeElsewhere =
          ours && !ours.active
            ? browser.tabs.query({ active: true, windowId: ours.windowId }).then(
                ([active]) => active?.id,
                () => undefined,
              )
            : Promise.resolve(undefined);
      actionEnds = Infinity;
      return ours ? { url: ours.url } : null;
    },
    /** Runs a call that may act in the bound tab; the call invokes `begin` when its action starts. */
    async around<T>(call: () => Promise<T>): Promise<T> {
      actionEnds = 0;
      try {
        return await call();
      } finally {
        if (actionEnds === Infinity) actionEnds = Date.now() + AFTER_ACTION_MS;
      }
    },
  };
}
