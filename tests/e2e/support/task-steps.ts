// A bench task's steps (bench/agent-tasks/steps.ts) played by a caller that acts directly: through
// ABP page.act, or through the MCP bridge's tools. Each finds its elements by their labels in the
// latest reading, as the scripted model does.
import { argsOf, type TaskStep } from '../../../bench/agent-tasks/steps';
import { readFileSync } from 'node:fs';
import type { PageActionInfo } from '../../../src/abp/response';
import type { RunningBridge } from './bridge';

type Data = (capability: string, params?: unknown) => Promise<Record<string, unknown>>;

/** Reads the tab showing `url` with page.read, then runs each step with page.act; returns each action's result. */
export async function playByPageAct(data: Data, url: string, steps: readonly TaskStep[]): Promise<string[]> {
  let read = await data('page.read', { url });
  const tabId = read.tabId as number;
  const results: string[] = [];
  for (const step of steps) {
    const args = argsOf(step, read.content as string);
    results.push(String((await data('page.act', { tabId, action: step.action, args })).result));
    if (step.reread) read = await data('page.read', { tabId });
  }
  return results;
}

/**
 * The tool call that plays an action through the bridge: the browser_* tool the action's declaration
 * gives it (its `index` named `ref`), otherwise abp_page_act (a double click, a text selection).
 */
export function bridgeCall(
  action: string,
  args: Record<string, unknown>,
  tabId: number,
  actions: readonly PageActionInfo[],
): [string, Record<string, unknown>] {
  const own = actions.find((each) => each.tool === action)?.bridge;
  if (own)
    return [
      own.name,
      Object.fromEntries(Object.entries(args).map(([name, value]) => [name === 'index' ? 'ref' : name, value])),
    ];
  return ['abp_page_act', { tabId, action, args }];
}

/** Opens `url` in the bridge's working tab, takes a snapshot, then plays each step; returns the tools called. */
export async function playByBridge(bridge: RunningBridge, url: string, steps: readonly TaskStep[]): Promise<string[]> {
  await bridge.data('browser_navigate', { url });
  // The page actions the bridge offers, as the build described them for it.
  const actions = JSON.parse(readFileSync('dist/bridge/page-actions.json', 'utf8')) as PageActionInfo[];
  let shot = await bridge.data('browser_snapshot');
  const tools: string[] = [];
  for (const step of steps) {
    const [tool, args] = bridgeCall(step.action, argsOf(step, shot.snapshot as string), shot.tabId as number, actions);
    await bridge.data(tool, args);
    tools.push(tool);
    if (step.reread) shot = await bridge.data('browser_snapshot');
  }
  return tools;
}
