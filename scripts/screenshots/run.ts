// Takes the README's pictures of the sidebar: a real conversation with the scripted model server,
// in Chromium's side panel and Firefox's sidebar at their usual widths, in the light and the dark
// theme, and the animated capture of a task (task-capture.ts). Run by scripts/screenshots.mjs after a build.
import { join } from 'node:path';
import type { BrowserName } from '../../tests/e2e/harness';
import { send, waitForMessages } from '../../tests/e2e/support/sidebar';
import { withSidebar } from './session';
import { recordTask } from './task-capture';

/** Chrome's side panel opens about 360 px wide; Firefox's sidebar narrower. */
const SIZE: Record<BrowserName, { width: number; height: number }> = {
  chromium: { width: 360, height: 720 },
  firefox: { width: 300, height: 720 },
};
const ANSWER = [
  'The **Trail Runner 2** comes in three sizes:',
  '',
  '| Size | Price | In stock |',
  '| --- | --- | --- |',
  '| 40 | $89 | yes |',
  '| 42 | $89 | yes |',
  '| 44 | $94 | no |',
  '',
  'Size 42 is the cheapest one in stock. Want me to add it to your cart?',
].join('\n');

export async function main(args: string[], { root }: { root: string }): Promise<void> {
  if (!args.includes('--only-capture'))
    for (const browserName of ['chromium', 'firefox'] as const) await photograph(browserName, root);
  console.log(`wrote ${await recordTask(root)}`);
}

async function photograph(browserName: BrowserName, root: string): Promise<void> {
  await withSidebar(browserName, root, async (sidebar, llm) => {
    llm.script(
      {
        kind: 'tool_calls',
        calls: [{ id: 'r1', name: 'read_page', arguments: {} }],
        usage: { prompt_tokens: 1840, completion_tokens: 12 },
      },
      { kind: 'text', chunks: [ANSWER], usage: { prompt_tokens: 3120, completion_tokens: 96 } },
    );
    await send(sidebar, 'Which size is cheapest and in stock?');
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done',
      'the answer did not arrive',
    );
    for (const theme of ['light', 'dark']) {
      while ((await sidebar.evaluate(() => document.documentElement.dataset.theme ?? 'system')) !== theme)
        await sidebar.click('[data-testid="theme"]');
      const path = join(root, 'docs', `sidebar-${browserName}-${theme}.png`);
      await sidebar.screenshot(path, SIZE[browserName]);
      console.log(`wrote ${path}`);
    }
  });
}
