import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { answerPrompt, openOnly, shownTools } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { send } from './support/sidebar';
import { indexMatching } from './support/listing';
import { call, scriptedModel } from './support/scripted-turns';

/**
 * On a site trusted up to submit, only a commitment is asked. An item's words ("Buy milk", "Pay
 * the bills") are what a todo is about, not a promise: hovering one and double-clicking one to
 * edit it run without a question.
 */
describe.each(BROWSERS)('critical recognition on a todo list in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { site, sidebar } = ctx;

  beforeAll(async () => {
    await setSiteRule(sidebar, new URL(site.url('')).hostname, 'submit');
  });

  it('hovering "Buy milk" and double-clicking "Pay the bills" to edit it ask no question', async () => {
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/todo-list.html'));
    ctx.llm.respondWith(
      scriptedModel(
        [
          () => call('read_page', {}),
          ({ listing }) => call('hover', { index: indexMatching(listing, /"Buy milk"/) }),
          ({ listing }) => call('double_click', { index: indexMatching(listing, /"Pay the bills"/) }),
        ],
        'The bills item is open for editing.',
      ),
    );
    await send(sidebar, 'Open "Pay the bills" for editing');
    const questions: string[] = [];
    for (;;) {
      const state = await sidebar.evaluate(() =>
        document.querySelector('[data-testid="permission-prompt"]')
          ? 'prompt'
          : document.querySelector('[data-testid="send"]')
            ? 'idle'
            : 'busy',
      );
      if (state === 'idle') break;
      if (state === 'prompt') questions.push((await answerPrompt(sidebar, 'allow-once')).tool);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ctx.llm.failures).toEqual([]);
    expect(questions).toEqual([]);
    expect((await shownTools(sidebar)).map((t) => `${t.tool}:${t.outcome}`)).toEqual([
      'read_page:success',
      'hover:success',
      'double_click:success',
    ]);
    expect(await page.evaluate(() => document.getElementById('todo-1')?.className)).toBe('hovered');
    expect(await page.evaluate(() => document.getElementById('todo-2')?.classList.contains('editing'))).toBe(true);
    await page.close();
  });
});
