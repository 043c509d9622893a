import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createAbpRouter } from '../../background/abp/abp-routes';
import { createCallTracker } from '../../background/abp/caller';
import type { CallContext } from '../../background/abp/capability';
import { crawlCapabilities } from '../../background/abp/capabilities/crawl';
import { createCrawler } from '../../background/crawl/crawler';
import { crawlSiteCheck } from '../../background/crawl/site-check';
import { libraryControl } from '../../background/library/library-control';
import { libraryView } from '../../background/library/library-view';
import { createGate } from '../../background/permissions/gate';
import { operationNamed, type Operation } from '../../background/permissions/operations';
import { createPrompts } from '../../background/permissions/prompts';
import { TOOLS } from '../../background/tools/registry';
import type { ToolContext } from '../../background/tools/types';
import { stepTabRefusal } from '../../background/workflows/workflow-run';
import { defaultPolicy, type HarborPolicy } from '../../policy';
import { openBosunDb } from '../../background/storage/db';
import { createCrawlLibrary } from '../../background/storage/crawl-library';
import type { ActionLogEntry } from '../../background/storage/db';

const SITE = 'https://docs.example/guide';

/**
 * The real gate, with every level denied so nothing runs (no tab, no crawl): the policy and the log
 * kept in memory, the crawl library in an in-memory IndexedDB.
 */
function setUp() {
  const base = defaultPolicy();
  const policy: HarborPolicy = {
    ...base,
    defaults: { 'read-only': 'deny', navigate: 'deny', interact: 'deny', submit: 'deny' },
  };
  const logged: ActionLogEntry[] = [];
  const gate = createGate({
    policy: { load: async () => policy, current: () => policy, update: async () => policy },
    prompts: createPrompts(
      () => {},
      () => {},
    ),
    log: { add: async (entry: ActionLogEntry) => void logged.push(entry) } as never,
    promptTimeoutMs: () => 60_000,
  });
  const library = createCrawlLibrary(openBosunDb(`operation-levels-${Math.random()}`));
  const crawler = createCrawler(library, (work) => work, crawlSiteCheck(gate));
  return { gate, logged, library, crawler };
}

const signal = () => new AbortController().signal;
const call = (): CallContext => ({
  signal: signal(),
  runId: 'abp-page:test',
  flowRun: 'abp-page:test',
  caller: { id: 'abp-page:test', kind: 'abp-client' },
  requester: 'abp: research-agent',
});

describe('a crawl, a tab and a navigation are judged at one level, whoever asks', () => {
  it('the chat, a workflow step, ABP, the Library and the bridge each meet the gate at the declared level', async () => {
    const { gate, logged, library, crawler } = setUp();
    const asked: { requester: string; kind: 'crawl' | 'tab' | 'navigation'; from: number }[] = [];
    const mark = (requester: string, kind: 'crawl' | 'tab' | 'navigation') =>
      asked.push({ requester, kind, from: logged.length });

    // The chat: its tools, through gate.run.
    const ctx = { tabId: 1, signal: signal() } as ToolContext;
    for (const [kind, name, args] of [
      ['crawl', 'crawl_site', { url: SITE }],
      ['tab', 'open_tab', { url: SITE }],
      ['navigation', 'navigate', { url: SITE }],
    ] as const) {
      mark('chat', kind);
      expect((await gate.run({ name, args, runId: 'chat-run', requester: 'chat' }, ctx)).outcome).toBe('denied');
    }

    // A workflow step opening its site.
    mark('workflow', 'tab');
    expect(await stepTabRefusal(gate, SITE, 1, 'workflow-run', signal())).not.toBeNull();

    // ABP: crawl.start and crawl.resume.
    const [start, , , resume] = crawlCapabilities(crawler, gate);
    mark('abp crawl.start', 'crawl');
    await expect(start!.handle({ urls: SITE }, call())).rejects.toThrow(/denied|blocked|Denied/);
    // The question and the log name the agent, as page.act's do.
    expect(logged.at(-1)?.details).toMatch(/^abp: research-agent: /);
    const job = await library.createJob([SITE]);
    await library.updateJob(job.id, { status: 'cancelled' });
    mark('abp crawl.resume', 'crawl');
    await expect(resume!.handle({ jobId: job.id }, call())).rejects.toThrow(/Denied/);

    // The person's Library view resuming a crawl.
    mark('library', 'crawl');
    const control = libraryControl(
      crawler,
      gate,
      libraryView(library, async () => null),
    );
    expect(await control.resume(job.id)).toMatchObject({ reason: expect.stringMatching(/not resumed/) });

    // The MCP bridge's own tabs and navigation (ABP_AUTHORIZE names the operation, never a level; its
    // crawls are ABP crawl.start above).
    const route = createAbpRouter({
      capabilities: new Map(),
      recordFailure: async () => {},
      gate,
      updatePolicy: async (change) => change(defaultPolicy()),
      toolNames: [...TOOLS.keys()],
    });
    for (const [kind, operation] of [
      ['tab', 'browser_tabs.open'],
      ['navigation', 'browser_navigate.open'],
    ] as const) {
      mark('bridge', kind);
      const message = { type: 'ABP_AUTHORIZE', payload: { requestId: 'r', operation, url: SITE } };
      const answer = await route(message, 'extension-page', {
        signal: signal(),
        calls: createCallTracker(),
        runId: 'abp-page:test',
        caller: 'abp-client',
      });
      expect(JSON.stringify(answer)).toContain('PERMISSION_DENIED');
    }

    const levels = new Map<string, Set<string>>();
    asked.forEach(({ requester, kind, from }, i) => {
      const entries = logged.slice(from, asked[i + 1]?.from ?? logged.length);
      expect(entries, `${requester}'s ${kind}`).toHaveLength(1);
      const each = levels.get(kind) ?? new Set();
      each.add(entries[0]!.permissionLevel);
      levels.set(kind, each);
    });
    expect(Object.fromEntries([...levels].map(([kind, each]) => [kind, [...each]]))).toEqual({
      crawl: ['navigate'],
      tab: ['navigate'],
      navigation: ['navigate'],
    });
  });
});

describe('the gate takes an operation, never a bare level', () => {
  it('has no way to write a level at the call: only a declaration makes an Operation', () => {
    // The build's type check fails when a name and a level written by a caller pass for an Operation.
    // @ts-expect-error a caller's own name and level are not a declared Operation
    const written: Operation = { name: 'crawl_site', level: 'read-only' };
    expect(operationNamed('crawl_site')?.level).toBe('navigate');
    expect(written.level).toBe('read-only');
  });
});
