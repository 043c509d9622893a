import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send, waitForMessages } from './support/sidebar';
import { answer } from './support/scripted-turns';

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});

/** The chat in words: what a person sees of a task, with the internals behind disclosures. */
describe.each(BROWSERS)('the chat speaks plainly in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      shop = await ctx.session.openPage(site.url('product.html'));
    },
  });
  const { site, sidebar } = ctx;

  let shop: PageDriver;

  it('an empty chat suggests prompts, and one press sends one', async () => {
    const suggestions = await sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="suggestion"]')].map((b) => b.textContent),
    );
    expect(suggestions).toEqual([
      'Summarize this page',
      'What are the key facts on this page?',
      'Find the prices on this page',
    ]);
    ctx.llm.script(answer('It sells a desk lamp.'));
    await sidebar.click('[data-testid="suggestion"]');
    const shown = await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.status === 'done' && m.length === 2,
      'the suggestion was not sent',
    );
    expect(shown[0]).toMatchObject({ role: 'user', content: 'Summarize this page' });
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="suggestion"]'))).toBeNull();
  });

  it('each action is one line in words, its details folded; what runs now is in the status bar; tokens on hover', async () => {
    ctx.llm.script(
      call('r1', 'read_page', {}),
      call('c1', 'click_element', { selector: '#add-to-cart' }),
      answer('Added.'),
    );
    await send(sidebar, 'Add it to my cart');
    await waitForPrompt(sidebar);
    // The element by its name on the page, as the gate read it, not the selector the model wrote.
    expect(await sidebar.text('[data-testid="status-activity"]')).toBe('Step 2: Clicking ‘Add to cart’');

    // Enter during the task: nothing is sent, the text stays, and a note says why.
    await sidebar.fill('[data-testid="composer-input"]', 'and a second one');
    await sidebar.press('Enter');
    expect(await sidebar.text('[data-testid="composer-busy-note"]')).toContain('still working');
    expect(await sidebar.evaluate(() => (document.querySelector('#composer-input') as HTMLTextAreaElement).value)).toBe(
      'and a second one',
    );

    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(await shop.evaluate(() => document.getElementById('status')?.textContent)).toBe('Added to cart (1)');
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="composer-busy-note"]'))).toBeNull();

    const rows = await sidebar.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-role="tool"]')].map((el) => ({
        line: el.querySelector('summary')?.textContent ?? '',
        open: el.querySelector('details')?.open ?? true,
      })),
    );
    // A done action names the button as the page does, not the selector the model wrote.
    expect(rows).toEqual([
      { line: 'Reading the page on 127.0.0.1 done', open: false },
      { line: 'Clicking ‘Add to cart’ on 127.0.0.1 done', open: false },
    ]);
    // What a person sees of the conversation holds no tool names, arrows or JSON.
    const visible = await sidebar.evaluate(
      () => document.querySelector<HTMLElement>('[data-testid="messages"]')?.innerText ?? '',
    );
    expect(visible).not.toMatch(/read_page|click_element|→|[{}]/);
    // Opened, a row shows the tool, what it was asked and what it returned.
    await sidebar.click('[data-role="tool"] summary');
    const details = await sidebar.evaluate(
      () => document.querySelector('[data-role="tool"] .tool-details')?.textContent ?? '',
    );
    expect(details).toContain('read_page');

    const usage = await sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-role="assistant"]')].map((el) => el.getAttribute('title')).at(-1),
    );
    expect(usage).toMatch(/^\d+ in · \d+ out$/);
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="status-tokens"]')?.textContent)).toMatch(
      /^[\d,]+ tokens$/,
    );
  });

  it('the focus ring is not the colour of an error, and the theme button has an icon and a label', async () => {
    await sidebar.click('[data-testid="composer-input"]');
    const colours = await sidebar.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--error)';
      document.body.append(probe);
      const error = getComputedStyle(probe).color;
      probe.remove();
      const input = document.querySelector('#composer-input') as HTMLElement;
      return { error, ring: getComputedStyle(input).outlineColor, style: getComputedStyle(input).outlineStyle };
    });
    expect(colours.style).not.toBe('none');
    expect(colours.ring).not.toBe(colours.error);
    const theme = await sidebar.evaluate(() => {
      const button = document.querySelector('[data-testid="theme"]') as HTMLElement;
      return { icon: button.querySelector('svg') !== null, text: button.textContent?.trim() };
    });
    expect(theme).toEqual({ icon: true, text: 'Theme:Auto' });
  });

  it('the permission question: the action in words, the site, why, the exact text; two main answers, lasting ones that say what they cover', async () => {
    const form = await ctx.session.openPage(site.url('form.html'));
    ctx.llm.script(call('t1', 'type_text', { selector: '#name', text: 'Ada Lovelace' }), answer('Typed.'));
    await send(sidebar, 'Put my name in the form');
    await waitForPrompt(sidebar);
    const shown = await sidebar.evaluate(() => {
      const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
      const buttons = (selector: string) =>
        [...document.querySelectorAll(`${selector} button`)].map((b) => b.textContent);
      return {
        title: text('#prompt-title'),
        site: text('[data-testid="prompt-site"]'),
        why: text('[data-testid="prompt-why"]'),
        typed: text('[data-testid="prompt-typed"]'),
        main: buttons('.prompt-actions'),
        lasting: buttons('.prompt-lasting'),
        detailsOpen: document.querySelector<HTMLDetailsElement>('.prompt-more')?.open,
      };
    });
    expect(shown).toEqual({
      title: 'Type into textbox "Name"?',
      site: '127.0.0.1',
      why: 'Bosun asks before it may type on this site: you have not allowed that here.',
      typed: 'Ada Lovelace',
      main: ['Allow once', 'Deny'],
      lasting: [
        'Allow for this task',
        'Always let Bosun click and type here',
        'Let Bosun type on this site until the browser closes',
        'Never let Bosun type on this site',
      ],
      detailsOpen: false,
    });
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(await form.evaluate(() => (document.getElementById('name') as HTMLInputElement).value)).toBe('Ada Lovelace');
    await form.close();
  });
});
