import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, openOnly, shownTools } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send } from './support/sidebar';
import type { Step } from '../fixtures/llm-server/script';
import { call, toolResults } from './support/scripted-turns';

const ASKS = 'A leave-page prompt: the page asks to confirm leaving it; unsaved changes may be lost';

/**
 * A page with unsaved changes asks to confirm leaving it (`beforeunload`): the browser's prompt
 * for that would stop the chat's agent until its timeout. The agent is told instead, the page is
 * not left, and only an accepted prompt (asked at submit level) lets the repeated action leave.
 */
describe.each(BROWSERS)('the agent on a page that asks to confirm leaving it, in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { site, sidebar } = ctx;

  /** The page with something typed by a person: a real click gives it the activation browsers require. */
  async function withUnsavedChanges(path: string): Promise<PageDriver> {
    const page = await openOnly(ctx.session, sidebar, site.url(path));
    await page.click('#post');
    await page.fill('#post', 'Half a post');
    await page.waitFor(() => document.getElementById('state')?.textContent === 'Unsaved changes');
    return page;
  }

  /** The model's steps, each given the last tool result; then it says it is done. */
  function follow(plan: ((last: string) => Step)[]) {
    ctx.llm.respondWith((body) => {
      const results = toolResults(body);
      const step = plan[results.length];
      return step ? step(results.at(-1) ?? '') : { kind: 'text', chunks: ['Done.'] };
    });
  }

  /**
   * Sends the task and allows each action when asked; before allowing a `submit` (accepting the
   * prompt) it checks the page is still there as the person left it. Returns the levels asked.
   */
  async function solve(task: string, page: PageDriver): Promise<string[]> {
    await send(sidebar, task);
    const levels: string[] = [];
    for (;;) {
      const state = await sidebar.evaluate(() =>
        document.querySelector('[data-testid="permission-prompt"]')
          ? 'prompt'
          : document.querySelector('[data-testid="send"]')
            ? 'idle'
            : 'busy',
      );
      if (state === 'idle') break;
      if (state === 'prompt') {
        const level = await sidebar.evaluate(
          () => document.querySelector('[data-testid="prompt-level"]')?.textContent ?? '',
        );
        if (level.includes('submit'))
          expect(await page.evaluate(() => (document.getElementById('post') as HTMLTextAreaElement).value)).toBe(
            'Half a post',
          );
        levels.push((await answerPrompt(sidebar, 'allow-once')).level);
      } else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ctx.llm.failures).toEqual([]);
    return levels;
  }

  const leaving = (tool: string, args: object) => [
    () => call(tool, args),
    (last: string) => {
      expect(last).toContain(ASKS);
      expect(last).toContain('(dialog 1: stayed on the page)');
      expect(last).toContain('call accept_dialog, then do the same action again');
      return call('accept_dialog', {});
    },
    () => call(tool, args),
  ];

  it('navigates away only once the model accepts the prompt, whose listener cancels the event', async () => {
    const page = await withUnsavedChanges('widgets/unsaved.html');
    const away = site.url('widgets/dialogs.html');
    follow([
      ...leaving('navigate', { url: away }),
      (last) => {
        expect(last).toContain('Navigated');
        return { kind: 'text', chunks: ['Went to your files.'] };
      },
    ]);
    const started = Date.now();
    expect(await solve('Go to my files', page)).toEqual(['navigate', 'submit', 'navigate']);
    // No leave-page prompt waited for its timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'navigate', outcome: 'failed' },
      { tool: 'accept_dialog', outcome: 'success' },
      { tool: 'navigate', outcome: 'success' },
    ]);
    await ctx.session.findPage(away);
  });

  it('closes the tab only once the model accepts the prompt, which onbeforeunload asks with a string', async () => {
    const url = 'widgets/unsaved.html?ask=property';
    const page = await withUnsavedChanges(url);
    follow([
      ...leaving('close_tab', {}),
      (last) => (expect(last).toMatch(/Closed tab/), { kind: 'text', chunks: ['Closed.'] }),
    ]);
    expect(await solve('Close this tab', page)).toEqual(['navigate', 'submit', 'navigate']);
    const open = await sidebar.evaluate(async () => (await browser.tabs.query({})).map((t) => t.url ?? ''));
    expect(open.some((u) => u.includes('unsaved.html'))).toBe(false);
  });

  it('reloads only once the model accepts the prompt', async () => {
    const page = await withUnsavedChanges('widgets/unsaved.html');
    follow([
      ...leaving('reload_page', {}),
      (last) => (expect(last).toContain('Reloaded'), { kind: 'text', chunks: ['Reloaded.'] }),
    ]);
    expect(await solve('Reload the page', page)).toEqual(['navigate', 'submit', 'navigate']);
    await page.waitFor(() => document.getElementById('state')?.textContent === 'Nothing written yet');
  });

  it.each([
    ['follows a link', 'a[href="dialogs.html"]', 'widgets/dialogs.html'],
    ['submits a search form', '#search', 'widgets/dialogs.html?q='],
  ])('%s away only once the model accepts the prompt', async (_, selector, away) => {
    const page = await withUnsavedChanges('widgets/unsaved.html');
    follow([
      () => call('read_page', {}),
      ...leaving('click_element', { selector }),
      () => ({ kind: 'text', chunks: ['Went to your files.'] }),
    ]);
    await solve('Open my files', page);
    await ctx.session.findPage(site.url(away));
  });
});
