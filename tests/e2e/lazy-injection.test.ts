// Bosun's page engine (content.js) and reader (reader.js) are injected on first use, not into every
// page. Observed as the background would: a request sent straight to the tab finds no engine to
// answer it, then an engine that says the reader is not loaded, then an answer from both.
import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { answerPrompt, openOnly, startFresh, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { answer, call } from './support/scripted-turns';
import { send } from './support/sidebar';

describe.each(BROWSERS)('lazy injection in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName);
  const { site, sidebar } = ctx;

  /** EXTRACT_PAGE sent to the tab by an extension page, which injects nothing: who answers it. */
  const probe = (url: string) =>
    sidebar.evaluate(async (address) => {
      // Found by its address, outside the try: a probe that reaches no tab must fail, not read as "no engine".
      const tab = (await browser.tabs.query({})).find((t) => t.url === address);
      if (tab?.id === undefined) throw new Error(`no tab shows ${address}`);
      try {
        const reply = (await browser.tabs.sendMessage(tab.id, { type: 'EXTRACT_PAGE', payload: {} })) as {
          success?: boolean;
          needs?: string;
        } | null;
        if (reply?.needs === 'reader') return 'engine without reader';
        return reply?.success === true ? 'engine and reader' : `no engine (${JSON.stringify(reply)})`;
      } catch (error) {
        return `no engine (${String(error)})`;
      }
    }, url);

  it('has neither before Bosun acts, the engine alone after a click, and the reader after read_page', async () => {
    await startFresh(sidebar);
    ctx.llm.reset();
    const url = site.url('form.html');
    const page = await openOnly(ctx.session, sidebar, url);
    await page.waitFor(() => document.readyState === 'complete');
    expect(await probe(url)).toMatch(/^no engine \(.*Receiving end does not exist/);

    ctx.llm.script(call('click_element', { selector: '#name' }), answer('Clicked.'));
    await send(sidebar, 'Click the name field');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(await probe(url)).toBe('engine without reader');

    ctx.llm.script(call('read_page', {}), answer('Read.'));
    await send(sidebar, 'Read the page');
    await waitUntilIdle(sidebar);
    expect(await probe(url)).toBe('engine and reader');
  });
});
