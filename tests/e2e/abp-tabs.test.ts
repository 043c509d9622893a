// ABP work beside the person's tasks: an agent.run keeps the tabs it opens in a tab group of its
// own, as a chat task does; an ABP page call never acts on a tab a running task works in, and a task
// never acts on a tab an ABP call works in.
import { describe, expect, it, onTestFinished } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import type { Step } from '../fixtures/llm-server';
import { useAbpPage } from './support/abp';
import { answerPrompt, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { call, toolResults } from './support/scripted-turns';
import { send, showView, waitForMessages } from './support/sidebar';
import { endedGroups } from './support/tab-groups';

/** A promise the test settles: the model's answers wait for it; a test that fails lets them go too. */
function hold() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  onTestFinished(() => release());
  return { released, release };
}

/** The id of the tab showing `url`. */
const tabShowing = (page: PageDriver, url: string) =>
  page.evaluate(async (u) => (await browser.tabs.query({})).find((t) => t.url === u)?.id ?? -1, url);

describe.each(BROWSERS)('ABP work beside the tasks in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { openFirst: 'article.html', fresh: true });
  const { sidebar, site } = ctx;
  const abp = useAbpPage(ctx, { initialized: true });

  it("an agent run's tabs are in a tab group of its own, named for its task and marked when it ends", async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'navigate');
    const product = site.url('product.html?by=abp-run');
    ctx.llm.respondWith((body): Step =>
      toolResults(body).length === 0 ? call('open_tab', { url: product }) : { kind: 'text', chunks: ['Opened.'] },
    );
    const article = site.url('article.html');
    const personTab = await tabShowing(sidebar, article);
    const { runId } = (await abp.data('agent.run', { task: 'Open the product page for me', tabId: personTab })) as {
      runId: string;
    };
    const finished = await abp.page.waitFor(
      async (id) => {
        const response = await window.abp.call('agent.status', { runId: id });
        return response.success && response.data.status !== 'running' ? response.data : null;
      },
      runId,
      { timeoutMs: 30_000, message: 'the agent run did not finish' },
    );
    expect(finished).toMatchObject({ status: 'answered', answer: 'Opened.' });
    const groups = await endedGroups(sidebar, [product]);
    expect(groups[product]).toEqual({
      groupId: groups[product]?.groupId,
      title: '✓ Open the product page…',
      color: 'grey',
    });
    expect(groups[product]?.groupId).toBeGreaterThanOrEqual(0);
    // The tab the run started on is the person's: in no group.
    expect(groups[article]?.groupId).toBe(-1);
  });

  it('an ABP page call is refused on a tab a running chat task works in, naming that task, until it ends', async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
    const held = hold();
    const tabId = await tabShowing(sidebar, site.url('article.html'));
    ctx.llm.respondWith(async (body): Promise<Step> => {
      if (toolResults(body).length === 0) return call('switch_tab', { tabId });
      await held.released;
      return { kind: 'text', chunks: ['Read.'] };
    });
    await showView(sidebar, 'chat');
    await send(sidebar, 'Read the article tab');
    // The task has switched to the article's tab, which makes it the tab that task works in.
    const deadline = Date.now() + 15_000;
    while (!ctx.llm.requests.some((r) => toolResults(r.body).length === 1) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const inUse = {
      success: false,
      error: {
        code: 'PERMISSION_DENIED',
        message: expect.stringContaining(
          `tab ${tabId} is in use by a chat task in Bosun's sidebar, and two tasks never act on the same tab`,
        ),
      },
    };
    expect(await abp.call('page.read', { tabId })).toMatchObject(inUse);
    const before = site.server.requests.length;
    // A click on the article's link to the product page: nothing loads.
    const click = { tabId, action: 'click_element', args: { selector: 'a[href="product.html"]' } };
    expect(await abp.call('page.act', click)).toMatchObject(inUse);
    expect(site.server.requests.length).toBe(before);

    held.release();
    await waitUntilIdle(sidebar);
    // The task ended and let go of the tab: the call runs.
    expect(await abp.call('page.read', { tabId })).toMatchObject({ success: true, data: { tabId } });
  });

  it('a chat task is refused a tab an ABP call works in, naming the ABP client', async () => {
    // The ABP call's click asks the person: it works in the tab while the question waits.
    await setSiteRule(sidebar, '127.0.0.1', 'read-only');
    const tabId = await tabShowing(sidebar, site.url('article.html'));
    const clicking = abp.call('page.act', { tabId, action: 'click_element', args: { selector: 'h1' } });
    // Awaited below; a failure before then must not go unheard.
    clicking.catch(() => undefined);
    await waitForPrompt(sidebar);
    ctx.llm.respondWith((body): Step => {
      const done = toolResults(body);
      if (done.length === 0) return call('switch_tab', { tabId });
      return { kind: 'text', chunks: [`Told: ${done[0] ?? ''}`] };
    });
    await send(sidebar, 'Work in the article tab');
    const told = await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.status === 'done' && m.at(-1)?.content.startsWith('Told:') === true,
      'the chat task did not answer',
    );
    expect(told.at(-1)?.content).toContain(
      `tab ${tabId} is in use by an ABP client's call, and two tasks never act on the same tab`,
    );
    await answerPrompt(sidebar, 'deny');
    expect(await clicking).toMatchObject({ success: false, error: { code: 'PERMISSION_DENIED' } });
  });
});
