import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { shownTools, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send, setLimits, shownMessages } from './support/sidebar';
import type { Step } from '../fixtures/llm-server';

const read = (id: string, type: string, usage?: { prompt_tokens: number; completion_tokens: number }): Step => ({
  kind: 'tool_calls',
  calls: [{ id, name: 'get_page_content', arguments: { type } }],
  ...(usage ? { usage } : {}),
});

describe.each(BROWSERS)('the limits of one task in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    openFirst: 'article.html',
    fresh: true,
  });
  const { sidebar } = ctx;

  it('stops at the action limit, says so, and asks the model nothing more', async () => {
    await setLimits(sidebar, { maxSteps: 2, maxTokens: 400_000 });
    ctx.llm.script(read('a', 'title'), read('b', 'url'), read('c', 'text'), read('d', 'links'));
    await send(sidebar, 'Look at everything on the page');
    await waitUntilIdle(sidebar);
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'get_page_content', outcome: 'success' },
      { tool: 'get_page_content', outcome: 'success' },
    ]);
    expect((await shownMessages(sidebar)).at(-1)?.content).toBe(
      'I stopped after 2 actions, the limit for one task. Tell me to continue if you want me to go on.',
    );
    expect(ctx.llm.pending).toBe(2);
  });

  it('stops once the task has used its tokens, counting what the provider reports', async () => {
    await setLimits(sidebar, { maxSteps: 30, maxTokens: 1000 });
    ctx.llm.script(
      read('a', 'title', { prompt_tokens: 600, completion_tokens: 20 }),
      read('b', 'url', { prompt_tokens: 700, completion_tokens: 20 }),
      read('c', 'text'),
    );
    await send(sidebar, 'Look at everything on the page');
    await waitUntilIdle(sidebar);
    expect((await shownTools(sidebar)).map((t) => t.outcome)).toEqual(['success', 'success']);
    expect((await shownMessages(sidebar)).at(-1)?.content).toBe(
      'I stopped: this task used 1340 tokens, the limit for one task. Tell me to continue if you want me to go on.',
    );
    expect(ctx.llm.pending).toBe(1);
    await setLimits(sidebar, { maxSteps: 30, maxTokens: 400_000 });
  });
});
