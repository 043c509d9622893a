// The MCP bridge under the person's policy, in both browsers: its acting tools ask Bosun first, a
// question nobody can answer fails at once with PERMISSION_REQUIRED, --allow grants up front for the
// session, and a cancelled call never acts.
import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { textOf, useBridges, type RunningBridge, type ToolResult } from './support/bridge';
import { useSite } from './support/site';

const site = useSite();

describe.each(BROWSERS)('the MCP bridge under the permission policy in %s', { timeout: 240_000 }, (browserName) => {
  const bridgeWith = useBridges(browserName);

  /** The product page's status line, read through Bosun's page.read (read-only: never asks). */
  const status = async (bridge: RunningBridge) => {
    const read = await bridge.data('abp_page_read', { url: site.url('product.html') });
    return { tabId: read.tabId as number, content: String(read.content) };
  };

  const timed = async (work: () => Promise<ToolResult>) => {
    const started = Date.now();
    const result = await work();
    return { result, ms: Date.now() - started };
  };

  it('headless, an action that needs a question fails at once with PERMISSION_REQUIRED saying how to allow it, and nothing happens', async () => {
    const bridge = await bridgeWith();
    await bridge.data('browser_navigate', { url: site.url('product.html') });

    const click = await timed(() => bridge.call('browser_click', { selector: '#add-to-cart' }));
    expect(click.ms).toBeLessThan(10_000);
    expect(click.result).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          retryable: true,
          details: {
            tool: 'browser_click',
            site: '127.0.0.1',
            level: 'interact',
            allowWith: '--allow 127.0.0.1:interact',
          },
        },
      },
    });
    expect(textOf(click.result)).toMatch(/needs the person's permission .*nobody can answer/);
    expect(textOf(click.result)).toMatch(/Next step: .*--allow/);

    // A script is judged at the highest level; Bosun's own page.act the same way as the bridge's tools.
    expect(await bridge.call('browser_eval', { expression: '1 + 1' })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'PERMISSION_REQUIRED', details: { level: 'submit' } } },
    });
    const { tabId, content } = await status(bridge);
    const act = await timed(() =>
      bridge.call('abp_page_act', { tabId, action: 'click_element', args: { selector: '#add-to-cart' } }),
    );
    expect(act.ms).toBeLessThan(10_000);
    expect(act.result).toMatchObject({
      isError: true,
      structuredContent: {
        error: { code: 'PERMISSION_REQUIRED', capability: 'page.act', details: { tool: 'click_element' } },
      },
    });
    expect(content).not.toContain('Added to cart');
    expect((await status(bridge)).content).not.toContain('Added to cart');
  });

  it('--allow grants a site up to a level for the session: clicks run without a question, a script still needs one', async () => {
    const bridge = await bridgeWith('--allow', '127.0.0.1:interact');
    await bridge.data('browser_navigate', { url: site.url('product.html') });
    expect(await bridge.data('browser_click', { selector: '#add-to-cart' })).toMatchObject({
      selector: '#add-to-cart',
    });
    const { tabId } = await status(bridge);
    expect(
      await bridge.data('abp_page_act', { tabId, action: 'click_element', args: { selector: '#add-to-cart' } }),
    ).toMatchObject({ site: '127.0.0.1' });
    expect((await status(bridge)).content).toContain('Added to cart (2)');
    expect(bridge.log()).toMatch(/allowed for this session: 127\.0\.0\.1:interact/);
    // The grant is bound to its level: a script (submit) still needs the person.
    expect(await bridge.call('browser_eval', { expression: 'document.title' })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'PERMISSION_REQUIRED', details: { allowWith: '--allow 127.0.0.1:submit' } } },
    });
  });

  it('while a question waits, the client hears progress; a cancelled call never acts', async () => {
    // Headless, but told to wait: the question stays open, with nobody to answer it.
    const bridge = await bridgeWith('--question-timeout', '60');
    await bridge.data('browser_navigate', { url: site.url('product.html') });
    const controller = new AbortController();
    const progress: string[] = [];
    const pending = bridge.client.callTool(
      { name: 'browser_click', arguments: { selector: '#add-to-cart' } },
      {
        signal: controller.signal,
        timeout: 120_000,
        onprogress: (update) => {
          progress.push(update.message ?? '');
          controller.abort('the agent changed its mind');
        },
      },
    );
    await expect(pending).rejects.toThrow();
    expect(progress[0]).toMatch(
      /waiting for the person to answer Bosun's question: Click #add-to-cart on 127\.0\.0\.1/,
    );
    // Time for a late act to show, had the cancellation not reached Bosun.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await status(bridge)).content).not.toContain('Added to cart');
  });
});
