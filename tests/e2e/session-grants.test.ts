import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, launchExtension, type ExtensionSession } from './harness';
import { answerPrompt, noPromptFor, waitForPrompt, waitUntilIdle } from './support/agent';
import { DIST } from './support/extension';
import { configure, openSidebar, send } from './support/sidebar';
import { useSite } from './support/site';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';
import { answer } from './support/scripted-turns';

const click = (id: string) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name: 'click_element', arguments: { selector: '#add-to-cart' } }],
});

describe.each(BROWSERS)('a grant "until I close the browser" in %s', (browserName) => {
  const site = useSite();
  let llm: LlmServer;
  let profileDir: string;
  let session: ExtensionSession | undefined;
  beforeAll(async () => {
    llm = await startLlmServer();
    profileDir = await mkdtemp(join(tmpdir(), `bosun-e2e-restart-${browserName}-`));
  });
  afterAll(async () => {
    await session?.close();
    await llm.close();
    await rm(profileDir, { recursive: true, force: true });
  });

  const start = async () => {
    session = await launchExtension(browserName, DIST[browserName], { profileDir });
    const shop = await session.openPage(site.url('product.html'));
    const sidebar = await openSidebar(session);
    return { shop, sidebar };
  };

  it('holds for the rest of the session and is gone after the browser restarts', async () => {
    const first = await start();
    await configure(first.sidebar, llm);
    llm.script(click('c1'), answer('Added.'), click('c2'), answer('Added again.'));
    await send(first.sidebar, 'Add it to my cart');
    await answerPrompt(first.sidebar, 'allow-session');
    await waitUntilIdle(first.sidebar);
    await send(first.sidebar, 'And one more');
    expect(await noPromptFor(first.sidebar, 1500)).toBe(true);
    await waitUntilIdle(first.sidebar);
    expect(await first.shop.evaluate(() => document.getElementById('status')?.textContent)).toBe('Added to cart (2)');
    await session?.close();
    session = undefined;

    // Same profile, new browser session: the settings are still there, the session grant is not.
    const second = await start();
    llm.script(click('c3'), answer('Not added.'));
    await send(second.sidebar, 'Add it again');
    const prompt = await waitForPrompt(second.sidebar);
    expect(prompt).toMatchObject({ tool: 'click_element', site: '127.0.0.1' });
    await answerPrompt(second.sidebar, 'deny');
    await waitUntilIdle(second.sidebar);
    expect(await second.shop.evaluate(() => document.getElementById('status')?.textContent)).toBe('');
  });
});
