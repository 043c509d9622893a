// An ABP page.* call's arguments are checked once, where they enter the background: the
// capability's schema holds the tool's whole schema (its fields and its rules across them), and
// the gate takes them as checked. The real capability table, the real gate and task board; the
// policy and the Action Log kept in memory.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageCapabilities } from '../../background/abp/capabilities/page';
import type { CallContext } from '../../background/abp/capability';
import { dispatch } from '../../background/abp/dispatch';
import { createTaskBoard } from '../../background/agent/task-board';
import { createGate } from '../../background/permissions/gate';
import { createPrompts } from '../../background/permissions/prompts';
import type { ActionLogEntry } from '../../background/storage/db';
import { TOOLS } from '../../background/tools/registry';
import { defaultPolicy } from '../../policy';
import { createConnectionReadings } from '../../background/abp/connection-readings';

const TAB = { id: 7, windowId: 1, url: 'https://shop.example/cart', title: 'Cart', active: true };

const ctx: CallContext = {
  signal: new AbortController().signal,
  runId: 'abp-session:one-check',
  flowRun: 'abp-page:one-check',
  caller: { id: 'abp-page:one-check', kind: 'abp-client' },
  requester: 'abp: agent',
};

/** Node has no extension APIs: the one tab, as `browser.tabs.get` reports it, each read counted. */
const tabReads = vi.fn(async (id: number) => {
  if (id !== TAB.id) throw new Error(`No tab with id: ${id}`);
  return TAB;
});
let restore: () => void;
beforeAll(() => {
  const browser = (globalThis as unknown as { browser: Record<string, unknown> }).browser;
  browser.tabs = { get: tabReads };
  restore = () => delete browser.tabs;
});
afterAll(() => restore());

function setUp() {
  const logged: ActionLogEntry[] = [];
  const policy = defaultPolicy();
  const gate = createGate({
    policy: { load: async () => policy, current: () => policy, update: async () => policy },
    prompts: createPrompts(
      () => undefined,
      () => undefined,
    ),
    log: { add: async (entry: ActionLogEntry) => void logged.push(entry) } as never,
    promptTimeoutMs: () => 60_000,
  });
  const table = new Map(
    pageCapabilities({
      gate,
      pages: undefined as never,
      crawl: undefined as never,
      tabs: createTaskBoard(() => undefined),
      connectionReadings: createConnectionReadings(async () => undefined),
    }).map((c) => [c.name, c]),
  );
  const call = (name: string, params: unknown) => dispatch(table, name, params, ctx, async () => undefined);
  return { call, logged };
}

describe('an ABP page call is checked once, at the background door', () => {
  it('arguments that break a rule of the tool get one clear INVALID_PARAMS, and nothing runs', async () => {
    const { call, logged } = setUp();
    tabReads.mockClear();
    const answer = await call('page.readListing', { tabId: TAB.id, from: 3, heading: 'Reviews' });
    expect(answer).toMatchObject({
      success: false,
      error: {
        code: 'INVALID_PARAMS',
        message: 'Invalid params for page.readListing: give one of from, around or heading',
      },
    });
    // Refused before the tab was looked up or the gate saw it: no entry, no question.
    expect(tabReads).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
  });

  it("a valid call's arguments go through the tool's schema once", async () => {
    const { call, logged } = setUp();
    const { entries } = TOOLS.get('get_page_content')?.params as unknown as { entries: Record<string, object> };
    const runs = vi.spyOn(entries.type as { '~run': () => unknown }, '~run');
    await call('page.getContent', { tabId: TAB.id, type: 'title' });
    // The gate went on with the call (it reached the tab and logged it), without checking it again.
    expect(logged.map((e) => e.toolName)).toContain('get_page_content');
    expect(runs).toHaveBeenCalledTimes(1);
  });
});
