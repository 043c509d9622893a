import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, startFresh, shownTools, waitUntilIdle } from './support/agent';
import { useExtension } from './support/extension';
import { configure, openSidebar, send } from './support/sidebar';
import { useSite } from './support/site';

type Body = { messages: { role: string; content: unknown }[] };
const say = (text: string) => ({ kind: 'text' as const, chunks: [text] });
const call = (id: string, name: string, args: object) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});

/** Every reading tool that looks at the page itself, with arguments a model would send. */
const READS: [string, object][] = [
  ['read_page', {}],
  ['read_page', { viewportOnly: true }],
  ['get_page_content', { type: 'text' }],
  ['get_page_content', { type: 'html', selector: 'main' }],
  ['extract_table', {}],
  ['take_screenshot', {}],
];

/**
 * Read-only tools leave the page untouched: no overlay, mask or highlight, so a page that watches
 * its document with a MutationObserver cannot tell it is being read and swap its text.
 */
describe.each(BROWSERS)('reading leaves the page untouched in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let sidebar: PageDriver;
  let page: PageDriver;
  const noticed = () => page.evaluate(() => (window as unknown as { noticed: string[] }).noticed);

  beforeAll(async () => {
    page = await ctx.session.openPage(site.url('watchful.html'));
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
  });
  beforeEach(async () => {
    ctx.llm.reset();
    await startFresh(sidebar);
  });

  it("every reading tool runs without the page's MutationObserver seeing anything", async () => {
    ctx.llm.script(...READS.map(([name, args], i) => call(`r${i}`, name, args)), say('The fare is 4 euros.'));
    await send(sidebar, 'How much is the ferry?');
    await waitUntilIdle(sidebar);
    expect(await shownTools(sidebar)).toEqual(READS.map(([tool]) => ({ tool, outcome: 'success' })));
    expect(await noticed()).toEqual([]);
    // What the model read is what a person sees.
    const results = (ctx.llm.requests.at(-1)?.body as Body).messages.filter((m) => m.role === 'tool');
    expect(results).toHaveLength(READS.length);
    expect(JSON.stringify(results)).toContain('A crossing costs 4 euros');
    expect(JSON.stringify(results)).not.toContain('400 euros');
  });

  it('the observer does see an action: the mask goes up once a click is allowed', async () => {
    ctx.llm.script(call('c1', 'click_element', { selector: '#book' }), say('Clicked.'));
    await send(sidebar, 'Book a crossing');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(await noticed()).toContainEqual(expect.stringMatching(/^childList on HTML: BOSUN-OVERLAY$/));
  });
});
