// `bosun-bridge --connect` in both browsers: a browser started as a person's (a persistent profile
// with Bosun, HOME a temporary home where `bosun-bridge install` wrote the host manifest), the official
// MCP client running the bridge, the person's switch in Settings and answers in the sidebar.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../bridge/native/framing';
import { AbpToBackground } from '../../src/protocol/abp-to-background';
import { isAccepted, mutatedMessages } from '../hardening/message-mutations';
import { FUZZ_SEED, seededRandom } from '../hardening/seeded-random';
import { BROWSERS, waitUntil } from './harness';
import { actionLogEntries } from './support/action-log';
import { answerPrompt } from './support/agent';
import { rawLinkClient, useAttachedBrowser, type Agent } from './support/attached';
import { FULL_TOOLS, listeningSockets, processTree, textOf, waitForExit } from './support/bridge';
import { setSiteRule } from './support/permissions';
import { send, waitForMessages } from './support/sidebar';
import { useSite } from './support/site';

const site = useSite();

describe.each(BROWSERS)('bosun-bridge --connect in %s', { timeout: 300_000 }, (browserName) => {
  const attached = useAttachedBrowser(browserName);
  const { agents, agent, setSwitch, socket } = attached;

  it('install wrote the host manifest for the browser, allowing Bosun only', () => {
    const dir =
      browserName === 'chromium'
        ? join(attached.home, '.config', 'chromium', 'NativeMessagingHosts')
        : join(attached.home, '.mozilla', 'native-messaging-hosts');
    const manifest = JSON.parse(readFileSync(join(dir, 'org.bosun_agent.bridge.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({ name: 'org.bosun_agent.bridge', type: 'stdio' });
    if (browserName === 'chromium') expect(manifest.allowed_origins).toEqual([`${attached.session.extensionOrigin}/`]);
    else expect(manifest.allowed_extensions).toEqual(['bosun@bosun-agent.org']);
  });

  it('with the switch off (the default), a call is refused with how to turn it on', async () => {
    const off = await agent('Claude Code');
    const refused = await off.call('browser_navigate', { url: site.url('product.html') });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/Let AI agents on this computer use this browser/);
    expect(existsSync(socket())).toBe(false);
  });

  it('switched on, the agent reads a page and acts after the person answers; the sidebar and the Action Log name it', async () => {
    await setSwitch(true);
    await waitUntil(() => existsSync(socket()), { message: 'the host did not open its socket', timeoutMs: 20_000 });
    // Only the user may reach it: the directory 0700, the socket 0600; and no TCP port is open.
    expect(statSync(join(attached.home, '.bosun-bridge')).mode & 0o777).toBe(0o700);
    expect(statSync(socket()).mode & 0o777).toBe(0o600);

    const claude = await agent('Claude Code');
    const navigating = claude.call('browser_navigate', { url: site.url('product.html') });
    const asked = await answerPrompt(attached.sidebar, 'allow-once');
    expect(asked.requester).toMatch(/Claude Code via MCP/);
    const navigated = await navigating;
    expect(navigated.isError, textOf(navigated)).toBeFalsy();
    expect(listeningSockets(processTree(claude.pid))).toEqual([]);

    await attached.sidebar.waitFor(() =>
      document.querySelector('[data-testid="agent-client"]')?.textContent?.includes('Claude Code'),
    );

    const read = await claude.call('browser_snapshot');
    expect(read.isError, textOf(read)).toBeFalsy();
    expect(textOf(read)).toContain('Add to cart');

    const clicking = claude.call('browser_click', { selector: '#add-to-cart' });
    const question = await answerPrompt(attached.sidebar, 'allow-once');
    expect(question.requester).toMatch(/Claude Code via MCP/);
    const clicked = await clicking;
    expect(clicked.isError, textOf(clicked)).toBeFalsy();
    const after = await claude.call('browser_snapshot');
    expect(textOf(after)).toContain('Added to cart (1)');

    const shot = await claude.call('browser_screenshot');
    expect(shot.isError, textOf(shot)).toBeFalsy();
    expect(shot.content.some((part) => part.type === 'image')).toBe(true);

    const log = await actionLogEntries(attached.sidebar);
    expect(log.some((entry) => JSON.stringify(entry).includes('Claude Code via MCP'))).toBe(true);

    // What needs a debugging protocol says so, and asks nobody (browser_back, of the default tools).
    const back = await claude.call('browser_back', {});
    expect(back.isError).toBe(true);
    expect(textOf(back)).toMatch(/not offer|debugging protocol/);
  });

  it('a second client gets its own tabs', async () => {
    const claudeTabs = await agents.at(-1)!.call('browser_tabs', { action: 'list' });
    const other = await agent('Other Agent');
    const listed = await other.call('browser_tabs', { action: 'list' });
    expect(listed.isError, textOf(listed)).toBeFalsy();
    const urls = (listed.structuredContent?.tabs as { url: string }[]).map((tab) => tab.url);
    expect(urls).not.toContain(site.url('product.html'));
    expect(JSON.stringify(claudeTabs.structuredContent)).toContain('product.html');
    await attached.sidebar.waitFor(() => document.querySelectorAll('[data-testid="agent-client"]').length === 2);
  });

  it('a tab the person shares is listed to and read by that client only; before sharing and after Stop sharing it is not', async () => {
    const [claude, other] = agents.slice(-2) as [Agent, Agent];
    const shared = site.url('article.html');
    const urls = async (each: Agent) => {
      const listed = await each.call('browser_tabs', { action: 'list' });
      expect(listed.isError, textOf(listed)).toBeFalsy();
      return (listed.structuredContent?.tabs as { url: string }[]).map((tab) => tab.url);
    };
    const row = (name: string, testid: string) =>
      attached.sidebar.evaluate(
        ({ name, testid }) => {
          const li = [...document.querySelectorAll('[data-testid="agent-client"]')].find((each) =>
            each.textContent?.includes(name),
          );
          li?.querySelector<HTMLButtonElement>(`[data-testid="${testid}"]`)?.click();
          return li !== undefined;
        },
        { name, testid },
      );
    const sharedShown = (count: number) =>
      attached.sidebar.waitFor(
        (n) => document.querySelectorAll('[data-testid="agent-shared-tab"]').length === n,
        count,
        {
          message: `the sidebar does not show ${count} shared tab(s)`,
        },
      );

    // The person's own tab, on a page the agents never opened.
    const page = await attached.session.openPage(shared);
    expect(await urls(claude)).not.toContain(shared);
    const working = await claude.call('browser_snapshot');
    expect(textOf(working)).not.toContain('River Guide');

    expect(await row('Claude Code', 'agent-share')).toBe(true);
    await sharedShown(1);
    const listed = await urls(claude);
    expect(listed).toContain(shared);
    expect(await urls(other)).not.toContain(shared);
    const active = await attached.sidebar.evaluate(async () =>
      (await browser.tabs.query({ active: true })).map((t) => t.id),
    );
    const selected = await claude.call('browser_tabs', { action: 'select', index: listed.indexOf(shared) });
    expect(selected.isError, textOf(selected)).toBeFalsy();
    const read = await claude.call('browser_snapshot');
    expect(read.isError, textOf(read)).toBeFalsy();
    expect(textOf(read)).toContain('River Guide');
    // It stays the person's: the agent cannot close it, and reading it brought no tab to the front.
    const closing = await claude.call('browser_tabs', { action: 'close', index: listed.indexOf(shared) });
    expect(closing.isError).toBe(true);
    expect(textOf(closing)).toMatch(/is the person's/);
    expect(
      await attached.sidebar.evaluate(async () => (await browser.tabs.query({ active: true })).map((t) => t.id)),
    ).toEqual(active);

    expect(await row('Claude Code', 'agent-stop-sharing')).toBe(true);
    await sharedShown(0);
    expect(await urls(claude)).not.toContain(shared);
    // Its working tab is its own again.
    const after = await claude.call('browser_snapshot');
    expect(textOf(after)).not.toContain('River Guide');
    expect(textOf(after)).toContain('Add to cart');

    // A shared tab that closes ends its share.
    await row('Claude Code', 'agent-share');
    await sharedShown(1);
    await page.close();
    await sharedShown(0);
    expect(await urls(claude)).not.toContain(shared);
  });

  it('in Chromium, each client\'s tabs are its own "Bosun agent" tab group', async () => {
    if (browserName !== 'chromium') return;
    // The second client's first read opens its first tab.
    await agents.at(-1)!.call('browser_snapshot');
    const groups = await attached.sidebar.evaluate(async () => {
      const found = await chrome.tabGroups.query({ title: 'Bosun agent' });
      return Promise.all(found.map(async (g) => (await chrome.tabs.query({ groupId: g.id })).map((t) => t.url ?? '')));
    });
    expect(groups).toHaveLength(2);
    expect(groups.filter((urls) => urls.some((url) => url.includes('product.html')))).toHaveLength(1);
    // Each group is in its client's own window, not moved into the person's (the browser's current one).
    const windows = await attached.sidebar.evaluate(async () => ({
      person: (await chrome.tabs.getCurrent())!.windowId,
      groups: (await chrome.tabGroups.query({ title: 'Bosun agent' })).map((g) => g.windowId),
    }));
    expect(new Set([windows.person, ...windows.groups]).size).toBe(3);
  });

  it('each tab it opens at a page loads that page, however quickly they come', async () => {
    const other = agents.at(-1)!;
    // The person lets agents go anywhere on the site unasked, as people do.
    await setSiteRule(attached.sidebar, '127.0.0.1', 'navigate');
    const pages = Array.from({ length: 8 }, (_, i) => site.url(`article.html?tab=${i}`));
    try {
      for (const url of pages) {
        const opened = await other.call('browser_tabs', { action: 'new', url });
        expect(opened.isError, textOf(opened)).toBeFalsy();
      }
      const listed = await other.call('browser_tabs', { action: 'list' });
      const urls = (listed.structuredContent?.tabs as { url: string }[]).map((tab) => tab.url);
      expect(urls).toEqual(expect.arrayContaining(pages));
    } finally {
      await setSiteRule(attached.sidebar, '127.0.0.1', null);
    }
  });

  it("the person's chat task and an agent work side by side, neither disturbing the other", async () => {
    const active = () =>
      attached.sidebar.evaluate(async () => (await browser.tabs.query({ active: true })).map((t) => t.id).sort());
    const before = await active();
    attached.llm.script({ kind: 'text', chunks: ['Fair', ' winds', ' today.'], delayMs: 1500 });
    await send(attached.sidebar, 'Say hello');
    await waitForMessages(attached.sidebar, (m) => m.at(-1)?.content === 'Fair', 'the chat answer did not start');
    // While the person's answer is arriving, the agent reads its own tab.
    const read = await agents.at(-2)!.call('browser_snapshot');
    expect(read.isError, textOf(read)).toBeFalsy();
    expect(textOf(read)).toContain('Add to cart');
    const shown = await waitForMessages(
      attached.sidebar,
      (m) => m.at(-1)?.status === 'done',
      'the chat answer did not end',
      30_000,
    );
    expect(shown.map((m) => m.content)).toEqual(['Say hello', 'Fair winds today.']);
    expect(await active()).toEqual(before);
  });

  it('a client that speaks out of turn changes nothing: malformed messages and tasks, a navigation nobody allowed, a grant of its own', async () => {
    const { raw, answers } = await rawLinkClient(socket(), 'Raw Agent');
    const logBefore = (await actionLogEntries(attached.sidebar)).length;

    // Mutated ABP messages that Bosun's channel must refuse, even with the session and name it gives them.
    const random = seededRandom(FUZZ_SEED);
    const named = (m: unknown) =>
      typeof m === 'object' && m !== null && typeof (m as { payload?: unknown }).payload === 'object'
        ? { ...m, payload: { ...(m as { payload: object }).payload, sessionId: 's', agent: 'a' } }
        : m;
    const abp = mutatedMessages({ schemas: AbpToBackground }, random, 300, true)
      .map((text) => JSON.parse(text) as unknown)
      .filter((m) => !isAccepted({ schemas: AbpToBackground }, named(m)))
      .slice(0, 100);
    const tabs = [
      { op: 'current', extra: 1 },
      { op: 'navigate', tabId: 1, url: 'javascript:alert(1)' },
      { op: 'x' },
      'list',
      null,
    ];
    // Tasks it states that are no task: empty, blank, over 4,000 characters, not text.
    const tasks = ['', '   ', 'x'.repeat(4001), 42, null, { task: 'Buy it' }];
    for (const message of abp) raw.write(encodeFrame({ type: 'ABP', message }));
    tabs.forEach((request, i) => raw.write(encodeFrame({ type: 'TAB', requestId: `t${i}`, request })));
    tasks.forEach((task, i) => raw.write(encodeFrame({ type: 'TASK', requestId: `k${i}`, task })));
    // A navigation the person never allowed, and a grant it wrote itself.
    raw.write(encodeFrame({ type: 'TAB', requestId: 'open', request: { op: 'open', url: site.url('product.html') } }));
    const grant = {
      type: 'ABP_GRANT',
      payload: { requestId: 'g', sessionId: 's', access: [{ site: '127.0.0.1', level: 'submit' }], tools: [] },
    };
    raw.write(encodeFrame({ type: 'ABP', message: grant }));
    const expected = 1 + abp.length + tabs.length + tasks.length + 2;
    await waitUntil(() => answers.length >= expected, {
      message: `${answers.length - 1} of ${expected - 1} answered`,
      timeoutMs: 60_000,
    });
    const replies = answers.slice(1) as {
      type: string;
      message?: { payload: { response: { success: boolean } } };
      result?: { ok: boolean; error?: string };
    }[];
    expect(replies.filter((r) => r.type === 'ABP').every((r) => r.message!.payload.response.success === false)).toBe(
      true,
    );
    expect(replies.filter((r) => r.type === 'TAB_RESULT').every((r) => r.result!.ok === false)).toBe(true);
    expect(JSON.stringify(replies)).toContain("was not allowed by Bosun's policy first");
    expect(JSON.stringify(replies)).toContain('cannot grant itself');
    // Nothing asked, nothing logged, no tab opened.
    expect(
      await attached.sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') === null),
    ).toBe(true);
    expect((await actionLogEntries(attached.sidebar)).length).toBe(logBefore);
    raw.destroy();
    await attached.sidebar.waitFor(() => document.querySelectorAll('[data-testid="agent-client"]').length === 2);
  });

  it("Disconnect in the sidebar ends that client's link: its next call says so, the one after reconnects", async () => {
    const other = agents.at(-1)!;
    await attached.sidebar.evaluate(() => {
      const row = [...document.querySelectorAll('[data-testid="agent-client"]')].find((li) =>
        li.textContent?.includes('Other Agent'),
      );
      row?.querySelector<HTMLButtonElement>('[data-testid="agent-disconnect"]')?.click();
    });
    await attached.sidebar.waitFor(() => document.querySelectorAll('[data-testid="agent-client"]').length === 1);
    const ended = await other.call('browser_tabs', { action: 'list' });
    expect(ended.isError).toBe(true);
    expect(textOf(ended)).toMatch(/disconnected this agent/);
    const again = await other.call('browser_tabs', { action: 'list' });
    expect(again.isError, textOf(again)).toBeFalsy();
  });

  it("the background stopping ends the link: each client's next call says so, and once Bosun runs again they reconnect", async () => {
    const [claude, other] = agents.slice(-2);
    await attached.session.stopBackground();
    for (const each of [claude!, other!]) {
      const ended = await each.call('browser_tabs', { action: 'list' });
      expect(ended.isError).toBe(true);
      expect(textOf(ended)).toMatch(/link (ended|closed)|no longer reachable|not open/);
    }
    // A sidebar that opens wakes the background, which opens the link again as the switch is still on.
    // Until the new link is up, a call says to call again (the old socket file may still be there).
    await attached.reopenSidebar();
    for (const each of [claude!, other!])
      await waitUntil(
        async () => {
          const again = await each.call('browser_tabs', { action: 'list' });
          if (again.isError) expect(textOf(again)).toMatch(/Call again to reconnect/);
          return !again.isError;
        },
        { message: 'the client did not reconnect', timeoutMs: 30_000 },
      );
    await attached.sidebar.waitFor(() => document.querySelectorAll('[data-testid="agent-client"]').length === 2);
  });

  it('a bridge that dies leaves nothing behind: the sidebar drops its client, and the others go on', async () => {
    const claude = agents.at(-2)!;
    process.kill(claude.pid, 'SIGKILL');
    await waitForExit(claude.pid, 'the killed bridge did not end');
    await attached.sidebar.waitFor(
      () =>
        ![...document.querySelectorAll('[data-testid="agent-client"]')].some((li) =>
          li.textContent?.includes('Claude Code'),
        ),
      undefined,
      { message: "the dead bridge's client stayed listed" },
    );
    const other = await agents.at(-1)!.call('browser_tabs', { action: 'list' });
    expect(other.isError, textOf(other)).toBeFalsy();
  });

  it('turning the switch off ends every connection; the next call says how to turn it on', async () => {
    await setSwitch(false);
    await attached.sidebar.waitFor(() => document.querySelector('[data-testid="agent-client"]') === null);
    for (const each of agents.slice(-1)) {
      const ended = await each.call('browser_tabs', { action: 'list' });
      expect(ended.isError).toBe(true);
      expect(textOf(ended)).toMatch(/turned off|Let AI agents on this computer use this browser/);
    }
    await waitUntil(() => !existsSync(socket()), { message: 'the host left its socket behind' });
  });
  it('with every tool listed, each that needs a debugging protocol says so in its description and its answer, asking nobody', async () => {
    await setSwitch(true);
    await waitUntil(() => existsSync(socket()), { message: 'the host did not open its socket again' });
    const full = await agent('Full Agent', FULL_TOOLS);
    const marked = (await full.listTools()).filter((tool) =>
      tool.description?.includes('Not available with --connect'),
    );
    // Console, network details, service workers, offline, emulation, scripts, site data, dialogs,
    // uploads, waiting and the tab's history: as the README lists them.
    expect(marked.map((tool) => tool.name).sort()).toEqual(
      [
        'browser_console',
        'browser_network_sources',
        'browser_network_request',
        'browser_service_workers',
        'browser_set_offline',
        'browser_emulate',
        'browser_eval',
        'browser_cookies',
        'browser_storage',
        'browser_handle_dialog',
        'browser_upload',
        'browser_wait_for',
        'browser_back',
        'browser_forward',
        'browser_reload',
      ].sort(),
    );
    for (const name of ['browser_console', 'browser_service_workers', 'browser_forward', 'browser_reload']) {
      const answer = await full.call(name, {});
      expect(answer.isError, name).toBe(true);
      expect(textOf(answer), name).toMatch(/not offer|debugging protocol/);
    }
    expect(
      await attached.sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') === null),
    ).toBe(true);
  });
});
