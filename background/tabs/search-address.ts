import { blankLoaded } from './blank-tab';
import { browser } from '../../src/platform/browser';

// Neither browser tells an extension its default search engine's address: search.query only runs
// a query, and Firefox's search.get() gives the engines' names. So the browser runs the search
// itself, in a hidden tab of Bosun's whose page loads a session rule blocks: the address of the
// blocked request is the engine's, and the words never leave the browser before the gate has
// judged that address.

/** How long the browser has to start the search it is given. */
const SEARCH_START_MS = 5_000;
/** Session rule ids of these searches: below the Ollama rules' passing range (1000 up), above its one rule (1). */
const FIRST_RULE_ID = 100;
const LAST_RULE_ID = 999;
/** Rules of searches still running in this background; any other one in the range was left by a stopped one. */
const inFlight = new Set<number>();

/** Frees the rules a stopped background left behind and takes a free id for this search. */
async function takeRuleId(): Promise<number> {
  const left = (await browser.declarativeNetRequest.getSessionRules())
    .map((rule) => rule.id)
    .filter((id) => id >= FIRST_RULE_ID && id <= LAST_RULE_ID && !inFlight.has(id));
  if (left.length > 0) await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: left });
  for (let id = FIRST_RULE_ID; id <= LAST_RULE_ID; id++) {
    if (inFlight.has(id)) continue;
    inFlight.add(id);
    return id;
  }
  throw new Error('Too many searches are running at once.');
}

/** Blocks every page load of one tab, and only of that tab. */
const blockRule = (id: number, tabId: number) => ({
  id,
  priority: 1,
  action: { type: 'block' as const },
  condition: { tabIds: [tabId], resourceTypes: ['main_frame' as const] },
});

/**
 * The page request the tab makes next, once the rule has stopped it (its error event): only then
 * may the rule go. Rejects when the tab closes, the task stops, or nothing is requested in time.
 */
function stoppedRequest(tabId: number, signal: AbortSignal): { url: Promise<string>; stop(): void } {
  let stop = () => {};
  const url = new Promise<string>((resolve, reject) => {
    const onError = (details: { url: string; method: string }) => {
      // A form's POST would be lost by opening its address in a tab: the engine would get no words.
      if (details.method !== 'GET') finish(new Error('The default search engine cannot be opened at an address.'));
      else finish(details.url);
    };
    const onRemoved = (id: number) => {
      if (id === tabId) finish(new Error('The search tab was closed.'));
    };
    const onAbort = () => finish(new Error('Stopped.'));
    const timer = setTimeout(() => finish(new Error('The browser did not start the search.')), SEARCH_START_MS);
    const finish = (outcome: string | Error) => {
      stop();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    stop = () => {
      clearTimeout(timer);
      browser.webRequest.onErrorOccurred.removeListener(onError);
      browser.tabs.onRemoved.removeListener(onRemoved);
      signal.removeEventListener('abort', onAbort);
    };
    browser.webRequest.onErrorOccurred.addListener(onError, { urls: ['<all_urls>'], tabId, types: ['main_frame'] });
    browser.tabs.onRemoved.addListener(onRemoved);
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) onAbort();
  });
  // Handled here too: it may be settled (stopped, tab closed) while search.query is still awaited.
  url.catch(() => undefined);
  return { url, stop: () => stop() };
}

/**
 * Where the person's default search engine would take `query`, found without sending it anything.
 * The tab and the rule are gone when this returns or throws, whatever happened.
 */
export async function searchAddress(query: string, windowId: number | undefined, signal: AbortSignal): Promise<string> {
  // The rule blocks only requests to sites Bosun may reach (declarativeNetRequestWithHostAccess): a
  // person who took some sites away would have the words sent there unjudged.
  if (!(await browser.permissions.contains({ origins: ['<all_urls>'] })))
    throw new Error('Searching needs Bosun’s access to all sites, so that it can ask you before the search is sent.');
  const ruleId = await takeRuleId();
  let tabId: number | undefined;
  try {
    // No opener: the tab is not the task's to follow (tab-follower.ts).
    tabId = (await browser.tabs.create({ url: 'about:blank', active: false, windowId })).id;
    if (tabId === undefined) throw new Error('The browser did not open a tab to search in.');
    await blankLoaded(tabId);
    await browser.declarativeNetRequest.updateSessionRules({ addRules: [blockRule(ruleId, tabId)] });
    const stopped = stoppedRequest(tabId, signal);
    try {
      await browser.search.query({ text: query, tabId });
      return await stopped.url;
    } finally {
      stopped.stop();
    }
  } finally {
    // The tab goes before the rule, so nothing it might still load gets out.
    if (tabId !== undefined) await browser.tabs.remove(tabId).catch(() => undefined);
    await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [ruleId] });
    inFlight.delete(ruleId);
  }
}
