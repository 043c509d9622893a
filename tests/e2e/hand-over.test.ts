// Hand-over: the model asks the person for what only they can do (ask_person, scripted here). The
// task's tab comes to the front, the sidebar shows the request as the agent's plain words under the
// site's name, and the task waits: no model request goes out until the person presses Continue, and
// Stop meanwhile ends the task with none at all. Model requests are counted at the scripted server.
import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { send, shownMessages, waitForMessages } from './support/sidebar';
import type { LlmServer } from '../fixtures/llm-server';
import { startStaticServer, testSiteDir } from '../fixtures/static-server';
import { answer } from './support/scripted-turns';

type Body = { messages: { role: string; content: unknown }[] };
const chatRequests = (llm: LlmServer) =>
  llm.requests.filter((r) => r.path.endsWith('/chat/completions') || r.path.endsWith('/messages'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the hand-over card and reads it as a person would. */
async function waitForHandOver(sidebar: PageDriver) {
  await sidebar.waitFor(() => document.querySelector('[data-testid="hand-over"]') !== null, undefined, {
    message: 'no hand-over was shown',
  });
  return sidebar.evaluate(() => {
    const request = document.querySelector('[data-testid="hand-over-request"]');
    return {
      title: document.querySelector('[data-testid="hand-over-title"]')?.textContent ?? '',
      request: request?.textContent ?? '',
      // The model's words are text: nothing in them becomes an element.
      markup: request?.children.length ?? -1,
    };
  });
}

const handOverGone = (sidebar: PageDriver) =>
  sidebar.waitFor(() => document.querySelector('[data-testid="hand-over"]') === null, undefined, {
    message: 'the hand-over stayed',
  });

describe.each(BROWSERS)('hand-over to the person, in %s', (browserName) => {
  let form: PageDriver;
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      form = await ctx.session.openPage(site.url('form.html'));
    },
    fresh: true,
  });
  const { site, sidebar } = ctx;
  const isActive = (url: string) =>
    sidebar.evaluate(async (u) => (await browser.tabs.query({})).find((t) => t.url === u)?.active === true, url);

  /** Starts a task whose first model turn asks the person; meanwhile the person looks at another tab. */
  async function startHandOver(request: string) {
    ctx.llm.script(
      {
        kind: 'tool_calls' as const,
        calls: [{ id: 'h1', name: 'ask_person', arguments: { request } }],
        // Time for the person to move to another tab while the model thinks.
        waitBeforeMs: 1500,
      },
      {
        ...answer('Your order is in the basket.'),
        expect: (body) => {
          const result = (body as Body).messages.filter((m) => m.role === 'tool').at(-1)?.content;
          expect(JSON.stringify(result)).toContain('The person pressed Continue');
        },
      },
    );
    await send(sidebar, 'Put the river guide in my basket');
    const deadline = Date.now() + 10_000;
    while (chatRequests(ctx.llm).length === 0 && Date.now() < deadline) await pause(50);
    const elsewhere = await sidebar.evaluate(
      async (url) => (await browser.tabs.create({ url, active: true })).id as number,
      site.url('product.html'),
    );
    return {
      close: () => sidebar.evaluate((id) => browser.tabs.remove(id), elsewhere),
    };
  }

  it('pauses with its tab shown and the request in the sidebar, sends nothing while waiting, and Continue resumes it', async () => {
    const host = new URL(site.url('form.html')).host;
    const words = `Log in to ${host}, then press Continue. <b>Now</b> **please**`;
    const other = await startHandOver(words);
    const shown = await waitForHandOver(sidebar);
    expect(shown.title).toBe(`Bosun needs you on ${host}`);
    expect(shown.request).toBe(words);
    expect(shown.markup).toBe(0);
    // The person acts in the task's tab: it is in front again, the other one behind it.
    expect(await isActive(site.url('form.html'))).toBe(true);
    expect(await isActive(site.url('product.html'))).toBe(false);
    // The task waits for the person: no model request goes out however long they take.
    await pause(2000);
    expect(chatRequests(ctx.llm)).toHaveLength(1);
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="stop"]') !== null)).toBe(true);
    await sidebar.click('[data-testid="hand-over-continue"]');
    await handOverGone(sidebar);
    await waitUntilIdle(sidebar);
    expect(chatRequests(ctx.llm)).toHaveLength(2);
    expect(ctx.llm.failures).toEqual([]);
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.content === 'Your order is in the basket.',
      'the task did not resume after Continue',
    );
    await other.close();
  });

  it('Stop while it waits ends the task: no further model request, and the conversation says it stopped', async () => {
    const other = await startHandOver('Solve the CAPTCHA on this page, then press Continue');
    await waitForHandOver(sidebar);
    await sidebar.click('[data-testid="stop"]');
    await handOverGone(sidebar);
    await waitUntilIdle(sidebar);
    await pause(1000);
    expect(chatRequests(ctx.llm)).toHaveLength(1);
    expect(ctx.llm.pending).toBe(1);
    expect((await shownMessages(sidebar)).at(-1)?.status).toBe('stopped');
    await other.close();
  });

  it("a reply the person types reaches the model as the person's words, not as page content", async () => {
    // The person's own answer, beside the choices offered; it holds the block's closing tag, which must not end the block.
    const reply = 'Neither: the green one, under 20 euros </person_reply> end';
    ctx.llm.script(
      {
        kind: 'tool_calls' as const,
        calls: [
          {
            id: 'h1',
            name: 'ask_person',
            arguments: { request: 'Which guide do you want?', choices: ['The red one', 'The blue one'] },
          },
        ],
      },
      answer('The green one is in the basket.'),
    );
    await send(sidebar, 'Put a river guide in my basket');
    await waitForHandOver(sidebar);
    expect(await sidebar.evaluate(() => document.querySelectorAll('[data-testid="hand-over-choice"]').length)).toBe(2);
    await sidebar.fill('[data-testid="hand-over-reply"]', reply);
    await sidebar.click('[data-testid="hand-over-send"]');
    await handOverGone(sidebar);
    await waitUntilIdle(sidebar);
    expect(ctx.llm.failures).toEqual([]);
    const requests = chatRequests(ctx.llm);
    expect(requests).toHaveLength(2);
    const result = JSON.stringify(
      (requests[1]!.body as Body).messages.filter((m) => m.role === 'tool').at(-1)?.content,
    );
    // Marked as the person's words: in the reply block, whole, and never inside the page-content marker.
    expect(result).toContain("These are the person's own words");
    expect(result).toContain(
      '<person_reply>\\nNeither: the green one, under 20 euros </person_reply_> end\\n</person_reply>',
    );
    expect(result).not.toContain('untrusted_page_content');
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.content === 'The green one is in the basket.',
      'the task did not resume after the reply',
    );
  });

  it("a page the task acted on is the person's again while they act: the mask is lifted for the wait", async () => {
    ctx.llm.script(
      {
        kind: 'tool_calls' as const,
        calls: [{ id: 'c1', name: 'click_element', arguments: { selector: '#newsletter' } }],
      },
      {
        kind: 'tool_calls' as const,
        calls: [
          {
            id: 'h1',
            name: 'ask_person',
            arguments: { request: 'Approve the sign-in on your phone, then press Continue' },
          },
        ],
      },
      answer('Signed in.'),
    );
    await send(sidebar, 'Subscribe me and sign in');
    await waitForPrompt(sidebar);
    await answerPrompt(sidebar, 'allow-once');
    await waitForHandOver(sidebar);
    // What the person clicks is the page's own element, not Bosun's mask over it.
    await form.waitFor(
      () => {
        const box = document.getElementById('newsletter')!.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.id === 'newsletter';
      },
      undefined,
      { message: 'the mask stayed over the page during the hand-over' },
    );
    await sidebar.click('[data-testid="hand-over-continue"]');
    await waitUntilIdle(sidebar);
    expect(chatRequests(ctx.llm)).toHaveLength(3);
    // The page is left as the test found it for the next.
    await form.evaluate(() => {
      const box = document.getElementById('newsletter') as HTMLInputElement;
      box.checked = false;
    });
  });

  it('text the person types in a reply is theirs to send to another site, though a page showed it too', async () => {
    const partner = await startStaticServer(testSiteDir, '127.0.0.2');
    try {
      // The person works on both sites: acting there asks nothing, so only a data-flow question could stop the task.
      await setSiteRule(sidebar, '127.0.0.1', 'interact');
      await setSiteRule(sidebar, '127.0.0.2', 'interact');
      await form.evaluate(() =>
        document.body.append(Object.assign(document.createElement('p'), { textContent: 'Member number MBR-771204' })),
      );
      const call = (id: string, name: string, args: object) => ({
        kind: 'tool_calls' as const,
        calls: [{ id, name, arguments: args }],
      });
      ctx.llm.script(
        call('r1', 'read_page', {}),
        call('h1', 'ask_person', { request: 'Which member number goes in the partner form?' }),
        call('n1', 'navigate', { url: `${partner.url}/form.html` }),
        call('t1', 'type_text', { selector: '#name', text: 'MBR-771204' }),
        answer('Typed it in.'),
      );
      await send(sidebar, 'Fill the partner form with my member number');
      await waitForHandOver(sidebar);
      await sidebar.fill('[data-testid="hand-over-reply"]', 'Use MBR-771204');
      await sidebar.click('[data-testid="hand-over-send"]');
      await waitForMessages(sidebar, (m) => m.at(-1)?.content === 'Typed it in.', 'the task stopped at a question');
      expect(ctx.llm.failures).toEqual([]);
      expect(await form.evaluate(() => document.querySelector<HTMLInputElement>('#name')?.value)).toBe('MBR-771204');
    } finally {
      await setSiteRule(sidebar, '127.0.0.1', null);
      await setSiteRule(sidebar, '127.0.0.2', null);
      await partner.close();
    }
  });

  // Last in the file: it closes the form tab the others work in.
  it('closing the task’s tab while it waits ends the task, saying its tab was closed, and asks the model nothing more', async () => {
    ctx.llm.script({
      kind: 'tool_calls' as const,
      calls: [{ id: 'h1', name: 'ask_person', arguments: { request: 'Log in, then press Continue' } }],
    });
    await send(sidebar, 'Put the river guide in my basket');
    await waitForHandOver(sidebar);
    await form.close();
    await handOverGone(sidebar);
    await waitUntilIdle(sidebar);
    expect((await shownMessages(sidebar)).at(-1)).toMatchObject({
      role: 'assistant',
      status: 'error',
      error: 'The tab this task worked in was closed, so the task stopped here. Send your message again to start over.',
    });
    await pause(1000);
    expect(chatRequests(ctx.llm)).toHaveLength(1);
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="stop"]'))).toBeNull();
  });
});
