// The MCP bridge under the person's policy, in both browsers: its acting tools ask Bosun first, a
// question nobody can answer fails at once with PERMISSION_REQUIRED, --allow grants up front for the
// session, and a cancelled call never acts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, testSiteDir, type StaticServer } from '../fixtures/static-server';
import { BROWSERS, launchExtension } from './harness';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLlmServer } from '../fixtures/llm-server';
import { FULL_TOOLS, startBridge, textOf, useBridges, type RunningBridge, type ToolResult } from './support/bridge';
import { DIST } from './support/extension';
import { setSiteRule } from './support/permissions';
import { configure, openSidebar } from './support/sidebar';
import { useSite } from './support/site';

const site = useSite();
/** Another site (127.0.0.2 is a site of its own to Bosun's policy), which no test allows. */
const other = {} as { server: StaticServer };
beforeAll(async () => {
  other.server = await startStaticServer(testSiteDir, '127.0.0.2');
});
afterAll(() => other.server?.close());

describe.each(BROWSERS)('the MCP bridge under the permission policy in %s', { timeout: 240_000 }, (browserName) => {
  // Scripts, cookies and Bosun's page.act are in the full set.
  const bridgeWith = useBridges(browserName, FULL_TOOLS);

  /** The product page's status line, read through Bosun's page.read (read-only: never asks). */
  const status = async (bridge: RunningBridge) => {
    const read = await bridge.data('browser_snapshot');
    return { tabId: read.tabId as number, content: String(read.snapshot) };
  };

  const timed = async (work: () => Promise<ToolResult>) => {
    const started = Date.now();
    const result = await work();
    return { result, ms: Date.now() - started };
  };

  it('headless, an action that needs a question fails at once with PERMISSION_REQUIRED saying how to allow it, and nothing happens', async () => {
    const bridge = await bridgeWith('--allow', '127.0.0.1:navigate');
    await bridge.data('browser_navigate', { url: site.url('product.html') });

    // By selector, the page engine's click_element, as by reference.
    const click = await timed(() => bridge.call('browser_click', { selector: '#add-to-cart' }));
    expect(click.ms).toBeLessThan(10_000);
    expect(click.result).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          retryable: true,
          capability: 'page.act',
          details: {
            tool: 'click_element',
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
      url: site.url('product.html'),
      decision: expect.any(String),
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
    const bridge = await bridgeWith('--question-timeout', '60', '--allow', '127.0.0.1:navigate');
    await bridge.data('browser_navigate', { url: site.url('product.html') });
    const controller = new AbortController();
    const progress: string[] = [];
    const pending = bridge.client.callTool(
      { name: 'browser_eval', arguments: { expression: `document.getElementById('add-to-cart').click()` } },
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
    expect(progress[0]).toMatch(/waiting for the person to answer Bosun's question: Run a script: .* on 127\.0\.0\.1/);
    // Time for a late act to show, had the cancellation not reached Bosun.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await status(bridge)).content).not.toContain('Added to cart');
  });

  it('judges navigation on where it goes: headless, each site needs --allow, and a move through history is judged on its entry', async () => {
    const bridge = await bridgeWith();
    const refused = await bridge.call('browser_navigate', { url: site.url('product.html') });
    expect(refused).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          details: { tool: 'browser_navigate', site: '127.0.0.1', level: 'navigate' },
        },
      },
    });
    expect(textOf(refused)).toMatch(/--allow 127\.0\.0\.1:navigate/);
    expect(await bridge.call('browser_tabs', { action: 'new', url: site.url('product.html') })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'PERMISSION_REQUIRED', details: { tool: 'browser_tabs' } } },
    });

    // Allowed on one site, not on another: there, the history's way forward is refused too.
    const allowed = await bridgeWith('--allow', '127.0.0.1:submit');
    await allowed.data('browser_navigate', { url: site.url('index.html') });
    const elsewhere = `${other.server.url}/product.html`;
    expect(await allowed.call('browser_navigate', { url: elsewhere })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'PERMISSION_REQUIRED', details: { site: '127.0.0.2', level: 'navigate' } } },
    });
    // The page itself may leave (a script the developer allowed on 127.0.0.1 sends it there).
    await allowed.data('browser_eval', { expression: `location.href = ${JSON.stringify(elsewhere)}; 'leaving'` });
    await allowed.data('browser_wait_for', { text: 'Trail Runner 2' });
    expect(await allowed.data('browser_back')).toMatchObject({ url: site.url('index.html') });
    expect(await allowed.call('browser_forward')).toMatchObject({
      isError: true,
      structuredContent: {
        error: { code: 'PERMISSION_REQUIRED', details: { tool: 'browser_forward', site: '127.0.0.2' } },
      },
    });
    expect((await allowed.data('browser_tabs', { action: 'list' })).tabs).toEqual([
      expect.objectContaining({ url: site.url('index.html'), current: true }),
    ]);
  });

  it('a click by selector on "Delete account" meets the critical-action rule: it asks even with submit allowed, so headless it is refused', async () => {
    const bridge = await bridgeWith('--allow', '127.0.0.1:submit');
    await bridge.data('browser_navigate', { url: site.url('account/index.html') });
    await bridge.data('browser_wait_for', { text: 'Ada Lovelace' });
    // A plain click runs under this grant (the first test); this one is critical, so it asks whatever the grant.
    expect(await bridge.call('browser_click', { selector: '#delete' })).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          capability: 'page.act',
          details: { tool: 'click_element', site: '127.0.0.1' },
        },
      },
    });
    // Nothing was clicked: no confirm opened, the status line is empty.
    expect(
      await bridge.data('browser_eval', { expression: `document.getElementById('status').textContent` }),
    ).toMatchObject({ value: '' });
  });

  it("cookies are read under the policy, and an HttpOnly value, in the cookie list or a request's headers, only where --allow-httponly names the site", async () => {
    const withheld = await bridgeWith('--allow', '127.0.0.1:submit');
    await withheld.data('browser_navigate', { url: site.url('index.html') });
    await withheld.data('browser_cookies', { action: 'set', name: 'session', value: 'SECRET-4711', httpOnly: true });
    await withheld.data('browser_cookies', { action: 'set', name: 'theme', value: 'dark' });
    const listed = await withheld.call('browser_cookies', { action: 'list' });
    expect(JSON.stringify(listed)).not.toContain('SECRET-4711');
    expect(listed.structuredContent?.cookies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'theme', value: 'dark' }),
        expect.objectContaining({
          name: 'session',
          httpOnly: true,
          value: expect.stringMatching(/^\[withheld: an HttpOnly cookie.*--allow-httponly 127\.0\.0\.1/),
        }),
      ]),
    );

    // Nor does the Cookie header of a request the page made with it (Firefox reports that header;
    // Chromium's request events carry no cookies at all).
    await withheld.data('browser_navigate', { url: site.url('product.html') });
    const sent = await withheld.data('browser_network_request', { url: site.url('product.html') });
    expect(JSON.stringify(sent)).not.toContain('SECRET-4711');
    if (browserName === 'firefox')
      expect(sent.requestHeaders).toMatchObject({ cookie: expect.stringMatching(/^\[withheld: an HttpOnly cookie/) });

    const granted = await bridgeWith('--allow', '127.0.0.1:submit', '--allow-httponly', '127.0.0.1');
    await granted.data('browser_navigate', { url: site.url('index.html') });
    await granted.data('browser_cookies', { action: 'set', name: 'session', value: 'SECRET-4711', httpOnly: true });
    expect((await granted.data('browser_cookies', { action: 'list' })).cookies).toEqual([
      expect.objectContaining({ name: 'session', value: 'SECRET-4711' }),
    ]);
    await granted.data('browser_navigate', { url: site.url('product.html') });
    const granting = await granted.data('browser_network_request', { url: site.url('product.html') });
    if (browserName === 'firefox')
      expect(granting.requestHeaders).toMatchObject({ cookie: expect.stringContaining('SECRET-4711') });
  });

  describe('on a site the person blocked', () => {
    let profileDir: string;
    let bridge: RunningBridge | undefined;
    beforeAll(async () => {
      // The person blocked 127.0.0.2 in Bosun's Permissions view, in the profile the bridge then uses.
      profileDir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
      const llm = await startLlmServer();
      const browser = await launchExtension(browserName, DIST[browserName], { profileDir });
      try {
        const sidebar = await openSidebar(browser);
        await configure(sidebar, llm);
        await setSiteRule(sidebar, '127.0.0.2', 'blocked');
      } finally {
        await browser.close();
        await llm.close();
      }
    });
    afterAll(async () => {
      await bridge?.close();
      await rm(profileDir, { recursive: true, force: true });
    });

    it('navigation there is refused, --allow or not, and so are reading its cookies and storage', async () => {
      bridge = await startBridge([
        ...['--browser', browserName, '--profile-dir', profileDir, ...FULL_TOOLS],
        ...['--allow', '127.0.0.1:submit', '--allow', '127.0.0.2:submit'],
      ]);
      const blocked = `${other.server.url}/account.html`;
      const refused = { isError: true, structuredContent: { error: { code: 'PERMISSION_DENIED' } } };
      expect(await bridge.call('browser_navigate', { url: blocked })).toMatchObject(refused);
      expect(await bridge.call('browser_tabs', { action: 'new', url: blocked })).toMatchObject(refused);
      // A page may still take the tab there: what the bridge reads of the site is refused.
      await bridge.data('browser_navigate', { url: site.url('index.html') });
      await bridge.data('browser_eval', { expression: `location.href = ${JSON.stringify(blocked)}; 'leaving'` });
      await bridge.data('browser_wait_for', { text: 'Display name' });
      expect(await bridge.call('browser_cookies', { action: 'list' })).toMatchObject(refused);
      expect(await bridge.call('browser_storage', { action: 'read', kind: 'local' })).toMatchObject(refused);
    });
  });
});
