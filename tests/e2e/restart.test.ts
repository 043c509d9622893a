import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useExtension } from './support/extension';
import { configure, openSidebar, send, shownMessages, waitForMessages } from './support/sidebar';

describe.each(BROWSERS)('background restarts in %s', (browserName) => {
  const ctx = useExtension(browserName);

  it('a finished conversation survives the background being stopped; the open sidebar reconnects by itself', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm);
    ctx.llm.script({ kind: 'text', chunks: ['Still', ' here'] });
    await send(page, 'Remember me');
    const before = await waitForMessages(page, (m) => m[1]?.status === 'done', 'the answer did not finish');

    await ctx.session.stopBackground();
    await page.waitFor(
      () => document.querySelector('[data-testid="connection"]')?.className.includes('connected'),
      undefined,
      {
        message: 'the sidebar did not reconnect after the background stopped',
      },
    );
    expect(await shownMessages(page)).toEqual(before);

    const reopened = await openSidebar(ctx.session);
    expect(await shownMessages(reopened)).toEqual(before);

    // The restarted background answers, with the earlier turns as context.
    ctx.llm.script({ kind: 'text', chunks: ['Yes, I remember'] });
    await send(reopened, 'Do you remember?');
    await waitForMessages(reopened, (m) => m[3]?.status === 'done', 'the restarted background did not answer');
    const last = ctx.llm.requests.at(-1)?.body as { messages: { content: string }[] };
    expect(last.messages.map((m) => m.content).slice(1)).toEqual(['Remember me', 'Still here', 'Do you remember?']);
    await page.close();
    await reopened.close();
  });

  it('an answer cut by a stop mid-stream is shown as interrupted, and no turn is lost', async () => {
    const page = await openSidebar(ctx.session);
    await page.click('[data-testid="clear"]');
    await waitForMessages(page, (m) => m.length === 0, 'the conversation was not cleared');
    ctx.llm.script({ kind: 'text', chunks: ['Part one.', ' Part two.', ' Part three.', ' Part four.'], delayMs: 1500 });
    await send(page, 'A long answer please');
    await waitForMessages(page, (m) => m[1]?.content.startsWith('Part one.') === true, 'the answer did not start');

    await ctx.session.stopBackground();
    const shown = await waitForMessages(
      page,
      (m) => m[1]?.status === 'interrupted',
      'the cut answer was not shown as interrupted',
    );
    expect(shown[0]).toEqual({ role: 'user', status: 'done', content: 'A long answer please', error: '' });
    expect('Part one. Part two. Part three. Part four.'.startsWith(shown[1]?.content ?? 'x')).toBe(true);
    expect(shown[1]?.error).toMatch(
      /^Bosun restarted while working on this, so the task stopped here. Nothing was repeated/,
    );
    // Nothing replays the interrupted request on its own.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ctx.llm.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(3);

    const reopened = await openSidebar(ctx.session);
    expect(await shownMessages(reopened)).toEqual(shown);
    await page.close();
    await reopened.close();
  });
});
