import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, shownTools, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { configure, send, shownMessages, waitForMessages } from './support/sidebar';
import type { LlmServer } from '../fixtures/llm-server';
import { answer } from './support/scripted-turns';

type Body = { messages: { role: string; content: unknown; tool_call_id?: string }[] };
const call = (id: string, name: string, args: object) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});
const chatRequests = (llm: LlmServer) =>
  llm.requests.filter((r) => r.path.endsWith('/chat/completions') || r.path.endsWith('/messages'));

describe.each(BROWSERS)('the agent in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      form = await ctx.session.openPage(site.url('form.html'));
    },
    fresh: true,
  });
  const { site, sidebar } = ctx;

  let form: PageDriver;
  const formValue = (selector: string) =>
    form.evaluate(
      (s) =>
        (document.querySelector(s) as HTMLInputElement | null)?.value ?? document.querySelector(s)?.textContent ?? '',
      selector,
    );

  beforeEach(async () => {
    // Each task starts with the contact form as the only web page, so it is the page Bosun works in.
    await sidebar.evaluate(async (keep) => {
      const others = (await browser.tabs.query({})).filter((t) => /^https?:/.test(t.url ?? '') && t.url !== keep);
      await browser.tabs.remove(others.map((t) => t.id as number));
    }, site.url('form.html'));
  });

  it('reads the page, fills the form and submits it after permission, with every step shown', async () => {
    ctx.llm.script(
      call('r1', 'read_page', {}),
      call('t1', 'type_text', { selector: '#name', text: 'Ada Lovelace' }),
      call('r2', 'read_page', {}),
      call('s1', 'submit_form', { selector: '#submit' }),
      { kind: 'text', chunks: ['I sent ', 'the form.'] },
    );
    await send(sidebar, 'Fill in my name and send the form');
    expect((await answerPrompt(sidebar, 'allow-once')).level).toBe('interact');
    const submit = await answerPrompt(sidebar, 'allow-once');
    expect(submit).toMatchObject({ tool: 'submit_form', level: 'submit' });
    await waitUntilIdle(sidebar);
    expect(await formValue('#result')).toBe('Thanks, Ada Lovelace');
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'read_page', outcome: 'success' },
      { tool: 'type_text', outcome: 'success' },
      { tool: 'read_page', outcome: 'success' },
      { tool: 'submit_form', outcome: 'success' },
    ]);
    const messages = await shownMessages(sidebar);
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', status: 'done', content: 'I sent the form.' });
    // The reading reached the model as marked page data, with the element listing.
    const read = (chatRequests(ctx.llm)[1]?.body as Body).messages.find((m) => m.role === 'tool')?.content as string;
    expect(read).toMatch(/<untrusted_page_content>[\s\S]*\[\d+\]textbox "Name"[\s\S]*<\/untrusted_page_content>/);
    // What an action did can quote the page's labels, so it is marked too. The first reading, which
    // the second of the same page replaced, went as a note: only the second is sent whole.
    const results = (chatRequests(ctx.llm).at(-1)?.body as Body).messages
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content));
    expect(results).toEqual([
      expect.stringMatching(/^Left out: a later read_page of the same address follows/),
      expect.stringMatching(/^<untrusted_page_content>\nTyped 12 characters into #name\n/),
      expect.stringMatching(/^<untrusted_page_content>\nPage: Contact - Bosun Test Shop\n[\s\S]*textbox "Name"/),
      expect.stringMatching(/^<untrusted_page_content>\nSubmitted the form\n/),
    ]);
  });

  it('opens a tab, follows it, navigates there, and switches back', async () => {
    const formTab = await sidebar.evaluate(
      async (url) => (await browser.tabs.query({})).find((t) => t.url === url)?.id,
      site.url('form.html'),
    );
    ctx.llm.script(
      call('o1', 'open_tab', { url: site.url('index.html') }),
      call('l1', 'list_tabs', {}),
      call('n1', 'navigate', { url: site.url('article.html') }),
      call('w1', 'switch_tab', { tabId: formTab }),
      call('g1', 'get_page_content', { type: 'title' }),
      { kind: 'text', chunks: ['Back on the contact form.'] },
    );
    await send(sidebar, 'Open the shop home page in a new tab, go to the river guide, then come back');
    for (const level of ['navigate', 'navigate', 'navigate'])
      expect((await answerPrompt(sidebar, 'allow-once')).level).toBe(level);
    await waitUntilIdle(sidebar);
    const results = (chatRequests(ctx.llm).at(-1)?.body as Body).messages
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content));
    expect(results[1], results[1]).toMatch(/^<untrusted_page_content>\n[\s\S]*\(Bosun works here\).*"Bosun Test Shop"/);
    expect(results[2]).toMatch(
      /^Navigated: now on .*\/article\.html\. Read the page to see it\. Its title:\n<untrusted_page_content>\nRiver Guide — Bosun Test Shop\n/,
    );
    expect(results[3]).toMatch(
      /^Switched to tab \d+: .*\/form\.html\. Its title:\n<untrusted_page_content>\nContact - Bosun Test Shop\n/,
    );
    expect(results[4]).toContain('Contact - Bosun Test Shop');
    // Each turn's system prompt names the tab the task works in as it is then: the tab it opened,
    // the page it navigated to there, the tab it switched back to.
    const system = chatRequests(ctx.llm).map((r) => String((r.body as Body).messages[0]?.content));
    expect(system[1]).toContain(`(${site.url('index.html')})`);
    expect(system[3]).toContain(`"River Guide — Bosun Test Shop" (${site.url('article.html')})`);
    expect(system[4]).toContain(`"Contact - Bosun Test Shop" (${site.url('form.html')})`);
    const opened = await sidebar.evaluate(
      async (url) => (await browser.tabs.query({})).some((t) => t.url === url),
      site.url('article.html'),
    );
    expect(opened).toBe(true);
  });

  it('passes a screenshot of the tab to the model as an image, and remembers the product it read', async () => {
    const shop = await ctx.session.openPage(site.url('product.html'));
    ctx.llm.script(
      call('p1', 'read_page', {}),
      call('p2', 'take_screenshot', {}),
      call('p3', 'get_cached_snapshot', {}),
      answer('A cheaper one is on the way.'),
    );
    await send(sidebar, 'Find me a cheaper one');
    await waitUntilIdle(sidebar);
    const messages = (chatRequests(ctx.llm).at(-1)?.body as { messages: { role: string; content: unknown }[] })
      .messages;
    const image = messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .find((part: { type?: string }) => part.type === 'image_url') as { image_url: { url: string } } | undefined;
    expect(image?.image_url.url).toMatch(/^data:image\/png;base64,iVBOR/);
    const recalled = messages
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content))
      .at(-1);
    expect(recalled).toMatch(
      /Last product seen:\n<untrusted_page_content>\n\{"name":"Trail Runner 2","price":"89.99","currency":"USD"/,
    );
    await shop.close();
  });

  it('stops a model that repeats the same action on an unchanged page by the third time', async () => {
    for (let i = 0; i < 5; i++) ctx.llm.script(call(`loop${i}`, 'get_page_content', { type: 'title' }));
    await send(sidebar, 'Keep checking the title');
    await waitUntilIdle(sidebar);
    const last = (await shownMessages(sidebar)).at(-1);
    expect(last?.content).toMatch(/^I stopped: I called get_page_content with the same arguments 3 times in a row/);
    expect((await shownTools(sidebar)).length).toBe(3);
    expect(ctx.llm.pending).toBe(2);
  });

  it('never acts on a tool call from a stream that was cut', async () => {
    ctx.llm.script({ kind: 'cut', chunks: ['Let me click'] });
    await send(sidebar, 'Tick the newsletter box');
    await waitUntilIdle(sidebar);
    expect((await shownMessages(sidebar)).at(-1)?.error).toMatch(/cut off/);
    expect(await shownTools(sidebar)).toEqual([]);
    expect(await form.evaluate(() => (document.getElementById('newsletter') as HTMLInputElement).checked)).toBe(false);
  });

  it('waits out a 429 and then answers', async () => {
    ctx.llm.script({ kind: 'error', status: 429, headers: { 'retry-after': '1' } }, answer('Here after a short wait.'));
    const started = Date.now();
    await send(sidebar, 'Hello?');
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.content === 'Here after a short wait.',
      'no answer after the retry',
    );
    expect(Date.now() - started).toBeGreaterThan(900);
    expect(chatRequests(ctx.llm)).toHaveLength(2);
  });

  it('falls back to XML tool calls when the provider refuses tools', async () => {
    ctx.llm.script(
      {
        kind: 'error',
        status: 400,
        body: { error: { message: 'This model does not support tools', type: 'invalid_request_error' } },
      },
      answer('Reading it. <tool_call name="get_page_content">{"type": "title"}</tool_call>'),
      answer('The title is Bosun Test Shop — Contact.'),
    );
    await send(sidebar, 'What is the title?');
    await waitUntilIdle(sidebar);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'get_page_content', outcome: 'success' }]);
    const [, second, third] = chatRequests(ctx.llm).map((r) => r.body as Body & { tools?: unknown });
    expect(second?.tools).toBeUndefined();
    expect(third?.tools).toBeUndefined();
  });

  it('speaks the Anthropic format, with streamed tool calls and their results', async () => {
    await configure(sidebar, ctx.llm, '', 'anthropic');
    ctx.llm.script(call('toolu_1', 'get_page_content', { type: 'url' }), answer('It is the contact page.'));
    await send(sidebar, 'Which page is this?');
    await waitUntilIdle(sidebar);
    expect((await shownMessages(sidebar)).at(-1)).toMatchObject({ content: 'It is the contact page.', status: 'done' });
    const [first, second] = chatRequests(ctx.llm);
    expect(first?.path).toBe('/v1/messages');
    expect(first?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    const result = (
      second?.body as { messages: { role: string; content: { type: string; tool_use_id?: string }[] }[] }
    ).messages.at(-1);
    expect(result?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    await configure(sidebar, ctx.llm);
  });

  it('Stop during a question ends the task, lifts the mask and leaves the page as it was', async () => {
    ctx.llm.script(call('s1', 'click_element', { selector: '#newsletter' }), answer('Never asked for.'));
    await send(sidebar, 'Subscribe me');
    await waitForPrompt(sidebar);
    // The mask goes up only once an action is allowed: while the question waits, the target is only
    // outlined, and the page's hit testing still finds the checkbox, not Bosun's overlay.
    await form.waitFor(() => document.querySelector('bosun-overlay') !== null, undefined, {
      message: 'the target was not outlined',
    });
    expect(
      await form.evaluate(() => {
        const box = document.getElementById('newsletter')!.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.id;
      }),
    ).toBe('newsletter');
    await sidebar.click('[data-testid="stop"]');
    await waitUntilIdle(sidebar);
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') === null)).toBe(
      true,
    );
    await form.waitFor(() => document.querySelectorAll('bosun-overlay').length === 0, undefined, {
      message: 'the outline stayed after Stop',
    });
    expect(await form.evaluate(() => (document.getElementById('newsletter') as HTMLInputElement).checked)).toBe(false);
    expect(chatRequests(ctx.llm)).toHaveLength(1);
    expect((await shownMessages(sidebar)).at(-1)?.status).toBe('stopped');
  });

  it('follows a link that opens a new tab, and keeps working there, even when the person looks at another tab', async () => {
    const elsewhere = await ctx.session.openPage(site.url('product.html'));
    const home = await ctx.session.openPage(site.url('index.html'));
    ctx.llm.script(
      call('k1', 'click_element', { selector: '#guide-link' }),
      call('k2', 'get_page_content', { type: 'url' }),
      answer('I am on the river guide now.'),
    );
    await send(sidebar, 'Open the river guide');
    await waitForPrompt(sidebar);
    // The person moves on to another tab while Bosun works in theirs.
    await sidebar.evaluate(async (url) => {
      const tab = (await browser.tabs.query({})).find((t) => t.url === url);
      await browser.tabs.update(tab!.id!, { active: true });
    }, site.url('product.html'));
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    const url = (chatRequests(ctx.llm).at(-1)?.body as Body).messages.filter((m) => m.role === 'tool').at(-1)
      ?.content as string;
    expect(url).toContain(site.url('article.html'));
    await elsewhere.close();
    await home.close();
  });

  it('extracts a table, moves through history, searches the web, groups tabs where the browser can, and closes a tab', async () => {
    const formTab = await sidebar.evaluate(
      async (url) => (await browser.tabs.query({})).find((t) => t.url === url)?.id,
      site.url('form.html'),
    );
    ctx.llm.script(
      // Its own tab, so the contact form stays for the other tests.
      call('h1', 'open_tab', { url: site.url('article.html') }),
      call('h2', 'extract_table', {}),
      call('h3', 'navigate', { url: site.url('product.html') }),
      call('h4', 'go_back', {}),
      call('h5', 'go_forward', {}),
      call('h6', 'reload_page', {}),
      call('h6b', 'go_forward', {}),
      call('h7', 'create_tab_group', { tabIds: [formTab], title: 'Research' }),
      call('h7b', 'ungroup_tabs', { tabIds: [formTab] }),
      call('h7c', 'search_web', { query: 'river crossings' }),
      // From its own results page: the same address again, in a tab of its own again.
      call('h7d', 'search_web', { query: 'river crossings' }),
      call('h8', 'close_tab', {}),
      call('h9', 'get_page_content', { type: 'url' }),
      answer('Done touring.'),
    );
    await send(sidebar, 'Tour the site');
    // Answer every question with "allow once" until the task ends.
    while (await sidebar.evaluate(() => document.querySelector('[data-testid="send"]') === null)) {
      if (await sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') !== null))
        await answerPrompt(sidebar, 'allow-once');
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = (chatRequests(ctx.llm).at(-1)?.body as Body).messages
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content));
    expect(results[1]).toMatch(/\| Crossing \| Depth \|\n\| Ford \| 1 m \|/);
    expect(results[2]).toMatch(/^Navigated: now on .+\/product\.html\. /);
    expect(results[3]).toMatch(/^Moved: now on .+\/article\.html\. /);
    expect(results[4]).toMatch(/^Moved: now on .+\/product\.html\. /);
    expect(results[5]).toMatch(/^Reloaded: now on .+\/product\.html\. /);
    expect(results[6]).toBe('Nothing to go forward to.');
    if (browserName === 'chromium') {
      expect(results[7]).toMatch(/^Grouped tabs \d+ as group \d+\.$/);
      expect(results[8]).toMatch(/^Ungrouped tabs \d+\.$/);
    } else {
      expect(results[7]).toBe('There is no tool "create_tab_group" in this browser.');
      expect(results[8]).toBe('There is no tool "ungroup_tabs" in this browser.');
    }
    // The person's search engine is on the web; here it does not answer, but a tab of its own went there.
    const searchTabs = [results[9], results[10]].map((searched) => {
      const tab =
        /^Searched for "river crossings" in new tab (\d+): now on https:\/\/\S*[?&]q=river(\+|%20)crossings\S*\. Read/.exec(
          searched ?? '',
        )?.[1];
      expect(tab, searched).toBeDefined();
      return tab;
    });
    expect(searchTabs[0]).not.toBe(searchTabs[1]);
    // close_tab closes the tab Bosun works in: the second search's.
    expect(results[11]).toBe(`Closed tab ${searchTabs[1]}.`);
    // Closing the tab Bosun worked in moves it to the tab the browser shows next.
    expect(results[12]).not.toContain('article.html');
    expect(results[12]).not.toContain('product.html');
    expect(await form.evaluate(() => location.pathname)).toBe('/form.html');
  });

  it('summarizes the page on request', async () => {
    ctx.llm.script(call('r1', 'read_page', {}), answer('A contact form for the Bosun Test Shop.'));
    await sidebar.click('[data-testid="summarize"]');
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.content === 'A contact form for the Bosun Test Shop.',
      'no summary',
    );
    const first = chatRequests(ctx.llm)[0]?.body as Body;
    expect(first.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringMatching(/^Summarize the page I am looking at/),
    });
  });

  it('a background stop in the middle of a task shows it interrupted and replays nothing', async () => {
    ctx.llm.script(call('n1', 'click_element', { selector: '#newsletter' }), answer('Should never be asked for.'));
    await send(sidebar, 'Subscribe me to the newsletter');
    await waitForPrompt(sidebar, 30_000);
    await ctx.session.stopBackground();
    const shown = await waitForMessages(
      sidebar,
      (m) => m.some((x) => x.status === 'interrupted'),
      'the task was not shown as interrupted',
    );
    expect(shown.find((m) => m.status === 'interrupted')?.error).toMatch(/^Bosun restarted while working on this/);
    // The click that was waiting for the person is reported to the model as cut, not left unanswered.
    expect(shown.map((m) => m.content)).toContainEqual(
      expect.stringMatching(/^Interrupted: Bosun restarted while click_element was running/),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(chatRequests(ctx.llm)).toHaveLength(1);
    expect(await form.evaluate(() => (document.getElementById('newsletter') as HTMLInputElement).checked)).toBe(false);
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') === null)).toBe(
      true,
    );
  });
});
