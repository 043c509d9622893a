import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useExtension } from './support/extension';
import { configure, openSidebar, send, waitForMessages } from './support/sidebar';

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
    const messages = await waitForMessages(page, (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done', 'Ollama did not answer');
    expect(messages.at(-1)?.content).toBe('unused');
    expect(ctx.llm.requests.at(-1)?.headers.origin).toBeUndefined();
    await page.close();
  });
});
