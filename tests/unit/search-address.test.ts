import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (...args: never[]) => void;
type Rule = { id: number; action?: { type: string }; condition?: { tabIds?: number[]; resourceTypes?: string[] } };

/**
 * The browser as the search meets it: tabs that exist, session rules, the listeners it holds, and
 * what the browser does when told to search in a tab (`onQuery`), which each test sets.
 */
const fake = vi.hoisted(() => {
  const event = () => {
    const listeners = new Set<Listener>();
    return {
      listeners,
      addListener: (f: Listener) => void listeners.add(f),
      removeListener: (f: Listener) => void listeners.delete(f),
      fire: (...args: unknown[]) => [...listeners].forEach((f) => (f as (...a: unknown[]) => void)(...args)),
    };
  };
  const state = {
    allSites: true,
    tabs: new Set<number>(),
    nextTab: 10,
    rules: [] as Rule[],
    onQuery: (_tabId: number): void => {},
    onErrorOccurred: event(),
    onRemoved: event(),
  };
  const browser = {
    permissions: { contains: async () => state.allSites },
    tabs: {
      create: async () => {
        const id = state.nextTab++;
        state.tabs.add(id);
        return { id };
      },
      remove: async (id: number) => {
        if (!state.tabs.delete(id)) throw new Error(`No tab with id: ${id}.`);
      },
      // The new tab has loaded its about:blank by the time it is asked.
      get: async (id: number) => ({ id, status: 'complete' }),
      onRemoved: state.onRemoved,
      onUpdated: event(),
    },
    declarativeNetRequest: {
      getSessionRules: async () => [...state.rules],
      updateSessionRules: async ({
        removeRuleIds = [],
        addRules = [],
      }: {
        removeRuleIds?: number[];
        addRules?: Rule[];
      }) => {
        state.rules = [...state.rules.filter((r) => !removeRuleIds.includes(r.id)), ...addRules];
      },
    },
    webRequest: { onErrorOccurred: state.onErrorOccurred },
    search: { query: async ({ tabId }: { text: string; tabId: number }) => state.onQuery(tabId) },
  };
  return { state, browser };
});
vi.mock('webextension-polyfill', () => ({ default: fake.browser }));

const { searchAddress } = await import('../../background/tabs/search-address');
const { state } = fake;
const ENGINE = 'https://duckduckgo.com/?q=river+crossings';

/** The page load the browser starts in the tab, stopped by a rule that blocks that tab's pages (else never stopped). */
function blockedLoad(tabId: number, method = 'GET'): void {
  const blocked = state.rules.some(
    (r) =>
      r.action?.type === 'block' &&
      r.condition?.tabIds?.length === 1 &&
      r.condition.tabIds[0] === tabId &&
      r.condition.resourceTypes?.join() === 'main_frame',
  );
  if (blocked) state.onErrorOccurred.fire({ url: ENGINE, method, tabId, error: 'net::ERR_BLOCKED_BY_CLIENT' });
}

/** Nothing of the search is left: no tab, no rule of its range, no listener. */
function expectNothingLeft(keptRules: number[] = []): void {
  expect(state.tabs.size).toBe(0);
  expect(state.rules.map((r) => r.id)).toEqual(keptRules);
  expect(state.onErrorOccurred.listeners.size).toBe(0);
  expect(state.onRemoved.listeners.size).toBe(0);
}

describe("searchAddress: the engine's address, with nothing sent to it", () => {
  beforeEach(() => {
    state.allSites = true;
    state.tabs.clear();
    state.rules = [];
    state.onQuery = (tabId) => blockedLoad(tabId);
  });
  afterEach(() => vi.useRealTimers());

  it('reads the address of the load the rule blocked, then removes the tab and the rule', async () => {
    await expect(searchAddress('river crossings', 1, new AbortController().signal)).resolves.toBe(ENGINE);
    expectNothingLeft();
  });

  it('removes rules a stopped background left in its range, and keeps the Ollama rules', async () => {
    state.rules = [{ id: 1 }, { id: 150 }, { id: 1000 }];
    await expect(searchAddress('river crossings', 1, new AbortController().signal)).resolves.toBe(ENGINE);
    expectNothingLeft([1, 1000]);
  });

  it('refuses an engine that takes its words by POST, which an address cannot carry', async () => {
    state.onQuery = (tabId) => blockedLoad(tabId, 'POST');
    await expect(searchAddress('river crossings', 1, new AbortController().signal)).rejects.toThrow(
      'cannot be opened at an address',
    );
    expectNothingLeft();
  });

  it('stops when the task stops, and cleans up', async () => {
    const stop = new AbortController();
    state.onQuery = () => stop.abort();
    await expect(searchAddress('river crossings', 1, stop.signal)).rejects.toThrow('Stopped.');
    expectNothingLeft();
  });

  it('gives up when the person closes the search tab', async () => {
    state.onQuery = (tabId) => {
      state.tabs.delete(tabId);
      state.onRemoved.fire(tabId);
    };
    await expect(searchAddress('river crossings', 1, new AbortController().signal)).rejects.toThrow(
      'The search tab was closed.',
    );
    expectNothingLeft();
  });

  it('gives up when the browser starts no search in time', async () => {
    vi.useFakeTimers();
    state.onQuery = () => {};
    const searching = searchAddress('river crossings', 1, new AbortController().signal);
    const failed = expect(searching).rejects.toThrow('The browser did not start the search.');
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    expectNothingLeft();
  });

  it('without access to every site (where the rule would not apply), opens nothing', async () => {
    state.allSites = false;
    let searched = false;
    state.onQuery = () => {
      searched = true;
    };
    await expect(searchAddress('river crossings', 1, new AbortController().signal)).rejects.toThrow(
      'access to all sites',
    );
    expect(searched).toBe(false);
    expectNothingLeft();
  });
});
