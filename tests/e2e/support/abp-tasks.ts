// The bench tasks that have steps, solved through ABP page.act in both browsers: the same steps the
// scripted model plays in the chat (bench/agent-tasks), each action judged by Bosun's gate.
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS } from '../harness';
import { useAbpPage } from './abp';
import { useExtension } from './extension';
import { setSiteRule } from './permissions';
import { configure, openSidebar } from './sidebar';
import { useSite } from './site';
import { playByPageAct } from './task-steps';
import { steppedTasksOf, type TaskScope } from './task-sample';

export function abpTasksSuite(scope: TaskScope): void {
  describe.each(BROWSERS)('ABP page.act solving the widget tasks in %s', (browserName) => {
    const ctx = useExtension(browserName);
    const site = useSite();
    const abp = useAbpPage(ctx, { initialized: true });

    beforeAll(async () => {
      const sidebar = await openSidebar(ctx.session);
      await configure(sidebar, ctx.llm);
      // As the bench's person: the test site is trusted up to submitting, so no question waits.
      await setSiteRule(sidebar, '127.0.0.1', 'submit');
    });

    it.each(steppedTasksOf(scope).map((task) => [task.id, task] as const))('solves the %s task', async (_id, task) => {
      const url = site.url(task.page);
      const page = await ctx.session.openPage(url);
      try {
        expect(await page.evaluate(task.solved)).toBe(false);
        const results = await playByPageAct(abp.data, url, task.steps ?? []);
        expect(results).toHaveLength(task.steps?.length ?? 0);
        expect(await page.evaluate(task.solved)).toBe(true);
      } finally {
        await page.close();
      }
    });
  });
}
