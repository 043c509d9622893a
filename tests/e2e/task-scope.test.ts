// A task acts only within what the person asked for. The shop is trusted up to "submit" and
// clicking is allowed "Always on this site", so without scopes every action below would run with
// no question. The scope comes from the person's words alone (the model's answer to a request with
// no tools and no page, scripted here); side effects are counted at the shop's server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../hardening/recording-server';
import { PAGE_MARKER, PAGE_TITLE, shoeShopHtml } from '../fixtures/task-scope/shoe-shop';
import { scopeAnswer } from '../fixtures/llm-server';
import { SCOPE_PROMPT } from '../../background/agent/task-scope';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, noPromptFor, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { openSidebar, send } from './support/sidebar';
import { answer } from './support/scripted-turns';

const PATH = '/shop/blue-runner.html';
const click = (id: string, selector: string) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name: 'click_element', arguments: { selector } }],
});

const scopeShown = (sidebar: PageDriver) =>
  sidebar.evaluate(() => document.querySelector('[data-testid="status-scope"]')?.textContent ?? '');

describe.each(BROWSERS)('a task acts only within what the person asked for, in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      server = await startRecordingServer('127.0.0.1', (path) => (path === PATH ? shoeShopHtml() : null));
      await ctx.session.openPage(`${server.url}${PATH}`);
    },
    fresh: true,
  });
  let server: RecordingServer;
  const { sidebar } = ctx;
  const effects = () =>
    server.log.filter((r) => r.path.startsWith('/effect/')).map((r) => r.path.slice('/effect/'.length));

  beforeAll(async () => {
    // "Always on this site" for clicking, answered as a person does (this request's scope is the
    // widest, what the test server answers by default), then the whole site trusted up to submit.
    ctx.llm.script(click('g1', '#colour-blue'), answer('Blue it is.'));
    await send(sidebar, 'Pick blue');
    await answerPrompt(sidebar, 'allow-site');
    await waitUntilIdle(sidebar);
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
  });
  afterAll(() => server?.close());

  it('"Summarise this page": a click that submits or buys asks, says why, and a deny leaves the server untouched', async () => {
    const before = effects().length;
    ctx.llm.scriptScope(scopeAnswer('read-only'));
    ctx.llm.script(click('a1', '#newsletter-save'), answer('Here is the summary.'));
    await send(sidebar, 'Summarise this page');
    const submit = await waitForPrompt(sidebar);
    expect(submit.tool).toBe('click_element');
    expect(submit.beyond).toBe('Your request did not ask to submit anything.');
    expect(submit.critical).toBe('');
    // The status bar says what the task may do, in words; a sidebar opened mid-task says it too.
    expect(await scopeShown(sidebar)).toBe('This task may: read');
    const late = await openSidebar(ctx.session);
    await late.waitFor(() => document.querySelector('[data-testid="status-scope"]') !== null, undefined, {
      message: 'a sidebar opened mid-task showed no scope',
    });
    expect(await scopeShown(late)).toBe('This task may: read');
    await late.close();
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);

    // A deny holds for the rest of its task, so the purchase is tried in a task of its own.
    ctx.llm.scriptScope(scopeAnswer('read-only'));
    ctx.llm.script(click('a2', '#buy-now'), answer('Here is the summary.'));
    await send(sidebar, 'Summarise this page');
    const buy = await answerPrompt(sidebar, 'deny');
    expect(buy.beyond).toBe('Your request did not ask to buy or pay for anything.');
    expect(buy.critical).toMatch(/^Critical: /);
    await waitUntilIdle(sidebar);
    expect(effects().slice(before)).toEqual([]);
    expect(ctx.llm.scopeRequests).toHaveLength(2);
  });

  it('the scope request carries the person\u2019s words and nothing of the page', async () => {
    ctx.llm.scriptScope(scopeAnswer('read-only'));
    ctx.llm.script(click('d1', '#show-reviews'), answer('Done.'));
    await send(sidebar, 'Summarise this page');
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);
    expect(ctx.llm.scopeRequests).toHaveLength(1);
    const body = ctx.llm.scopeRequests[0]!.body as { messages: { role: string; content: unknown }[]; tools?: unknown };
    expect(body.tools).toBeUndefined();
    expect(body.messages).toEqual([
      { role: 'system', content: SCOPE_PROMPT },
      { role: 'user', content: 'Summarise this page' },
    ]);
    const sent = JSON.stringify(body);
    for (const pageText of [PAGE_MARKER, 'Marker-Zebra', PAGE_TITLE, 'Blue Runner', server.url, '127.0.0.1', PATH])
      expect(sent).not.toContain(pageText);
    // The chat request of the same task did read the page (its tool result), so the marker is there to find.
    expect(JSON.stringify(ctx.llm.requests.map((r) => r.body))).toContain('127.0.0.1');
  });

  it('"Buy the blue shoes": adding to the cart goes through with no question; Buy now asks only as a critical action', async () => {
    const before = effects().length;
    ctx.llm.scriptScope(scopeAnswer('submit', ['buy']));
    ctx.llm.script(click('b1', '#add-to-cart'), click('b2', '#buy-now'), answer('Bought.'));
    await send(sidebar, 'Buy the blue shoes');
    const prompt = await waitForPrompt(sidebar);
    // Only the purchase itself asks, as every critical action does; it is within what was asked.
    expect(prompt.summary).toMatch(/Buy now/);
    expect(prompt.beyond).toBe('');
    expect(prompt.critical).toMatch(/^Critical: /);
    expect(await scopeShown(sidebar)).toBe('This task may: read, navigate, fill forms, submit forms, and buy or pay');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(effects().slice(before)).toEqual(['cart', 'buy']);
  });

  it('"Allow for this task" lets the next such action through; a new task asks again', async () => {
    const before = effects().length;
    ctx.llm.scriptScope(scopeAnswer('read-only'));
    ctx.llm.script(click('c1', '#show-reviews'), click('c2', '#colour-red'), answer('Reviews are shown.'));
    await send(sidebar, 'Summarise this page');
    const first = await waitForPrompt(sidebar);
    expect(first.beyond).toBe('Your request did not ask to click or type anything.');
    await answerPrompt(sidebar, 'allow-task');
    // The second click is as far beyond the words as the first: the widened scope covers it.
    expect(await noPromptFor(sidebar, 1500)).toBe(true);
    await waitUntilIdle(sidebar);
    expect(effects().slice(before)).toEqual(['reviews', 'colour']);

    // A new task starts from its own words. Here the scope request fails, and the keywords of
    // "Summarise this page" give the same narrow scope.
    ctx.llm.scriptScope({ kind: 'error', status: 500 });
    ctx.llm.script(click('c3', '#colour-red'), answer('Not done.'));
    await send(sidebar, 'Summarise this page');
    const again = await waitForPrompt(sidebar);
    expect(again.beyond).toBe('Your request did not ask to click or type anything.');
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);
    expect(effects().slice(before)).toEqual(['reviews', 'colour']);
  });

  it('a task that only reads makes no scope request', async () => {
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 'r1', name: 'read_page', arguments: {} }] },
      answer('A light running shoe.'),
    );
    await send(sidebar, 'Summarise this page');
    await waitUntilIdle(sidebar);
    expect(ctx.llm.requests).toHaveLength(2);
    expect(ctx.llm.scopeRequests).toEqual([]);
  });

  it('a widened scope shows in the status bar', async () => {
    ctx.llm.scriptScope(scopeAnswer('read-only'));
    ctx.llm.script(click('e1', '#show-reviews'), click('e2', '#newsletter-save'), answer('Done.'));
    await send(sidebar, 'Summarise this page');
    await waitForPrompt(sidebar);
    expect(await scopeShown(sidebar)).toBe('This task may: read');
    await answerPrompt(sidebar, 'allow-task');
    await waitForPrompt(sidebar);
    expect(await scopeShown(sidebar)).toBe('This task may: read, navigate, and fill forms');
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);
    expect(await scopeShown(sidebar)).toBe('');
  });
});
