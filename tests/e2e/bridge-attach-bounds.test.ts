// `bosun-bridge --connect` within its bounds, in both browsers: an attached client reads and acts on its
// own tabs only (never the person's tab that shows the same page), its stated task is its scope as a
// chat task's words are, what it read is let go when it leaves, and each way its link can end (the
// bridge killed, Bosun reloaded, the browser closed) leaves a clear state: the next call names what
// happened, nothing keeps running, and a new connection works. The person trusts the test site up to
// "submit", as where they work.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../bridge/native/framing';
import { scopeAnswer } from '../fixtures/llm-server';
import { BROWSERS, waitUntil } from './harness';
import { actionLogEntries } from './support/action-log';
import { answerPrompt, noPromptFor, waitForPrompt } from './support/agent';
import { rawLinkClient, useAttachedBrowser, type Agent } from './support/attached';
import { processTree, textOf, waitForExit } from './support/bridge';
import { startRecordingServer } from '../hardening/recording-server';
import { setSiteRule } from './support/permissions';
import { askTab, useSite } from './support/site';

const site = useSite();
/** What only the person's own tab shows. */
const PERSONS_OWN = 'PERSONS-OWN-7731';

describe.each(BROWSERS)('bosun-bridge --connect within its bounds in %s', { timeout: 300_000 }, (browserName) => {
  const attached = useAttachedBrowser(browserName);
  const clientRows = () =>
    attached.sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="agent-client"]')].map((li) => li.textContent ?? ''),
    );
  const hosts = () => attached.processes().filter((each) => each.command.includes('host.mjs'));
  let claude: Agent;

  it("reads only the agent's own tab, never the person's unshared tab on the same page", async () => {
    await attached.setSwitch(true);
    await waitUntil(() => existsSync(attached.socket()), { message: 'the host did not open its socket' });
    await setSiteRule(attached.sidebar, '127.0.0.1', 'submit');
    const url = site.url('product.html');
    claude = await attached.agent('Claude Code');
    const navigated = await claude.call('browser_navigate', { url });
    expect(navigated.isError, textOf(navigated)).toBeFalsy();
    // The person opens the same page in their own tab, after the agent's, and it shows what is theirs.
    const mine = await attached.session.openPage(url);
    await mine.evaluate((text) => void (document.getElementById('price')!.textContent = text), PERSONS_OWN);

    const read = await claude.call('browser_snapshot');
    expect(read.isError, textOf(read)).toBeFalsy();
    expect(textOf(read)).toContain('$89.99');
    const agentTab = read.structuredContent?.tabId as number;
    const personsTab = await attached.sidebar.evaluate(
      async ({ url, agentTab }) =>
        (await browser.tabs.query({})).find((tab) => tab.url === url && tab.id !== agentTab)!.id!,
      { url, agentTab },
    );

    // A client speaking Bosun's link itself names the person's tab by its address, then by its id.
    const { raw, answers } = await rawLinkClient(attached.socket(), 'Raw Agent');
    raw.write(encodeFrame({ type: 'TAB', requestId: 'own', request: { op: 'current' } }));
    // Its own tab first, so what it names next is looked up with that tab known.
    await waitUntil(() => answers.length >= 2, { message: 'no answer about its own tab' });
    const read1 = { capability: 'page.read', params: { url }, callId: 'c1', requestId: 'r1' };
    const read2 = { capability: 'page.read', params: { tabId: personsTab }, callId: 'c2', requestId: 'r2' };
    const act = {
      capability: 'page.act',
      params: { tabId: personsTab, action: 'click_element', args: { selector: '#add-to-cart' } },
      callId: 'c3',
      requestId: 'r3',
    };
    for (const payload of [read1, read2, act])
      raw.write(encodeFrame({ type: 'ABP', message: { type: 'ABP_CALL', payload } }));
    await waitUntil(() => answers.length >= 5, { message: `${answers.length} of 5 answered`, timeoutMs: 30_000 });
    raw.destroy();
    type Answer = { requestId: string; response: { success: boolean; error?: { code: string } } };
    // Answers come as each call ends, not in the order asked: each is matched by its request id.
    const responses = answers
      .filter((a) => a.type === 'ABP')
      .map((a) => (a as { message: { payload: Answer } }).message.payload)
      .sort((a, b) => a.requestId.localeCompare(b.requestId))
      .map((a) => a.response);
    expect(
      responses.map((r) => r.error?.code),
      JSON.stringify(responses),
    ).toEqual(['INVALID_PARAMS', 'PERMISSION_DENIED', 'PERMISSION_DENIED']);

    // Counted: the person's text reached no client, nor the bridge's log; their page is untouched.
    expect(JSON.stringify([read, answers])).not.toContain(PERSONS_OWN);
    expect(claude.log()).not.toContain(PERSONS_OWN);
    expect(await mine.evaluate(() => document.getElementById('status')!.textContent)).toBe('');
  });

  it("the client's stated task is its scope: an action it did not ask for asks the person, as a chat task's does", async () => {
    // The person lets clicks happen "Always on this site" where they work; then, without a task, a click runs unasked.
    const first = claude.call('browser_click', { selector: '#add-to-cart' });
    if (!(await noPromptFor(attached.sidebar, 3000))) await answerPrompt(attached.sidebar, 'allow-site');
    expect((await first).isError, textOf(await first)).toBeFalsy();
    const unasked = claude.call('browser_click', { selector: '#add-to-cart' });
    expect(await noPromptFor(attached.sidebar, 2000)).toBe(true);
    expect((await unasked).isError, textOf(await unasked)).toBeFalsy();

    const scoped = await attached.agent('Scoped Agent');
    attached.llm.scriptScope(scopeAnswer('navigate'));
    const task = 'Tell me the price of the trail running shoes on this shop';
    const stated = await scoped.call('browser_set_task', { task });
    expect(stated.isError, textOf(stated)).toBeFalsy();
    const navigated = await scoped.call('browser_navigate', { url: site.url('product.html') });
    expect(navigated.isError, textOf(navigated)).toBeFalsy();
    const buying = scoped.call('browser_click', { selector: '#buy-now' });
    const asked = await answerPrompt(attached.sidebar, 'deny');
    expect(asked.requester).toMatch(/Scoped Agent via MCP/);
    expect(asked.beyond).toMatch(/did not ask/);
    const bought = await buying;
    expect(bought.isError).toBe(true);
    expect(textOf(bought)).toMatch(/Denied/);
    // The scope came from the client's words alone, asked once.
    expect(attached.llm.scopeRequests).toHaveLength(1);
    expect(JSON.stringify(attached.llm.scopeRequests[0])).toContain(task);
    const after = await scoped.call('browser_snapshot');
    expect(textOf(after)).not.toContain('Order placed');
  });

  it('a committing action asks even where the person trusts the site, and a blocked site is refused unasked', async () => {
    // The person trusts the shop up to "submit"; "Buy now" commits them, so it is still theirs to decide.
    const buying = claude.call('browser_click', { selector: '#buy-now' });
    const asked = await answerPrompt(attached.sidebar, 'deny');
    expect(asked.critical).not.toBe('');
    expect(asked.requester).toMatch(/Claude Code via MCP/);
    expect((await buying).isError).toBe(true);
    expect(textOf(await claude.call('browser_snapshot'))).not.toContain('Order placed');

    const blocked = await startRecordingServer('127.0.0.3');
    try {
      await setSiteRule(attached.sidebar, '127.0.0.3', 'blocked');
      const refused = await claude.call('browser_navigate', { url: `${blocked.url}/offers` });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/blocked/i);
      expect(await noPromptFor(attached.sidebar, 1500)).toBe(true);
      // Counted at the site itself: nothing reached it.
      expect(blocked.log).toEqual([]);
    } finally {
      await setSiteRule(attached.sidebar, '127.0.0.3', null);
      await blocked.close();
    }
  });

  it('a bridge that dies mid-question: the question is withdrawn, the client is no longer listed, its tabs stay', async () => {
    const doomed = await attached.agent('Doomed Agent');
    attached.llm.scriptScope(scopeAnswer('read-only'));
    expect((await doomed.call('browser_set_task', { task: 'Summarise this page' })).isError).toBeFalsy();
    void doomed.call('browser_navigate', { url: site.url('article.html') }).catch(() => null);
    const asked = await waitForPrompt(attached.sidebar);
    expect(asked.requester).toMatch(/Doomed Agent via MCP/);
    const tabsBefore = await attached.sidebar.evaluate(async () => (await browser.tabs.query({})).length);
    const logBefore = (await actionLogEntries(attached.sidebar)).length;

    const tree = processTree(doomed.pid);
    process.kill(doomed.pid, 'SIGKILL');
    await waitForExit(doomed.pid, 'the killed bridge did not end');
    await attached.sidebar.waitFor(
      () => document.querySelector('[data-testid="permission-prompt"]') === null,
      undefined,
      { message: "the dead client's question stayed" },
    );
    await waitUntil(async () => !(await clientRows()).some((row) => row.includes('Doomed Agent')), {
      message: "the dead bridge's client stayed listed",
    });
    // Its tab stays for the person to see, and nothing ran for it: the log says its question was cancelled.
    expect(await attached.sidebar.evaluate(async () => (await browser.tabs.query({})).length)).toBe(tabsBefore);
    const urls = await attached.sidebar.evaluate(async () => (await browser.tabs.query({})).map((t) => t.url ?? ''));
    expect(urls.filter((u) => u.includes('article.html'))).toEqual([]);
    const logged = (await actionLogEntries(attached.sidebar)).slice(logBefore);
    expect(logged.map((entry) => [entry.toolName, entry.decision])).toEqual([['browser_navigate', 'cancelled']]);
    expect(tree.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
    if (browserName === 'chromium') {
      const titles = await attached.sidebar.evaluate(async () =>
        (await chrome.tabGroups.query({})).map((g) => g.title ?? ''),
      );
      expect(titles).toContain('Bosun agent (disconnected)');
      expect(titles.filter((t) => t === 'Bosun agent')).toHaveLength(2);
    }
    expect((await claude.call('browser_tabs', { action: 'list' })).isError).toBeFalsy();
  });

  it('a client that leaves lets go of what it read: the page holds its listing while the client is there, not after', async () => {
    const reader = await attached.agent('Reader');
    const url = site.url('widgets/long.html');
    const navigated = await reader.call('browser_navigate', { url });
    expect(navigated.isError, textOf(navigated)).toBeFalsy();
    const from = Number(
      /read_listing with from=(\d+) shows them/.exec(textOf(await reader.call('browser_snapshot')))?.[1],
    );
    const part = await reader.call('browser_read_listing', { from });
    expect(part.isError, textOf(part)).toBeFalsy();
    // While the client is there, the page holds its listing: any other id is told it is an older one.
    const ask = () =>
      askTab<{ error?: string }>(attached.sidebar, url, { type: 'READ_LISTING', payload: { snapshotId: 'any', from } });
    expect((await ask()).error).toBe('That listing is from an older reading of the page. Read the page again.');

    await reader.close();
    await waitUntil(async () => (await ask()).error === 'The page has not been read yet. Read the page first.', {
      message: 'the page kept the listing of a client that left',
    });
  });

  it("Bosun reloading ends the link: the client's next call names it, the host stops, and a new connection works", async () => {
    const before = hosts().map((each) => each.pid);
    void attached.sidebar.evaluate(() => void setTimeout(() => browser.runtime.reload(), 50)).catch(() => undefined);
    const ended = await waitUntil(
      async () => {
        const result = await claude.call('browser_tabs', { action: 'list' });
        return result.isError ? result : null;
      },
      { message: 'the reload did not end the link', timeoutMs: 30_000 },
    );
    expect(textOf(ended)).toMatch(/while the browser kept running: Bosun was reloaded/);
    // Bosun, back with its switch on, starts a host of its own: the one it had stops.
    await waitUntil(() => !hosts().some((each) => before.includes(each.pid)), {
      message: 'the host kept running',
      timeoutMs: 15_000,
    });
    await waitUntil(
      async () =>
        attached
          .reopenSidebar()
          .then(() => true)
          .catch(() => false),
      {
        message: 'Bosun did not come back after the reload',
        timeoutMs: 30_000,
      },
    );
    await waitUntil(() => existsSync(attached.socket()) && hosts().length === 1, {
      message: 'the link did not open again',
      timeoutMs: 30_000,
    });
    const fresh = await attached.agent('After Reload');
    const listed = await fresh.call('browser_tabs', { action: 'list' });
    expect(listed.isError, textOf(listed)).toBeFalsy();
    await waitUntil(async () => !(await claude.call('browser_tabs', { action: 'list' })).isError, {
      message: 'the first client did not reconnect',
      timeoutMs: 30_000,
    });
  });
});

describe.each(BROWSERS)('bosun-bridge --connect when the browser closes in %s', { timeout: 300_000 }, (browserName) => {
  const attached = useAttachedBrowser(browserName);
  const hosts = () => attached.processes().filter((each) => each.command.includes('host.mjs'));

  it("the browser closing ends the link: the client's next call names it, and nothing of the link keeps running", async () => {
    await attached.setSwitch(true);
    await waitUntil(() => existsSync(attached.socket()), { message: 'the host did not open its socket' });
    const claude = await attached.agent('Claude Code');
    const listed = await claude.call('browser_tabs', { action: 'list' });
    expect(listed.isError, textOf(listed)).toBeFalsy();
    expect(hosts()).toHaveLength(1);
    await attached.session.close();
    const ended = await claude.call('browser_tabs', { action: 'list' });
    expect(ended.isError).toBe(true);
    expect(textOf(ended)).toMatch(/The browser was closed\./);
    expect(textOf(ended)).not.toMatch(/reloaded/);
    await waitUntil(() => hosts().length === 0 && !existsSync(attached.socket()), {
      message: 'the host or its socket outlived the browser',
      timeoutMs: 15_000,
    });
    const next = await claude.call('browser_tabs', { action: 'list' });
    expect(next.isError).toBe(true);
    expect(textOf(next)).toMatch(/Let AI agents on this computer use this browser/);
  });
});
