import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { waitForPrompt, waitUntilIdle } from './support/agent';
import { axeViolations } from './support/axe';
import { useExtension } from './support/extension';
import { configure, openSidebar, send, showView, waitForMessages } from './support/sidebar';
import { useSite } from './support/site';

/** Every view of the sidebar, checked by axe-core with everything it can show in it: 0 violations. */
describe.each(BROWSERS)('accessibility of the sidebar in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let sidebar: PageDriver;

  beforeAll(async () => {
    await ctx.session.openPage(site.url('product.html'));
    sidebar = await openSidebar(ctx.session);
  });

  it('first run: the settings form', async () => {
    expect(await axeViolations(sidebar)).toEqual([]);
  });

  it('the chat: markdown answers, tool calls, the status bar and a permission question', async () => {
    await configure(sidebar, ctx.llm);
    ctx.llm.script({
      kind: 'text',
      chunks: [
        '## Found it\n\n| Size | Price |\n| - | - |\n| M | 10 |\n\n```js\nlet x = 1;\n```\n\nSee [the shop](https://shop.example).',
      ],
    });
    await send(sidebar, 'What does it cost?');
    await waitForMessages(sidebar, (m) => m.at(-1)?.status === 'done', 'the answer did not finish');
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 'a1', name: 'click_element', arguments: { selector: '#add-to-cart' } }] },
      { kind: 'text', chunks: ['Done.'] },
    );
    await send(sidebar, 'Add it to my cart');
    await waitForPrompt(sidebar);
    expect(await axeViolations(sidebar)).toEqual([]);
    await sidebar.click('[data-testid="decision-deny"]');
    await waitUntilIdle(sidebar);
    expect(await axeViolations(sidebar)).toEqual([]);
  });

  it('the chat in the light and the dark theme (contrast included)', async () => {
    await sidebar.click('[data-testid="view-chat"]');
    for (const theme of ['light', 'dark']) {
      while ((await sidebar.evaluate(() => document.documentElement.dataset.theme ?? 'system')) !== theme)
        await sidebar.click('[data-testid="theme"]');
      expect(await axeViolations(sidebar), theme).toEqual([]);
    }
  });

  for (const view of ['history', 'library', 'permissions', 'log', 'settings'] as const) {
    it(`the ${view} view`, async () => {
      await showView(sidebar, view);
      expect(await axeViolations(sidebar)).toEqual([]);
    });
  }
});
