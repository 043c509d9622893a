import { describe, expect, it, vi } from 'vitest';

type Change = { status?: string; url?: string };
/** One tab as the tabs API shows it: what tabs.get answers, and the onUpdated events, in the order sent. */
const tab = { url: '', status: 'complete', title: '' };
const listeners = new Set<(id: number, change: Change) => void>();
const update = (change: Change) => {
  Object.assign(tab, change);
  for (const listener of [...listeners]) listener(7, change);
};
vi.mock('webextension-polyfill', () => ({
  default: {
    tabs: {
      get: async () => ({ ...tab }),
      onUpdated: {
        addListener: (l: (id: number, change: Change) => void) => listeners.add(l),
        removeListener: (l: (id: number, change: Change) => void) => listeners.delete(l),
      },
    },
  },
}));

const { navigateTab } = await import('../../background/tabs/navigation');

/**
 * Navigates tab 7 from `from`, leaving it: `changes` are the tab's updates the browser then reports,
 * each after its delay in milliseconds.
 */
function leave(from: string, changes: [number, Change][]) {
  Object.assign(tab, { url: from, status: 'complete' });
  const start = async () => {
    for (const [ms, change] of changes) setTimeout(() => update(change), ms);
  };
  return navigateTab(7, new AbortController().signal, start);
}

describe('navigateTab', () => {
  it('does not take the page being left for the arrival when the new load is reported before its address (Firefox under load)', async () => {
    const arrival = await leave('http://shop.test/product.html', [
      [20, { status: 'loading' }],
      [100, { status: 'complete' }],
      [250, { url: 'https://search.test/?q=river' }],
    ]);
    expect(arrival).toEqual({ url: 'https://search.test/?q=river', title: '', loaded: true });
  });

  it('arrives at the address it left when a new document loaded there (the same search again)', async () => {
    const arrival = await leave('https://search.test/?q=river', [
      [50, { status: 'loading' }],
      [200, { status: 'complete' }],
    ]);
    expect(arrival).toEqual({ url: 'https://search.test/?q=river', title: '', loaded: true });
  });

  it('is null when the tab never starts loading', async () => {
    Object.assign(tab, { url: 'http://shop.test/', status: 'complete' });
    // The wait for a load to start is seconds long: the clock is moved on instead of waited for.
    vi.useFakeTimers();
    try {
      const arrival = navigateTab(7, new AbortController().signal, async () => {});
      await vi.runAllTimersAsync();
      expect(await arrival).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
