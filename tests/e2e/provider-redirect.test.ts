import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';
import { BROWSERS, type PageDriver } from './harness';
import { startFresh } from './support/agent';
import { useExtension } from './support/extension';
import { configure, openSidebar, send, waitForMessages } from './support/sidebar';

const KEY = 'sk-redirect-canary-5150';

/**
 * A provider whose base URL answers with a 307 to another local server: Bosun stops with an error
 * that names that host, and sends nothing there, neither the key nor the conversation (counted by that server, outside
 * the browser).
 */
describe.each(BROWSERS)('a redirecting provider in %s', (browserName) => {
  const ctx = useExtension(browserName);
  let elsewhere: LlmServer;
  let sidebar: PageDriver;

  beforeAll(async () => {
    elsewhere = await startLlmServer();
    sidebar = await openSidebar(ctx.session);
  });
  afterAll(() => elsewhere?.close());
  beforeEach(() => {
    ctx.llm.reset();
    elsewhere.reset();
  });

  it.each(['custom', 'anthropic'])(
    'over %s: the chat stops with an error and the other host receives nothing',
    async (provider) => {
      await configure(sidebar, ctx.llm, KEY, provider);
      await startFresh(sidebar);
      const path = provider === 'anthropic' ? '/v1/messages' : '/v1/chat/completions';
      ctx.llm.script({ kind: 'error', status: 307, headers: { location: `${elsewhere.url}${path}` } });
      await send(sidebar, 'My account number is 12345678');
      const messages = await waitForMessages(
        sidebar,
        (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'error',
        'the redirect was not refused',
      );
      expect(messages.at(-1)?.error).toContain(
        `${ctx.llm.baseUrl} answered with a redirect to ${new URL(elsewhere.url).host}.`,
      );
      expect(messages.at(-1)?.error).toContain('Bosun does not follow redirects with your key');
      expect(messages.at(-1)?.error).not.toContain(KEY);
      // The provider got the request once; the host it pointed to got nothing at all.
      expect(ctx.llm.requests.filter((r) => r.path === path)).toHaveLength(1);
      expect(elsewhere.requests).toEqual([]);
    },
  );
});
