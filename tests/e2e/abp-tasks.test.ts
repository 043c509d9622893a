// Every bench task that has steps, solved through ABP page.act in both browsers: the same steps the
// scripted model plays in the chat (bench/agent-tasks), each action judged by Bosun's gate.
import { beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../bench/agent-tasks/tasks';
import { BROWSERS } from './harness';
import { useAbpPage } from './support/abp';
import { useExtension } from './support/extension';
import { setSiteRule } from './support/permissions';
import { configure, openSidebar } from './support/sidebar';
import { useSite } from './support/site';
import { playByPageAct } from './support/task-steps';

const STEPPED = TASKS.filter((task) => task.steps);

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

  it.each(STEPPED.map((task) => [task.id, task] as const))('solves the %s task', async (_id, task) => {
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
