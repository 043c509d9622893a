import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { openSidebar, configure, send, waitForMessages } from './support/sidebar';
import { useSite } from './support/site';

const OLLAMA_PORT = 11434;

describe.each(BROWSERS)('a local Ollama in %s', (browserName) => {
  // The scripted server refuses extension origins exactly as Ollama does without OLLAMA_ORIGINS.
  const ctx = useExtension(browserName, { rejectExtensionOrigins: true });

  it('works with no setup: Bosun sends its requests to the configured Ollama host without an Origin', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, '', 'custom');
    ctx.llm.script({ kind: 'text', chunks: ['unused'] });
    await send(page, 'Hello?');
    // As a custom provider the rule does not apply, so the server refuses the extension's Origin.
    await waitForMessages(page, (m) => m.at(-1)?.status === 'error', 'the refusal was not shown');
    expect(ctx.llm.requests.at(-1)?.headers.origin).toMatch(/^(chrome|moz)-extension:/);

    await configure(page, ctx.llm, '', 'ollama');
    await send(page, 'Hello again');
    // The person's own message is 'done' too: wait for the answer's row.
    const messages = await waitForMessages(
      page,
      (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done',
      'Ollama did not answer',
    );
    expect(messages.at(-1)?.content).toBe('unused');
    expect(ctx.llm.requests.at(-1)?.headers.origin).toBeUndefined();
    await page.close();
  });
});

describe.each(BROWSERS)('first run with a local Ollama in %s', (browserName) => {
  // Where Ollama listens by default, refusing extension origins as it does without OLLAMA_ORIGINS.
  const ctx = useExtension(browserName, {
    rejectExtensionOrigins: true,
    port: OLLAMA_PORT,
    models: ['llama3.2', 'qwen3'],
  });

  it('finds it, offers it with its models, and works once chosen: no key, no setup', async () => {
    const page = await openSidebar(ctx.session);
    await page.waitFor(() => document.querySelector('[data-testid="ollama-detected"]') !== null, undefined, {
      message: 'the local Ollama was not found',
    });
    expect(await page.text('[data-testid="ollama-detected"]')).toMatch(
      /^Ollama is running on this computer, with 2 models\./,
    );
    expect(await page.evaluate(() => document.querySelector('[data-testid="permission-levels"]') !== null)).toBe(true);
    await page.click('[data-testid="use-ollama"]');
    await page.click('[data-testid="settings-test"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="test-result"]')?.textContent?.startsWith('Connected'),
      undefined,
      { message: 'the connection test failed' },
    );
    await page.click('[data-testid="settings-save"]');
    ctx.llm.script({ kind: 'text', chunks: ['Hello from llama.'] });
    await send(page, 'Hi');
    const messages = await waitForMessages(
      page,
      (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done',
      'Ollama did not answer',
    );
    expect(messages.at(-1)?.content).toBe('Hello from llama.');
    const chat = ctx.llm.requests.find((r) => r.path === '/v1/chat/completions');
    expect(chat?.body).toMatchObject({ model: 'llama3.2' });
    expect(chat?.headers.origin).toBeUndefined();
    await page.close();
  });
});

describe.each(BROWSERS)('the Ollama Origin rule in %s', (browserName) => {
  // The server refuses extension origins as Ollama does.
  const ctx = useExtension(browserName, { rejectExtensionOrigins: true });
  const site = useSite();

  const answered = (page: PageDriver) =>
    waitForMessages(
      page,
      (m) => m.at(-1)?.role === 'assistant' && (m.at(-1)?.status === 'done' || m.at(-1)?.status === 'error'),
      'the chat did not end',
    );
  const sessionRules = (page: PageDriver) => page.evaluate(() => browser.declarativeNetRequest.getSessionRules());

  it("matches only Bosun's own requests to the configured host and port, and goes with the provider", async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, '', 'ollama');
    ctx.llm.script({ kind: 'text', chunks: ['Hello from llama.'] });
    await send(page, 'Hi');
    expect((await answered(page)).at(-1)).toMatchObject({ status: 'done', content: 'Hello from llama.' });
    expect(ctx.llm.requests.at(-1)?.headers.origin).toBeUndefined();
    // One rule: that scheme, host and port only, and only requests Bosun itself starts.
    const rules = await sessionRules(page);
    expect(rules).toHaveLength(1);
    expect(rules[0]?.condition).toMatchObject({
      urlFilter: `|${ctx.llm.url}/`,
      initiatorDomains: [new URL(ctx.session.extensionOrigin).host],
      tabIds: [-1],
      resourceTypes: ['xmlhttprequest'],
    });

    // A web app on another origin talks to the same Ollama from its service worker (tabId -1 as
    // well): the server, outside the browser, still sees the app's Origin and can refuse it.
    const app = await ctx.session.openPage(site.url(`local-ai/index.html?model=${encodeURIComponent(ctx.llm.url)}`));
    await app.waitFor(() => document.getElementById('status')?.textContent === 'Ready', undefined, {
      message: "the app's service worker did not start",
    });
    await app.click('#summarise');
    await app.waitFor(() => document.getElementById('status')?.textContent?.startsWith('Sent'), undefined, {
      message: 'the service worker did not send its request',
    });
    const fromWorker = ctx.llm.requests.filter((r) => r.path === '/api/generate');
    expect(fromWorker).toHaveLength(1);
    expect(fromWorker[0]?.headers.origin).toBe(site.server.url);
    await app.close();

    // Another provider removes the rule: the same server now sees Bosun's Origin and refuses it.
    await configure(page, ctx.llm, '', 'custom');
    // The background removes the rule as it applies the saved settings, which can end after the sidebar is back on the chat.
    await page.waitFor(async () => (await browser.declarativeNetRequest.getSessionRules()).length === 0, undefined, {
      message: 'the rule outlived the change of provider',
    });
    await send(page, 'Hello again');
    expect((await answered(page)).at(-1)?.status).toBe('error');
    expect(ctx.llm.requests.at(-1)?.headers.origin).toMatch(/^(chrome|moz)-extension:/);
    await page.close();
  });
});
