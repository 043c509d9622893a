import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useExtension } from './support/extension';
import { configure, openSidebar, send, shownMessages, waitForMessages } from './support/sidebar';

/** Malformed, unknown and oversized messages sent straight down a `sidebar` port. */
const BAD_MESSAGES: unknown[] = [
  'not an object',
  { type: 'NOT_A_MESSAGE' },
  { type: 'CHAT_MESSAGE' },
  { type: 'CHAT_MESSAGE', payload: { content: 42 } },
  { type: 'CHAT_MESSAGE', payload: { content: 'x'.repeat(100_001) } },
  { type: 'SAVE_SETTINGS', payload: { provider: 'evil', model: 'm', apiKey: 'k', baseUrl: 'https://evil.example/v1' } },
  { type: 'SAVE_SETTINGS', payload: { provider: 'openai', model: 'm', apiKey: 'k', baseUrl: 'javascript:alert(1)' } },
  { payload: { content: 'no type' } },
];

describe.each(BROWSERS)('message validation in %s', (browserName) => {
  const ctx = useExtension(browserName);

  it('answers each malformed or unknown sidebar message with an error naming the problem, and changes nothing', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm);
    ctx.llm.script({ kind: 'text', chunks: ['Kept'] });
    await send(page, 'Before the attack');
    await waitForMessages(page, (m) => m[1]?.status === 'done', 'the first answer did not finish');
    const before = await shownMessages(page);

    const replies = await page.evaluate(async (bad: unknown[]) => {
      const port = browser.runtime.connect({ name: 'sidebar' });
      const received: { type: string; payload: { error?: string; inReplyTo?: string | null } }[] = [];
      port.onMessage.addListener((m) => void received.push(m as (typeof received)[number]));
      for (const message of bad) port.postMessage(message);
      port.postMessage({ type: 'GET_SETTINGS' });
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && received.filter((m) => m.type === 'ERROR').length < bad.length) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      port.disconnect();
      return received;
    }, BAD_MESSAGES);

    const errors = replies.filter((m) => m.type === 'ERROR').map((m) => m.payload.error);
    expect(errors).toEqual([
      'A message must be an object with a string "type".',
      'Unknown message type "NOT_A_MESSAGE".',
      expect.stringMatching(/^Invalid CHAT_MESSAGE: payload: /),
      expect.stringMatching(/^Invalid CHAT_MESSAGE: payload\.content: Invalid type/),
      expect.stringMatching(/^Invalid CHAT_MESSAGE: payload\.content: Invalid length/),
      expect.stringMatching(/^Invalid SAVE_SETTINGS: payload\.provider: /),
      expect.stringMatching(/^Invalid SAVE_SETTINGS: payload\.baseUrl: /),
      'A message must be an object with a string "type".',
    ]);
    // The settings and the conversation are as they were.
    const settings = replies.filter((m) => m.type === 'SETTINGS').at(-1)?.payload;
    expect(settings).toMatchObject({ provider: 'custom', model: 'test-model', baseUrl: ctx.llm.baseUrl });
    expect(ctx.llm.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
    const reopened = await openSidebar(ctx.session);
    expect(await shownMessages(reopened)).toEqual(before);
    await page.close();
    await reopened.close();
  });

  it('the content-script channel takes no voice messages and answers with an error', async () => {
    const page = await openSidebar(ctx.session);
    const reply = await page.evaluate(() =>
      browser.runtime.sendMessage({ type: 'PAGE_CONTENT_READY', payload: { title: 't', url: 'u' } }),
    );
    expect(reply).toEqual({ success: false, error: 'PAGE_CONTENT_READY is not handled on this channel.' });
    // Voice runs in the sidebar: no script in a page can report a transcript.
    const voice = await page.evaluate(() =>
      browser.runtime.sendMessage({
        type: 'VOICE_SPEECH_RESULT',
        payload: { transcript: 'buy it', isFinal: true, isInterim: false },
      }),
    );
    expect(voice).toEqual({ success: false, error: 'Unknown message type "VOICE_SPEECH_RESULT".' });
    const unknown = await page.evaluate(() =>
      browser.runtime.sendMessage({ type: 'CHAT_MESSAGE', payload: { content: 'via the wrong channel' } }),
    );
    expect(unknown).toEqual({ success: false, error: 'Unknown message type "CHAT_MESSAGE".' });
    await page.close();
  });

  it('a port under another name gets nothing from the sidebar channel', async () => {
    const page = await openSidebar(ctx.session);
    const received = await page.evaluate(async () => {
      const port = browser.runtime.connect({ name: 'not-the-sidebar' });
      const got: unknown[] = [];
      port.onMessage.addListener((m) => void got.push(m));
      port.postMessage({ type: 'GET_SETTINGS' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      return got;
    });
    expect(received).toEqual([]);
    await page.close();
  });
});
