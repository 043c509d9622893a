import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useExtension } from './support/extension';
import { configure, openSidebar, send, shownMessages, waitForMessages } from './support/sidebar';

const KEY = 'sk-bosun-e2e';

describe.each(BROWSERS)('chat in %s', (browserName) => {
  // OpenRouter-style prices on /v1/models, in US dollars per token: $3 and $15 per million.
  const ctx = useExtension(browserName, {
    apiKey: KEY,
    pricing: { 'test-model': { prompt: '0.000003', completion: '0.000015' } },
  });
  beforeEach(() => ctx.llm.reset());

  it('first run: the settings come first, the connection test explains a bad key, then passes', async () => {
    const page = await openSidebar(ctx.session);
    expect(await page.text('h2')).toBe('Connect a model');
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('[data-testid="settings-provider"]')!;
      select.value = 'openrouter';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.fill('[data-testid="settings-baseUrl"]', ctx.llm.baseUrl);
    await page.fill('[data-testid="settings-model"]', 'test-model');
    await page.fill('[data-testid="settings-apiKey"]', 'sk-wrong');
    await page.click('[data-testid="settings-test"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="test-result"]')?.textContent?.includes('Invalid API key'),
      undefined,
      {
        message: 'a bad key was not reported',
      },
    );
    expect(await page.text('[data-testid="test-result"]')).toMatch(
      /^Invalid API key\. Double-check your openrouter key in Settings\./,
    );

    await page.fill('[data-testid="settings-apiKey"]', KEY);
    await page.click('[data-testid="settings-test"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="test-result"]')?.textContent?.startsWith('Connected'),
      undefined,
      {
        message: 'a good key did not pass the connection test',
      },
    );
    expect(ctx.llm.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/v1/models', 'Bearer sk-wrong'],
      ['/v1/models', `Bearer ${KEY}`],
    ]);
    await page.close();
  });

  it('streams the answer in as it is generated', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, KEY);
    ctx.llm.script({ kind: 'text', chunks: ['Ahoy', ', sailor', '. Fair winds', ' today.'], delayMs: 400 });
    await send(page, 'Hello Bosun');

    // Part of the answer is on screen while the rest is still being generated.
    const partial = await waitForMessages(
      page,
      (m) => m[1]?.status === 'streaming' && m[1].content.startsWith('Ahoy'),
      'no streaming text appeared',
    );
    expect(partial[1]?.content).not.toContain('today');
    expect(await page.evaluate(() => document.querySelector('[data-testid="stop"]') !== null)).toBe(true);

    const done = await waitForMessages(page, (m) => m[1]?.status === 'done', 'the answer did not finish');
    expect(done).toEqual([
      { role: 'user', status: 'done', content: 'Hello Bosun', error: '' },
      { role: 'assistant', status: 'done', content: 'Ahoy, sailor. Fair winds today.', error: '' },
    ]);
    // The provider's token count for the answer is shown on hover over it, and in the status bar.
    await page.waitFor(() => document.querySelector('[data-role="assistant"]')?.getAttribute('title'), undefined, {
      message: 'no usage shown',
    });
    expect(await page.evaluate(() => document.querySelector('[data-role="assistant"]')?.getAttribute('title'))).toMatch(
      /^\d+ in · \d+ out$/,
    );
    expect(await page.text('[data-testid="status-tokens"]')).toMatch(/^\d+ tokens$/);
    const request = ctx.llm.requests.find((r) => r.path === '/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({
      model: 'test-model',
      stream: true,
      messages: [{ role: 'system' }, { role: 'user', content: 'Hello Bosun' }],
    });
    await page.close();
  });

  it('with OpenRouter, shows the estimated cost of the conversation from the price the model is listed at', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, KEY, 'openrouter');
    // The cost is the conversation's: start from an empty one.
    if (await page.evaluate(() => document.querySelectorAll('[data-testid="message"]').length > 0)) {
      await page.click('[data-testid="clear"]');
      await page.waitFor(() => document.querySelectorAll('[data-testid="message"]').length === 0, undefined, {
        message: 'the conversation was not cleared',
      });
    }
    ctx.llm.script(
      { kind: 'text', chunks: ['Ahoy.'], usage: { prompt_tokens: 1000, completion_tokens: 200 } },
      { kind: 'text', chunks: ['Fair winds.'], usage: { prompt_tokens: 1500, completion_tokens: 100 } },
    );
    await send(page, 'Hello');
    // 1000 × $3 + 200 × $15 per million tokens.
    await page.waitFor(
      () => document.querySelector('[data-testid="status-cost"]')?.textContent === '≈ $0.006',
      undefined,
      { message: 'no cost shown' },
    );
    expect(
      await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="status-cost"]')?.title),
    ).toContain('at $3 per million input and $15 per million output tokens');
    const listings = () => ctx.llm.requests.filter((r) => r.path === '/v1/models');
    const listed = listings().length;
    await send(page, 'And the weather?');
    await page.waitFor(
      () => document.querySelector('[data-testid="status-cost"]')?.textContent === '≈ $0.012',
      undefined,
      { message: 'the cost did not add up' },
    );
    expect(await page.text('[data-testid="status-tokens"]')).toBe('2,800 tokens');
    // The price list is not asked for again for another answer, and every listing carries the key.
    expect(listings().length).toBe(listed);
    expect(new Set(listings().map((r) => r.headers.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    await page.click('[data-testid="clear"]');
    await page.close();
  });

  it('shows the answer as markdown: safe links, no remote images, code with a copy button', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, KEY);
    const pixel = ctx.llm.baseUrl.replace(/\/v1$/, '/pixel.png');
    ctx.llm.script({
      kind: 'text',
      chunks: [
        '**Steps**\n\n1. Read [the guide](https://example.com/guide)\n',
        `2. ![chart](${pixel})\n\n`,
        '```sh\nnpm test\n```',
      ],
      delayMs: 100,
    });
    await send(page, 'How do I test?');
    await waitForMessages(
      page,
      (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done',
      'the answer did not finish',
    );
    const shown = await page.evaluate(() => {
      const answer = [...document.querySelectorAll('[data-role="assistant"] .message-content')].at(-1)!;
      const link = answer.querySelector('a');
      return {
        strong: answer.querySelector('strong')?.textContent,
        items: answer.querySelectorAll('ol > li').length,
        link: [link?.getAttribute('href'), link?.getAttribute('target'), link?.getAttribute('rel')],
        images: answer.querySelectorAll('img').length,
        code: answer.querySelector('.code-block pre')?.textContent,
      };
    });
    expect(shown).toEqual({
      strong: 'Steps',
      items: 2,
      link: ['https://example.com/guide', '_blank', 'noopener noreferrer'],
      images: 0,
      code: 'npm test\n',
    });
    // The image was never fetched: it became a link.
    expect(ctx.llm.requests.some((r) => r.path === '/pixel.png')).toBe(false);
    await page.click('[data-testid="copy-code"]');
    const state = await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="copy-code"]')?.dataset.state,
      undefined,
      { message: 'the copy button did not answer' },
    );
    expect(state).toBe('copied');
    await page.close();
  });

  it('stop ends the answer and keeps what arrived', async () => {
    const page = await openSidebar(ctx.session);
    await page.click('[data-testid="clear"]');
    await waitForMessages(page, (m) => m.length === 0, 'the conversation was not cleared');
    ctx.llm.script({
      kind: 'text',
      chunks: ['The first part.', ' The second part.', ' The third part.'],
      delayMs: 700,
    });
    await send(page, 'Tell me a long story');
    await waitForMessages(page, (m) => m[1]?.content === 'The first part.', 'the first part did not arrive');
    await page.click('[data-testid="stop"]');
    const stopped = await waitForMessages(page, (m) => m[1]?.status === 'stopped', 'the answer was not stopped');
    expect(stopped[1]?.content).toMatch(/^The first part\./);
    expect(stopped[1]?.content).not.toContain('third');
    await page.waitFor(() => document.querySelector('[data-testid="send"]') !== null, undefined, {
      message: 'Send did not come back after Stop',
    });
    await page.close();
  });

  it('Escape stops the answer from anywhere in the panel, and "/" goes back to the message box', async () => {
    const page = await openSidebar(ctx.session);
    await page.click('[data-testid="clear"]');
    await waitForMessages(page, (m) => m.length === 0, 'the conversation was not cleared');
    ctx.llm.script({ kind: 'text', chunks: ['One.', ' Two.', ' Three.'], delayMs: 700 });
    await send(page, 'Count slowly');
    await waitForMessages(page, (m) => m[1]?.content === 'One.', 'the first part did not arrive');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.press('Escape');
    const stopped = await waitForMessages(page, (m) => m[1]?.status === 'stopped', 'Escape did not stop the answer');
    expect(stopped[1]?.content).not.toContain('Three');
    await page.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
    await page.close();
  });

  it('a provider error arrives as an answer the person can act on', async () => {
    const page = await openSidebar(ctx.session);
    ctx.llm.script({ kind: 'error', status: 500 });
    await send(page, 'Are you there?');
    const messages = await waitForMessages(page, (m) => m.at(-1)?.status === 'error', 'no error was shown');
    expect(messages.at(-1)?.error).toMatch(/had a server error \(500\)\. Try again shortly\./);
    await page.close();
  });

  it('every open sidebar sees the conversation, and a reopened sidebar shows it all', async () => {
    const first = await openSidebar(ctx.session);
    const second = await openSidebar(ctx.session);
    await first.click('[data-testid="clear"]');
    await waitForMessages(second, (m) => m.length === 0, 'the clear did not reach the other sidebar');
    ctx.llm.script({ kind: 'text', chunks: ['Seen', ' by both'], delayMs: 200 });
    await send(first, 'Broadcast please');
    const both = (m: { status: string }[]) => m[1]?.status === 'done';
    await waitForMessages(second, both, 'the other sidebar did not see the answer');
    await first.close();
    await second.close();

    const reopened = await openSidebar(ctx.session);
    expect(await shownMessages(reopened)).toEqual([
      { role: 'user', status: 'done', content: 'Broadcast please', error: '' },
      { role: 'assistant', status: 'done', content: 'Seen by both', error: '' },
    ]);
    await reopened.click('[data-testid="clear"]');
    await waitForMessages(reopened, (m) => m.length === 0, 'clear did not empty the conversation');
    await reopened.close();
    const afterClear = await openSidebar(ctx.session);
    expect(await shownMessages(afterClear)).toEqual([]);
    await afterClear.close();
  });
});
