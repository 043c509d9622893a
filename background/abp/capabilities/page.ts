import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { AbpError } from '../../../src/abp/response';
import { browser } from '../../../src/platform/browser';
import type { PageCache } from '../../storage/page-cache';
import type { Gate, GateResult } from '../../permissions/gate';
import type { Tool, ToolContext } from '../../tools/types';
import { readingPages } from '../../tools/readings';
import { defineCapability, ACTS_ON_SITES, READS_SITES, type CallContext, type Capability } from '../capability';
import { asCaller } from '../caller';
import { HttpUrl, TabId } from '../params';
import { toolOfferedAs, toolsOfferedAs } from '../tool-params';
import { pagePartCapabilities, tabAndArgs } from './page-parts';
import type { TaskBoard } from '../../agent/task-board';
import { tabInUse } from '../../agent/tab-holder';
import type { ConnectionReadings } from '../connection-readings';

/** The page engine's actions an agent may ask for: the tools that declare page.act as theirs. */
const ACTIONS: readonly Tool[] = toolsOfferedAs('page.act');
const readPage = toolOfferedAs('page.read');

/** "click_element {index?: integer, selector?: string}": each action's args, from the schema the gate checks them with. */
function argsSummary(tool: Tool): string {
  const schema = toJsonSchema(tool.params, { errorMode: 'ignore' }) as {
    properties?: Record<string, { type?: string }>;
    required?: string[];
  };
  const fields = Object.entries(schema.properties ?? {}).map(
    ([name, field]) => `${name}${schema.required?.includes(name) ? '' : '?'}: ${field.type ?? 'any'}`,
  );
  return `${tool.name} {${fields.join(', ')}}`;
}

/**
 * The gate's answer as an ABP result: its refusals keep their meaning (a deny is
 * PERMISSION_DENIED, bad arguments, such as a selector that does not parse, INVALID_PARAMS); a
 * wait that ran out is a TIMEOUT, any other failed action an OPERATION_FAILED.
 */
function settle(result: GateResult): GateResult {
  if (result.decision === 'invalid' || result.failure === 'invalid-args')
    throw new AbpError('INVALID_PARAMS', `args: ${result.text}`);
  if (result.outcome === 'denied')
    throw new AbpError('PERMISSION_DENIED', `${result.text} (decision: ${result.decision})`);
  if (result.failure === 'timeout') throw new AbpError('TIMEOUT', result.text);
  if (result.outcome === 'failed') throw new Error(result.text);
  return result;
}

/** The tab a call names: by id, or the open tab showing the URL. */
async function resolveTab(params: { tabId?: number; url?: string }): Promise<number> {
  if (params.tabId !== undefined) {
    const tab = await browser.tabs.get(params.tabId).catch(() => null);
    if (tab?.id === undefined) throw new AbpError('INVALID_PARAMS', `tabId: there is no tab ${params.tabId}.`);
    return tab.id;
  }
  const tabs = await browser.tabs.query({});
  const showing = tabs
    .filter((tab) => tab.url === params.url)
    .sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
  if (showing?.id === undefined) throw new AbpError('INVALID_PARAMS', `url: no open tab shows ${params.url}.`);
  return showing.id;
}

type PageDeps = {
  gate: Gate;
  pages: PageCache;
  crawl: ToolContext['crawl'];
  /** Which task or caller holds which tab: a call runs only in a tab nobody else works in, and holds it meanwhile. */
  tabs: Pick<TaskBoard, 'hold' | 'letGo'>;
  /** What each connection read: let go when it ends. */
  connectionReadings: Pick<ConnectionReadings, 'remember'>;
};

/**
 * Runs `work` while the caller holds the tab: a tab a running task (or another caller) works in
 * is refused, naming who, and nothing runs; the tab is let go once the call ends.
 */
async function holdingTab<T>(tabs: PageDeps['tabs'], tabId: number, call: CallContext, work: () => Promise<T>) {
  const holder = tabs.hold(call.caller, tabId);
  if (holder)
    throw new AbpError(
      'PERMISSION_DENIED',
      `${tabInUse(tabId, holder, call.caller.kind)} Use a tab of your own, or wait until that task has ended. (decision: tab-held)`,
    );
  try {
    return await work();
  } finally {
    tabs.letGo(call.caller.id, tabId);
  }
}

/** Runs one of Bosun's tools on a tab through the gate, for an ABP caller. */
function toolRunner(deps: PageDeps) {
  // Index-based actions refer to the last page.read of their tab, as in a chat task.
  const snapshots = new Map<number, string>();
  // What ABP calls had read: recalled without a question; a page a chat task read asks.
  const readings = new Set<string>();
  const pages = readingPages(deps.pages, readings);
  return (name: string, args: unknown, tabId: number, call: CallContext, argsChecked: boolean) => {
    const ctx: ToolContext = {
      tabId,
      signal: call.signal,
      // Every ABP call names its tab, so there is no binding to move.
      bindTab: () => {},
      snapshotId: (id) => snapshots.get(id),
      rememberSnapshot: (id, snapshotId) => {
        snapshots.set(id, snapshotId);
        deps.connectionReadings.remember(call.flowRun, id, snapshotId);
      },
      pages,
      readings,
      crawl: deps.crawl,
    };
    return holdingTab(deps.tabs, tabId, call, () =>
      asCaller(() =>
        deps.gate.run(
          {
            name,
            args,
            ...(argsChecked ? { argsChecked: true as const } : {}),
            // A session's calls share its run: a deny is remembered for it, and its grants apply.
            runId: call.runId,
            flowRun: call.flowRun,
            requester: call.requester,
            ...(call.questionTimeoutMs !== undefined ? { questionTimeoutMs: call.questionTimeoutMs } : {}),
            ...(call.scope ? { scope: call.scope } : {}),
          },
          ctx,
        ),
      ),
    ).then(settle);
  };
}

/**
 * page.read and page.act: Bosun's own tools, run through the permission gate like the chat's, so
 * the same policy decides, the person is asked in the sidebar when the policy says so (the
 * question names the ABP client as the requester), and every call is in the Action Log.
 */
export function pageCapabilities(deps: PageDeps): Capability[] {
  const run = toolRunner(deps);
  return [
    defineCapability({
      name: 'page.read',
      annotations: READS_SITES,
      description:
        "Read an open tab (by tabId, or the tab showing url): its text as markdown and the indexed list of elements page.act can use. Where a long page's listing is cut, page.readListing and page.getContent read the rest. Through Bosun's permission policy.",
      params: tabAndArgs(readPage),
      handle: async ({ tabId: id, url, ...args }, call) => {
        const tabId = await resolveTab({
          ...(id !== undefined ? { tabId: id } : {}),
          ...(url !== undefined ? { url } : {}),
        });
        // Checked once, by this capability's schema, which holds the tool's own entries.
        const result = await run(readPage.name, args, tabId, call, true);
        return { tabId, site: result.site, decision: result.decision, content: result.text };
      },
    }),
    ...pagePartCapabilities(run, resolveTab),
    defineCapability({
      name: 'page.act',
      annotations: ACTS_ON_SITES,
      description: `Act on an open tab (by tabId, or the tab showing url) with one of the page engine's actions; the person may be asked first, and a refusal is PERMISSION_DENIED. Actions and their args: ${ACTIONS.map(argsSummary).join('; ')}.`,
      params: v.pipe(
        v.strictObject({
          tabId: v.optional(TabId),
          url: v.optional(HttpUrl),
          action: v.picklist(ACTIONS.map((tool) => tool.name)),
          // Checked by the gate against the action's own schema, the one the chat's tool calls meet.
          args: v.optional(v.record(v.string(), v.unknown())),
        }),
        v.check((p) => (p.tabId === undefined) !== (p.url === undefined), 'give either tabId or url'),
      ),
      handle: async ({ action, args, ...where }, call) => {
        const tabId = await resolveTab(where);
        const result = await run(action, args ?? {}, tabId, call, false);
        return { tabId, action, site: result.site, decision: result.decision, result: result.text };
      },
    }),
  ];
}
