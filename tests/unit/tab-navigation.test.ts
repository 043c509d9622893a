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
const later = (ms: number, step: () => void) => setTimeout(step, ms);

describe('navigateTab', () => {
  it('does not take the page being left for the arrival when the new load is reported before its address (Firefox under load)', async () => {
    Object.assign(tab, { url: 'http://shop.test/product.html', status: 'complete' });
    const arrival = await navigateTab(
      7,
      new AbortController().signal,
      async () => {
        later(20, () => update({ status: 'loading' }));
        later(100, () => update({ status: 'complete' }));
        later(250, () => update({ url: 'https://search.test/?q=river' }));
      },
      'http://shop.test/product.html',
    );
    expect(arrival).toEqual({ url: 'https://search.test/?q=river', title: '', loaded: true });
  });

  it('arrives at the address it left when a new document loaded there (the same search again)', async () => {
    Object.assign(tab, { url: 'https://search.test/?q=river', status: 'complete' });
    const arrival = await navigateTab(
      7,
      new AbortController().signal,
      async () => {
        later(50, () => update({ status: 'loading' }));
        later(200, () => update({ status: 'complete' }));
      },
      'https://search.test/?q=river',
    );
    expect(arrival).toEqual({ url: 'https://search.test/?q=river', title: '', loaded: true });
  });

  it('is null when the tab never starts loading', async () => {
    Object.assign(tab, { url: 'http://shop.test/', status: 'complete' });
    expect(await navigateTab(7, new AbortController().signal, async () => {})).toBeNull();
  });
});
