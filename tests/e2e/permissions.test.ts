import { mkdir } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, noPromptFor, shownTools, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send, showView } from './support/sidebar';
import { answer } from './support/scripted-turns';

type Body = { messages: { role: string; content: unknown }[] };
const click = (selector: string, id: string) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name: 'click_element', arguments: { selector } }],
});

describe.each(BROWSERS)('the permission gate in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      shop = await ctx.session.openPage(site.url('product.html'));
    },
  });
  const { site, sidebar } = ctx;

  let shop: PageDriver;
  const status = () => shop.evaluate(() => document.getElementById('status')?.textContent ?? '');

  beforeEach(() => ctx.llm.reset());

  it('asks with the tool, site, level and exact target, outlined on the page; a deny leaves the page untouched and the model is told', async () => {
    ctx.llm.script(click('#add-to-cart', 'c1'), answer('Understood, I did not add it.'));
    await send(sidebar, 'Add this to my cart');
    await waitForPrompt(sidebar);
    // The target is outlined in Bosun's overlay while the question is open.
    await shop.waitFor(() => document.querySelector('bosun-overlay') !== null, undefined, {
      message: 'the target was not outlined while the question was open',
    });
    // The labelled ring on a light page and on a dark one, for a person to look at (test-results/).
    await mkdir('test-results/outline', { recursive: true });
    await shop.screenshot(`test-results/outline/${browserName}-light-page.png`, { width: 480, height: 320 });
    await shop.evaluate(() => (document.body.style.cssText = 'background:#111;color:#eee'));
    await shop.screenshot(`test-results/outline/${browserName}-dark-page.png`, { width: 480, height: 320 });
    await shop.evaluate(() => (document.body.style.cssText = ''));
    const prompt = await answerPrompt(sidebar, 'deny');
    expect(prompt).toMatchObject({
      tool: 'click_element',
      site: '127.0.0.1',
      level: 'interact',
      summary: 'button "Add to cart"',
      critical: '',
    });
    expect(prompt.title).toBe('Click button "Add to cart"?');
    expect(JSON.parse(prompt.parameters)).toEqual({ selector: '#add-to-cart' });
    await waitUntilIdle(sidebar);
    expect(await status()).toBe('');
    const toolResult = (ctx.llm.requests.at(-1)?.body as Body).messages.find((m) => m.role === 'tool');
    expect(toolResult?.content).toMatch(/^Denied by the user\./);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'click_element', outcome: 'denied' }]);
    await shop.waitFor(() => document.querySelector('bosun-overlay') === null, undefined, {
      message: 'the outline stayed after the answer',
    });
  });

  it('"Always let Bosun click and type here" performs the click, and the next click or hover on the site runs without asking', async () => {
    ctx.llm.script(click('#add-to-cart', 'c2'), answer('Added.'));
    await send(sidebar, 'Add it to my cart');
    // At a glance: the page's site and what the policy says about it, before and after the answer.
    const standing = () =>
      sidebar.evaluate(() => [
        document.querySelector('[data-testid="status-site"]')?.textContent,
        document.querySelector('[data-testid="status-standing"]')?.textContent,
      ]);
    await waitForPrompt(sidebar);
    expect(await standing()).toEqual(['127.0.0.1', 'asks before acting']);
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="status-activity"]')?.textContent)).toBe(
      'Step 1: Clicking ‘Add to cart’',
    );
    // The lasting answer is a level in words: it covers every action at or below clicking and typing.
    expect(
      await sidebar.evaluate(() => document.querySelector('[data-testid="decision-allow-site"]')?.textContent),
    ).toBe('Always let Bosun click and type here');
    await answerPrompt(sidebar, 'allow-site');
    await waitUntilIdle(sidebar);
    expect(await status()).toBe('Added to cart (1)');
    await sidebar.waitFor(
      () => document.querySelector('[data-testid="status-standing"]')?.textContent?.startsWith('trusted'),
      undefined,
      { message: 'the status did not show the new trust' },
    );
    expect(await standing()).toEqual(['127.0.0.1', 'trusted to click and type']);

    // Another tool at the same level (pointing at the brand) is covered too, not only clicking.
    ctx.llm.script(
      {
        kind: 'tool_calls',
        calls: [
          { id: 'c3', name: 'click_element', arguments: { selector: '#add-to-cart' } },
          { id: 'h3', name: 'hover', arguments: { selector: '#brand' } },
        ],
      },
      answer('Added another.'),
    );
    await send(sidebar, 'Add one more');
    expect(await noPromptFor(sidebar, 1500)).toBe(true);
    await waitUntilIdle(sidebar);
    expect(await status()).toBe('Added to cart (2)');
  });

  it('a "Buy now" click asks even on a site where clicks are allowed, and says why', async () => {
    ctx.llm.script(click('#buy-now', 'c4'), answer('I did not buy it.'));
    await send(sidebar, 'Buy it now');
    const prompt = await answerPrompt(sidebar, 'deny');
    expect(prompt.critical).toMatch(/^Critical: this looks like .*purchase/i);
    await waitUntilIdle(sidebar);
    expect(await status()).toBe('Added to cart (2)');
  });

  it('the Permissions view shows the lasting answer in the same words and can remove it; the Action Log has every call', async () => {
    await showView(sidebar, 'permissions');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="site-rule"]').length > 0, undefined, {
      message: 'no site rule listed',
    });
    const rules = await sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="site-rule"] span')].map((el) => el.textContent),
    );
    expect(rules).toEqual(['127.0.0.1 · let Bosun click and type here']);

    await showView(sidebar, 'log');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="log-entry"]').length >= 5, undefined, {
      message: 'the log is incomplete',
    });
    const log = await sidebar.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="log-entry"]')].map(
        (el) => `${el.dataset.tool} ${el.dataset.decision} ${el.dataset.result}`,
      ),
    );
    // Newest first: the Buy now deny, the second click, the allowed first click, the first deny.
    expect(log).toEqual([
      'click_element deny denied',
      'hover auto-approved success',
      'click_element auto-approved success',
      'click_element allow-site success',
      'click_element deny denied',
    ]);

    await showView(sidebar, 'permissions');
    await sidebar.click('[data-testid="site-rule"] button');
    await sidebar.waitFor(() => document.querySelector('[data-testid="site-rule"]') === null, undefined, {
      message: 'the site rule was not removed',
    });
    ctx.llm.script(click('#add-to-cart', 'c5'), answer('ok'));
    await sidebar.click('[data-testid="view-chat"]');
    await send(sidebar, 'Once more');
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);
  });

  it('a question asked while no sidebar is open is shown by the next one; unanswered, it becomes a deny', async () => {
    ctx.llm.script(click('#add-to-cart', 'c6'), answer('Not added: nobody answered.'));
    await send(sidebar, 'Add it to the cart');
    // The question is asked, then every sidebar closes: it waits, and the next sidebar shows it.
    await waitForPrompt(sidebar, 30_000);
    await sidebar.close();
    await ctx.reopenSidebar();
    const shown = await answerPrompt(sidebar, 'deny');
    expect(shown.summary).toBe('button "Add to cart"');
    await waitUntilIdle(sidebar);

    // A short wait for answers, then a question nobody answers.
    await sidebar.click('[data-testid="view-settings"]');
    await sidebar.fill('[data-testid="limit-promptTimeoutSeconds"]', '5');
    await sidebar.click('[data-testid="settings-save"]');
    await sidebar.click('[data-testid="view-chat"]');
    ctx.llm.script(click('#add-to-cart', 'c7'), answer('Nobody answered, so I did nothing.'));
    await send(sidebar, 'Add it once more');
    await waitForPrompt(sidebar);
    await sidebar.waitFor(() => document.querySelector('[data-testid="permission-prompt"]') === null, undefined, {
      timeoutMs: 15_000,
      message: 'the question did not expire',
    });
    await waitUntilIdle(sidebar);
    expect((await shownTools(sidebar)).at(-1)).toEqual({ tool: 'click_element', outcome: 'denied' });
    expect(await status()).toBe('Added to cart (2)');
  });

  it('masks the page only once an action is allowed: not while asking (the target is only outlined), not for a denied click', async () => {
    // What the page's hit testing finds over the button: Bosun's mask takes the pointer, an outline does not.
    const covering = () =>
      shop.evaluate(() => {
        const box = document.getElementById('add-to-cart')!.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.nodeName;
      });
    // The same, each time the button is clicked.
    await shop.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { bosunClicksCovered: seen });
      const button = document.getElementById('add-to-cart')!;
      button.addEventListener('click', () => {
        const box = button.getBoundingClientRect();
        seen.push(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.nodeName ?? '');
      });
    });
    const clicksCovered = () =>
      shop.evaluate(() => (window as unknown as { bosunClicksCovered: string[] }).bosunClicksCovered);

    ctx.llm.script(click('#add-to-cart', 'm1'), answer('Not added.'));
    await send(sidebar, 'Add it to the cart');
    await waitForPrompt(sidebar);
    await shop.waitFor(() => document.querySelector('bosun-overlay') !== null, undefined, {
      message: 'the target was not outlined',
    });
    expect(await covering()).toBe('BUTTON');
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);
    expect(await covering()).toBe('BUTTON');
    expect(await status()).toBe('Added to cart (2)');

    ctx.llm.script(click('#add-to-cart', 'm2'), answer('Added.'));
    await send(sidebar, 'Add it after all');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(await status()).toBe('Added to cart (3)');
    // While the allowed click ran, the mask lay over the page.
    expect(await clicksCovered()).toEqual(['BOSUN-OVERLAY']);
  });

  it('an outline left by a background stopped while asking is taken off when the background starts again', async () => {
    ctx.llm.script(click('#add-to-cart', 'o1'), answer('Not added.'));
    await send(sidebar, 'Add it to the cart once more');
    await waitForPrompt(sidebar);
    await shop.waitFor(() => document.querySelector('bosun-overlay') !== null, undefined, {
      message: 'the target was not outlined',
    });
    // The open sidebar reconnects at once, which starts a new background.
    await ctx.session.stopBackground();
    await shop.waitFor(() => document.querySelector('bosun-overlay') === null, undefined, {
      message: 'the outline stayed after the background that drew it stopped',
    });
    await waitUntilIdle(sidebar);
    expect(await status()).toBe('Added to cart (3)');
  });
});
