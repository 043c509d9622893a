// What the tools that name elements by reference share: the last browser_snapshot of each browser's
// working tab (the page engine's listing, whose [numbers] are the references), and the page.act call
// that acts on one of its elements, so Bosun's gate judges it with the MCP client named as the one asking.
import * as v from 'valibot';
import { assertWebPage } from './browser-tool-parts';
import type { EngineTab } from '../engines/engine';
import { abpError, ToolError } from '../server/errors';
import type { LiveBrowser } from '../server/session';
import type { CallInfo, ToolOutput } from '../server/tool';

interface Snapshot {
  url: string;
  tabId: number;
}

/** The tab each browser's last snapshot was taken of, at the address it showed then. */
const snapshots = new WeakMap<LiveBrowser, Snapshot>();
/** Each working tab's id in the extension, asked once: a tab keeps its id while it is open. */
const tabIds = new WeakMap<EngineTab, number>();

export const rememberSnapshot = (browser: LiveBrowser, snapshot: Snapshot) => snapshots.set(browser, snapshot);

/** The working tab's id in the extension, which ABP calls name it by; null while its document has no content script. */
async function extensionTabId(tab: EngineTab): Promise<number | null> {
  const known = tabIds.get(tab);
  if (known !== undefined) return known;
  const tabId = await tab.extensionTabId().catch((error: unknown) => {
    throw new ToolError(
      `Bosun could not say which of its tabs the working tab is: ${error instanceof Error ? error.message : String(error)}.`,
      'Load the page again (browser_navigate to its address), then call again.',
    );
  });
  if (tabId !== null) tabIds.set(tab, tabId);
  return tabId;
}

export const Ref = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(0),
  v.description('The [number] of an element in the last browser_snapshot'),
);

/** Either a reference from the last snapshot or a selector, not both. */
export const oneTarget = <T extends { selector?: string; ref?: number }>() =>
  v.check<T, string>(
    (a) => (a.selector === undefined) !== (a.ref === undefined),
    'give either ref (from browser_snapshot) or selector',
  );

/**
 * The working tab, its address, its id in the extension (null while no content script can say
 * it), and the last snapshot while the tab still shows the snapshot's page.
 */
export async function workingTab(
  browser: LiveBrowser,
): Promise<{ tab: EngineTab; url: string; tabId: number | null; snapshot: Snapshot | null }> {
  const tab = await browser.tab();
  assertWebPage(tab);
  const url = tab.url();
  const tabId = await extensionTabId(tab);
  const shot = snapshots.get(browser);
  // Another tab showing the same address is not the snapshot's.
  const current = shot?.url === url && (tabId === null || shot.tabId === tabId);
  return { tab, url, tabId, snapshot: current ? shot : null };
}

/** The last snapshot, if the working tab still shows its page; otherwise the error saying to take a new one. */
export async function currentSnapshot(browser: LiveBrowser): Promise<Snapshot> {
  const { url, snapshot } = await workingTab(browser);
  if (snapshot) return snapshot;
  const shot = snapshots.get(browser);
  throw new ToolError(
    shot
      ? `The working tab shows ${url} now, not the page of the last snapshot (${shot.url}): its references no longer name elements.`
      : 'No snapshot of the working tab has been taken: there are no references yet.',
    'Call browser_snapshot, then use the references it lists.',
  );
}

/** One page-engine action on the working tab, its elements named by the last snapshot's references. */
export async function actByRef(
  browser: LiveBrowser,
  call: CallInfo,
  action: string,
  args: Record<string, unknown>,
): Promise<ToolOutput> {
  const { url, tabId } = await currentSnapshot(browser);
  const response = await (await browser.abp()).call('page.act', { tabId, action, args }, call);
  if (!response.success) throw abpError('page.act', response);
  const { decision, result } = response.data as { decision: string; result: string };
  return { summary: result, data: { url, decision, result } };
}
