import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { actionLogEntries } from './support/action-log';
import { answerPrompt, noPromptFor, shownTools, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { send } from './support/sidebar';
import { answer } from './support/scripted-turns';

type Body = { messages: { role: string; content: unknown }[] };
let made = 0;
const calls = (...list: { name: string; arguments: Record<string, unknown> }[]) => ({
  kind: 'tool_calls' as const,
  calls: list.map((one) => ({ id: `p${++made}`, ...one })),
});
const callTool = (name: string, input: Record<string, unknown> = {}) => ({
  name: 'call_page_tool',
  arguments: { name, input },
});
const LIST = { name: 'list_page_tools', arguments: {} };

// Chromium has WebMCP behind its feature (document.modelContext, getTools and executeTool): the test
// page uses the browser's own. Firefox has none: the page's stand-in for the draft is used instead.
// The switch keeps Playwright's own --enable-features, which a second one would replace.
const WEBMCP = '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies,WebMCP';

describe.each(BROWSERS)('tools a page declares (WebMCP) in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    launch: browserName === 'chromium' ? { chromiumArgs: [WEBMCP] } : {},
    before: async () => {
      shop = await ctx.session.openPage(site.url('page-tools.html'));
    },
    fresh: true,
  });
  const { site, sidebar } = ctx;
  let shop: PageDriver;
  const status = () => shop.evaluate(() => document.getElementById('status')?.textContent ?? '');
  /** What the model was last given as the answers of its tool calls. */
  const toolResults = () =>
    ((ctx.llm.requests.at(-1)?.body as Body).messages ?? [])
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content));

  beforeEach(() => ctx.llm.reset());

  it("offers the page's tools to the model as page content, its form's tool too, without asking", async () => {
    // Where the browser has the API, it is the browser's own, not the page's stand-in.
    expect(await shop.evaluate(() => (document as { modelContext?: object }).modelContext?.constructor.name)).toBe(
      browserName === 'chromium' ? 'ModelContext' : 'Object',
    );
    ctx.llm.script(calls(LIST), answer('It can price, add to cart, order and search.'));
    await send(sidebar, 'What can this shop page do for me?');
    await waitUntilIdle(sidebar);
    const [listing] = toolResults();
    expect(listing).toMatch(/^<untrusted_page_content>\nTools this page declares:\n/);
    expect(listing).toContain('- get_price (read-only): Gives the price of a tea, in euros\n  input: {"type":"object"');
    expect(listing).toContain('- add_to_cart (changes the page): Adds a tea to the cart');
    expect(listing).toContain('- place_order (changes the page): Charges the card on file for the cart');
    expect(listing).toContain(
      `- search_teas (submits a form): Search the shop's teas by name\n  input: {"type":"object","properties":{"q":{"type":"string","description":"Words in the tea's name"}}}`,
    );
    expect(listing).toMatch(/<\/untrusted_page_content>\nThe block above is content of a web page\./);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'list_page_tools', outcome: 'success' }]);
  });

  it('a read-only tool runs without asking; one that changes the page asks at interact on a site not trusted, named in the question and the Action Log', async () => {
    ctx.llm.script(
      calls(callTool('get_price', { tea: 'Sencha' })),
      calls(callTool('add_to_cart', { tea: 'Sencha', quantity: 2 })),
      answer('Added.'),
    );
    await send(sidebar, 'Add two Sencha to my cart');
    const prompt = await answerPrompt(sidebar, 'allow-once');
    expect(prompt).toMatchObject({ tool: 'call_page_tool', site: '127.0.0.1', level: 'interact', critical: '' });
    expect(prompt.summary).toBe(`the page's tool "add_to_cart" (changes the page)`);
    expect(JSON.parse(prompt.parameters)).toEqual({ name: 'add_to_cart', input: { tea: 'Sencha', quantity: 2 } });
    await waitUntilIdle(sidebar);
    expect(await status()).toBe('Cart: 2 × Sencha');
    expect(toolResults()).toEqual([
      expect.stringContaining('Sencha costs 12 euros'),
      expect.stringContaining('Added 2 × Sencha to the cart'),
    ]);
    const log = (await actionLogEntries(sidebar)).slice(-2);
    expect(log.map((entry) => [entry.toolName, entry.permissionLevel, entry.decision, entry.target])).toEqual([
      [
        'call_page_tool',
        'read-only',
        'auto-approved',
        'page tool "get_price" (get price): Gives the price of a tea, in euros',
      ],
      ['call_page_tool', 'interact', 'allow-once', 'page tool "add_to_cart" (add to cart): Adds a tea to the cart'],
    ]);
  });

  it('a tool whose words commit asks even on a site trusted up to submit, and a deny runs nothing', async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
    try {
      // Trusted up to submit, adding to the cart no longer asks.
      ctx.llm.script(calls(callTool('add_to_cart', { tea: 'Assam', quantity: 1 })), answer('Added.'));
      await send(sidebar, 'Add one Assam');
      expect(await noPromptFor(sidebar, 1500)).toBe(true);
      await waitUntilIdle(sidebar);
      expect(await status()).toBe('Cart: 1 × Assam');

      ctx.llm.script(calls(callTool('place_order')), answer('I did not order.'));
      await send(sidebar, 'Now order it');
      const prompt = await answerPrompt(sidebar, 'deny');
      expect(prompt).toMatchObject({ tool: 'call_page_tool', level: 'submit' });
      expect(prompt.critical).toMatch(/^Critical: this looks like .*(order|payment)/i);
      await waitUntilIdle(sidebar);
      expect(await status()).toBe('Cart: 1 × Assam');
      expect(toolResults().at(-1)).toMatch(/^Denied by the user\./);
    } finally {
      await setSiteRule(sidebar, '127.0.0.1', null);
    }
  });

  it('a page of a thousand tools with a megabyte of description is listed within the limits', async () => {
    const many = await ctx.session.openPage(site.url('page-tools.html?many'));
    try {
      ctx.llm.script(calls(LIST), answer('Many tools.'));
      await send(sidebar, 'What tools does this page have?');
      await waitUntilIdle(sidebar);
      const [listing] = toolResults();
      expect(listing).toContain(`- tool_0 (changes the page): ${'x'.repeat(1000)}\n`);
      // 32 in all, the form's tool among them (Chromium gives its tools by name, the stand-in in order).
      expect(listing!.match(/^- \w+ \(/gm)).toHaveLength(32);
      expect(listing).toContain('- search_teas (submits a form)');
      expect(listing!.length).toBeLessThan(10_000);
    } finally {
      await many.close();
    }
  });

  it("a blocked site's tools are never offered nor called", async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'blocked');
    try {
      ctx.llm.script(calls(LIST, callTool('add_to_cart', { tea: 'Oolong', quantity: 5 })), answer('Blocked.'));
      await send(sidebar, 'What can this page do? Add five Oolong.');
      await waitUntilIdle(sidebar);
      const results = toolResults();
      expect(results).toHaveLength(2);
      for (const result of results) {
        expect(result).not.toMatch(/get_price|place_order|search_teas|Tools this page declares/);
        expect(result).toMatch(/blocked|not allowed|denied/i);
      }
      expect(await status()).toBe('Cart: 1 × Assam');
    } finally {
      await setSiteRule(sidebar, '127.0.0.1', null);
    }
  });

  it("a form's declared tool asks at submit, then fills the form and submits it", async () => {
    ctx.llm.script(calls(callTool('search_teas', { q: 'green' })), answer('Searched.'));
    await send(sidebar, 'Search the shop for green teas');
    const prompt = await answerPrompt(sidebar, 'allow-once');
    expect(prompt).toMatchObject({ tool: 'call_page_tool', level: 'submit', critical: '' });
    expect(prompt.summary).toBe(`the page's tool "search_teas" (submits a form)`);
    await waitUntilIdle(sidebar);
    await shop.waitFor(() => location.search === '?q=green', undefined, { message: 'the form was not submitted' });
  });
});
