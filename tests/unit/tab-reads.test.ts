import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunContext, ToolContext } from '../../background/tools/types';

/** The browser's tabs API as a click meets it: every read of the tab and every message to the page is counted. */
const calls = { get: 0, sendMessage: [] as string[] };
vi.mock('webextension-polyfill', () => {
  const listeners = { addListener: () => {}, removeListener: () => {} };
  return {
    default: {
      tabs: {
        get: async (id: number) => {
          calls.get += 1;
          return { id, url: 'https://shop.example/cart', status: 'complete', active: true, windowId: 1 };
        },
        sendMessage: async (_id: number, message: { type: string }) => {
          calls.sendMessage.push(message.type);
          return message.type === 'DESCRIBE_TARGET'
            ? { found: true, role: 'button', label: 'Add to cart' }
            : { success: true, message: 'Clicked' };
        },
        onUpdated: listeners,
        onRemoved: listeners,
        onCreated: listeners,
      },
    },
  };
});

const { clickElement } = await import('../../background/tools/page-tools');

function context(actionTab?: ToolContext['actionTab']): RunContext {
  return {
    tabId: 7,
    signal: new AbortController().signal,
    bindTab: () => {},
    snapshotId: () => 'snap-1',
    rememberSnapshot: () => {},
    ...(actionTab ? { actionTab } : {}),
    pages: {} as ToolContext['pages'],
    readings: new Set(),
    crawl: {} as ToolContext['crawl'],
    target: { url: 'https://shop.example/' },
    // A click reports on no other site.
    readAccess: () => Promise.reject(new Error('a click asks about no other site')),
  };
}

beforeEach(() => {
  calls.get = 0;
  calls.sendMessage = [];
});

describe('a click reads its tab', () => {
  it('once to describe its target for the gate, the address shared by the description', async () => {
    const target = await clickElement.target({ index: 3 }, context());
    expect(target).toMatchObject({ url: 'https://shop.example/cart', label: 'Add to cart' });
    expect(calls).toEqual({ get: 1, sendMessage: ['DESCRIBE_TARGET'] });
  });

  it('not again when it runs, once allowed: the reading taken then is reused', async () => {
    const output = await clickElement.run(
      { index: 3 },
      context(() => ({ url: 'https://shop.example/cart' })),
    );
    expect(output.success).toBe(true);
    expect(calls).toEqual({ get: 0, sendMessage: ['CLICK_ELEMENT'] });
  });

  it('once when it runs where no one read the tab for it', async () => {
    await clickElement.run({ index: 3 }, context());
    expect(calls).toEqual({ get: 1, sendMessage: ['CLICK_ELEMENT'] });
  });
});
