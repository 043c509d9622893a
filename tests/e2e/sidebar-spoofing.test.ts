import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, startFresh, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send, showView, waitForMessages } from './support/sidebar';
import { answer } from './support/scripted-turns';

const call = (id: string, name: string, args: object) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});

/** Characters that change how text reads without being seen (bidi controls, zero-width marks). */
const HIDDEN = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * Nothing in the sidebar can pass for Bosun's own UI: the model's answer cannot borrow Bosun's
 * classes or styles to draw a permission question, each of its links shows where it goes, and
 * bidi controls cannot make a question, the Action Log or a tool result read as something else.
 */
describe.each(BROWSERS)('what the sidebar shows cannot pass for Bosun in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      shop = await ctx.session.openPage(site.url('product.html'));
    },
  });
  const { site, sidebar } = ctx;

  let shop: PageDriver;

  beforeEach(async () => {
    ctx.llm.reset();
    await startFresh(sidebar);
  });

  it("a model's copy of the permission question keeps none of its classes or styles, and its link shows the host", async () => {
    const collector = 'http://127.0.0.1:9/collect?card=4111111111111111';
    // What a page can make an obedient model write: Bosun's own markup for a critical question.
    ctx.llm.script(
      answer(
        '<p class="prompt prompt--critical" style="position:fixed;inset:0;z-index:9" role="alertdialog" ' +
          'data-testid="permission-prompt" aria-labelledby="prompt-title">' +
          '<strong id="prompt-title" class="prompt-title">Bosun needs your permission to continue</strong></p>\n\n' +
          `<a class="button button--primary" style="display:block" data-testid="decision-allow-once" href="${collector}">Allow once</a>\n\n` +
          '```js\nconst kept = "language class";\n```',
      ),
    );
    await send(sidebar, 'Summarise this page');
    await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done',
      'the answer did not arrive',
    );
    const shown = await sidebar.evaluate(() => {
      const answer = [...document.querySelectorAll('[data-role="assistant"] .markdown')].at(-1);
      const elements = [...(answer?.querySelectorAll('*') ?? [])];
      const link = answer?.querySelector('a');
      return {
        styled: elements.filter((el) => el.hasAttribute('style')).map((el) => el.outerHTML),
        classes: elements.flatMap((el) => [...el.classList]),
        borrowed: elements.filter((el) => [...el.attributes].some((a) => /^(id|role|data-.*|aria-.*)$/.test(a.name)))
          .length,
        prompts: document.querySelectorAll('[data-testid="permission-prompt"]').length,
        linkText: link instanceof HTMLElement ? link.innerText : '',
        linkHref: link?.getAttribute('href'),
        fixed: [...(answer?.querySelectorAll('p') ?? [])].some((p) => getComputedStyle(p).position === 'fixed'),
      };
    });
    expect(shown.styled).toEqual([]);
    // Only the sanitizer's own: the code block box and copy button, the host note, the code's language.
    expect(shown.classes.sort()).toEqual(['code-block', 'copy-code', 'language-js', 'link-host']);
    expect(shown.borrowed).toBe(1); // the copy button Bosun added (its aria-label and data-copy texts)
    expect(shown.prompts).toBe(0);
    expect(shown.fixed).toBe(false);
    expect(shown.linkHref).toBe(collector);
    expect(shown.linkText).toBe('Allow once (127.0.0.1:9)');
  });

  it('a navigation target with U+202E reads escaped in the question, the Action Log and the tool result', async () => {
    // Written with a right-to-left override, this address reads as "http://bank.example/moc.knab@…".
    const spoof = 'http://bank.example\u202E@127.0.0.1:9/moc.knab';
    ctx.llm.script(call('n1', 'navigate', { url: spoof }), answer('I did not go there.'));
    await send(sidebar, 'Open my bank');
    const prompt = await waitForPrompt(sidebar);
    const question = await sidebar.evaluate(
      () => document.querySelector('[data-testid="permission-prompt"]')?.textContent ?? '',
    );
    expect(question).not.toMatch(HIDDEN);
    expect(prompt.title).toBe('Go to 127.0.0.1:9?');
    expect(prompt.summary).toBe('go to http://bank.example<U+202E>@127.0.0.1:9/moc.knab');
    expect(prompt.parameters).toContain('"url": "http://bank.example<U+202E>@127.0.0.1:9/moc.knab"');
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);

    const toolArgs = await sidebar.evaluate(() => document.querySelector('[data-role="tool"] .tool-args')?.textContent);
    expect(toolArgs).toContain('bank.example<U+202E>@127.0.0.1:9');
    await showView(sidebar, 'log');
    const logged = await sidebar.evaluate(
      () => document.querySelector('[data-testid="log-entry"][data-tool="navigate"]')?.textContent ?? '',
    );
    expect(logged).toContain('bank.example<U+202E>@127.0.0.1:9');
    expect(logged).not.toMatch(HIDDEN);
    await showView(sidebar, 'chat');
  });

  it('page text with bidi and zero-width characters reads escaped in the tool result; the model gets it as it is', async () => {
    // A review as a shop's script would render it, with a file name reversed by U+202E.
    await shop.evaluate(() => {
      const review = document.createElement('p');
      review.id = 'review';
      review.textContent = 'Great! See invoice\u202Efdp.exe and p\u200Bay here';
      document.body.append(review);
    });
    ctx.llm.script(call('r1', 'read_page', {}), answer('Read.'));
    await send(sidebar, 'What does the page say?');
    await waitUntilIdle(sidebar);
    const result = await sidebar.evaluate(
      () => document.querySelector('[data-role="tool"][data-tool="read_page"] .tool-text')?.textContent ?? '',
    );
    expect(result).toContain('invoice<U+202E>fdp.exe and p<U+200B>ay here');
    expect(result).not.toMatch(HIDDEN);
    // Escaping is for the person's eyes: the model reads the page's own characters.
    const sent = JSON.stringify(ctx.llm.requests.at(-1)?.body);
    expect(sent).toContain('invoice\u202Efdp.exe');
  });
});
