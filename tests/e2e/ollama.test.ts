import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useExtension } from './support/extension';
import { openSidebar, configure, send, waitForMessages } from './support/sidebar';

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
