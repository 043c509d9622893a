import { describe, expect, it } from 'vitest';
import { conversationExport } from '../../bench/long-conversation/conversation';
import { BROWSERS, waitUntil, type PageDriver } from './harness';
import { waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { chooseImportFile } from './support/history';
import { hold } from './support/scripted-turns';
import { send, shownMessages, showView } from './support/sidebar';

const TITLE = 'A conversation of 1000 messages';
/** Generous bounds: they catch a sidebar that freezes, not one that is a little slow on a shared machine. */
const OPEN_BOUND_MS = 20_000;
const KEY_BOUND_MS = 2_000;

/** Types one character into the message box and returns the ms, measured in the page, until a frame shows it. */
async function typedCharacterMs(page: PageDriver, key: string): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as { __typed: Promise<number> }).__typed = new Promise((resolve) => {
      document.addEventListener(
        'input',
        (event) => requestAnimationFrame(() => resolve(performance.now() - event.timeStamp)),
        { once: true },
      );
    });
  });
  await page.press(key);
  return page.evaluate(() => (window as unknown as { __typed: Promise<number> }).__typed);
}

describe.each(BROWSERS)('a conversation of 1,000 messages in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName);
  const { sidebar } = ctx;

  it('imports, opens with its latest messages, answers typing at once, and shows every earlier message on the way up', async () => {
    await showView(sidebar, 'history');
    const started = Date.now();
    await chooseImportFile(sidebar, conversationExport(1000, TITLE));
    await sidebar.click('[data-testid="view-chat"]');
    await sidebar.waitFor(
      () =>
        document
          .querySelector('[data-testid="message"]:last-of-type')
          ?.textContent?.includes('{ "item": 249, "currency": "USD" }'),
      undefined,
      {
        message: 'the imported conversation did not open at its last message',
        timeoutMs: OPEN_BOUND_MS,
      },
    );
    expect(Date.now() - started).toBeLessThan(OPEN_BOUND_MS);
    expect(await sidebar.text('[data-testid="show-earlier"]')).toBe('Show earlier messages (950 more)');

    await sidebar.click('[data-testid="composer-input"]');
    for (const key of 'ok') expect(await typedCharacterMs(sidebar, key)).toBeLessThan(KEY_BOUND_MS);
    await sidebar.fill('[data-testid="composer-input"]', '');
    ctx.llm.script({ kind: 'text', chunks: ['Still ', 'with ', 'you.'] });
    await send(sidebar, 'Are you still there?');
    await waitUntilIdle(sidebar);
    expect((await shownMessages(sidebar)).slice(-2).map((m) => m.content)).toEqual([
      'Are you still there?',
      'Still with you.',
    ]);
    // The model was given the whole conversation, not only what is drawn.
    const sent = ctx.llm.requests.at(-1)?.body as { messages: unknown[] };
    expect(sent.messages.length).toBeGreaterThan(1000);

    // Scrolling to the top draws earlier messages, until the very first one.
    await sidebar.waitFor(
      async () => {
        const list = document.querySelector('[data-testid="messages"]') as HTMLElement;
        list.scrollTop = 0;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        return document.querySelector('[data-testid="show-earlier"]') === null;
      },
      undefined,
      { message: 'scrolling up did not reach the first message', timeoutMs: 60_000 },
    );
    const all = await shownMessages(sidebar);
    expect(all).toHaveLength(1002);
    expect(all[0]?.content).toBe('Question 0: what does the page about item 0 say about its price and delivery?');
  });

  it('follows a streaming answer at the end of the list, and leaves the person where they scrolled up to read', async () => {
    const list = () =>
      sidebar.evaluate(() => {
        const element = document.querySelector('[data-testid="messages"]') as HTMLElement;
        const last = [...document.querySelectorAll('[data-testid="message"]')].at(-1);
        return {
          top: element.scrollTop,
          fromEnd: element.scrollHeight - element.scrollTop - element.clientHeight,
          shown: last?.textContent ?? '',
        };
      });
    const scrollTo = (to: 'end' | 'up') =>
      sidebar.evaluate(async (to) => {
        const element = document.querySelector('[data-testid="messages"]') as HTMLElement;
        element.scrollTop = to === 'end' ? element.scrollHeight : element.scrollTop - 600;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }, to);
    const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i} of the answer.\n\n`);
    const answer = paragraphs(60);
    const held = 30;
    const pause = hold();

    // At the end of the list, the answer is followed as it streams in, up to where the model pauses.
    await scrollTo('end');
    ctx.llm.script({ kind: 'text', chunks: answer, delayMs: 20, holdBefore: { chunk: held, until: pause.released } });
    await send(sidebar, 'Tell me more.');
    await waitUntil(async () => (await list()).shown.includes(`Paragraph ${held - 1} `), {
      message: 'the answer did not stream to where the model pauses',
    });
    // Each word is drawn, then scrolled to: between the two the end may be a line away.
    await waitUntil(async () => (await list()).fromEnd < 24, { message: 'the list did not follow the answer' });

    // Scrolled up to read, the person stays where they are while it goes on.
    await scrollTo('up');
    const reading = await list();
    expect(reading.fromEnd).toBeGreaterThan(500);
    pause.release();
    await waitUntilIdle(sidebar);
    const read = await list();
    expect(read.shown.length).toBeGreaterThan(reading.shown.length);
    expect(read.top).toBe(reading.top);

    // Their own next message brings them to the end, and the answer to it is followed again.
    ctx.llm.script({ kind: 'text', chunks: paragraphs(10), delayMs: 20 });
    await send(sidebar, 'Thanks.');
    await waitUntilIdle(sidebar);
    expect((await list()).fromEnd).toBeLessThan(24);
    expect(ctx.llm.failures).toEqual([]);
  });
});
