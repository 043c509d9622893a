// The bench tasks that have steps, solved through the bridge's tools: the same steps the scripted
// model plays in the chat (bench/agent-tasks), by snapshot reference, with abp_page_act for the
// actions the bridge has no browser_* tool for (a double click, a text selection).
import { expect, it } from 'vitest';
import { steppedTasksOf, type TaskScope } from '../support/task-sample';
import { playByBridge } from '../support/task-steps';
import type { BridgeEnv } from './env';

export function widgetTasks(env: BridgeEnv, scope: TaskScope): void {
  const solved = async (check: () => boolean) =>
    (await env.bridge.data('browser_eval', { expression: `(${check.toString()})()` })).value;

  it.each(steppedTasksOf(scope).map((task) => [task.id, task] as const))(
    'solves the %s widget task',
    async (_id, task) => {
      const url = env.site.url(task.page);
      await env.bridge.data('browser_navigate', { url });
      expect(await solved(task.solved)).toBe(false);
      const tools = await playByBridge(env.bridge, url, task.steps ?? []);
      expect(tools).toHaveLength(task.steps?.length ?? 0);
      expect(await solved(task.solved)).toBe(true);
    },
  );
}
