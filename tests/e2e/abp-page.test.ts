import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../hardening/recording-server';
import { BROWSERS, type PageDriver } from './harness';
import { useAbpPage } from './support/abp';
import { answerPrompt, noPromptFor } from './support/agent';
import { useExtension } from './support/extension';
import { configure, openSidebar, showView } from './support/sidebar';
import { useSite } from './support/site';

/** What an agent does with pages through the ABP page: scrape, read, act and run tasks, through the permission gate. */
describe.each(BROWSERS)('the ABP page acting in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  const abp = useAbpPage(ctx, { initialized: true });
  const { call, data } = abp;

  describe('page.read and page.act, through the permission gate', () => {
    let shop: PageDriver;
    let sidebar: PageDriver;
    let tabId: number;
    const status = () => shop.evaluate(() => document.getElementById('status')?.textContent ?? '');
    const addToCart = () => call('page.act', { tabId, action: 'click_element', args: { selector: '#add-to-cart' } });

    beforeAll(async () => {
      shop = await ctx.session.openPage(site.url('product.html'));
      sidebar = await openSidebar(ctx.session);
      await configure(sidebar, ctx.llm);
    });

    it('scrape.pickContent extracts a selector from a URL in a background tab it closes again', async () => {
      const tabs = () => abp.page.evaluate(async () => (await browser.tabs.query({})).map((t) => t.id).sort());
      const before = await tabs();
      const picked = await data('scrape.pickContent', { url: site.url('product.html'), selector: '#product-name' });
      expect(picked).toMatchObject({
        url: site.url('product.html'),
        html: '<h1 id="product-name">Trail Runner 2</h1>',
        markdown: '# Trail Runner 2',
        text: 'Trail Runner 2',
      });
      expect(picked.title).toMatch(/Trail Runner 2/);
      const missing = await call('scrape.pickContent', { url: site.url('product.html'), selector: '#not-on-the-page' });
      expect(missing).toMatchObject({ success: false, error: { code: 'OPERATION_FAILED' } });
      expect(await call('scrape.pickContent', { url: site.url('product.html'), useIncognito: true })).toMatchObject({
        success: false,
        error: { code: 'CAPABILITY_UNAVAILABLE' },
      });
      expect(await call('scrape.pickContent', { url: 'file:///etc/passwd' })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/url: must be an http\(s\) URL/) },
      });
      expect(await tabs()).toEqual(before);
      await data('diagnostics.clearErrors');
    });

    it('page.read reads an open tab, found by its URL, as the read_page tool does', async () => {
      const read = await data('page.read', { url: site.url('product.html') });
      expect(read).toMatchObject({ tabId: expect.any(Number), site: '127.0.0.1', decision: 'auto-approved' });
      // The same text the chat model gets: the page marked as data, not instructions.
      expect(read.content).toMatch(
        /^<untrusted_page_content>\nPage: .*\nURL: http:\/\/127\.0\.0\.1:\d+\/product\.html\n/,
      );
      expect(read.content).toContain('Trail Runner 2');
      expect(read.content).toMatch(/\[\d+\]button "Add to cart"/);
      tabId = read.tabId as number;
      expect(await data('page.read', { tabId, viewportOnly: true })).toMatchObject({
        tabId,
        decision: 'auto-approved',
      });
    });

    it('page.read refuses unclear targets with the field named', async () => {
      const both = await call('page.read', { tabId, url: site.url('product.html') });
      expect(both).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/give either tabId or url/) },
      });
      const closed = await call('page.read', { url: site.url('form.html') });
      expect(closed).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: `url: no open tab shows ${site.url('form.html')}.` },
      });
      expect(await call('page.read', { tabId: 999_999 })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: 'tabId: there is no tab 999999.' },
      });
    });

    it('page.act asks the person in the sidebar, naming the ABP client; allow once performs the click', async () => {
      const pending = addToCart();
      const prompt = await answerPrompt(sidebar, 'allow-once');
      expect(prompt).toMatchObject({
        tool: 'click_element',
        site: '127.0.0.1',
        level: 'interact',
        summary: 'button "Add to cart"',
        requester: 'an AI agent that calls itself “e2e”, through the ABP page (abp-app.html)',
      });
      expect(await pending).toMatchObject({
        success: true,
        data: { tabId, action: 'click_element', site: '127.0.0.1', decision: 'allow-once' },
      });
      expect(await status()).toBe('Added to cart (1)');
    });

    it('a deny is PERMISSION_DENIED and the page is untouched; the Action Log shows the ABP client', async () => {
      const pending = addToCart();
      await answerPrompt(sidebar, 'deny');
      expect(await pending).toMatchObject({
        success: false,
        // Retryable, as the ABP spec says: the person may allow it when asked again.
        error: { code: 'PERMISSION_DENIED', retryable: true, message: expect.stringMatching(/^Denied by the user\./) },
      });
      expect(await status()).toBe('Added to cart (1)');

      await showView(sidebar, 'log');
      await sidebar.waitFor(() => document.querySelectorAll('[data-testid="log-entry"]').length >= 3, undefined, {
        message: 'the log is incomplete',
      });
      const log = await sidebar.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="log-entry"]')]
          .slice(0, 2)
          .map((el) => `${el.dataset.tool} ${el.dataset.decision} ${el.dataset.result} | ${el.dataset.requester}`),
      );
      // Newest first; the details name who asked.
      expect(log).toEqual(['click_element deny denied | abp', 'click_element allow-once success | abp']);
      await sidebar.click('[data-testid="view-chat"]');
    });

    it('a question nobody answers is PERMISSION_DENIED when it runs out of time', async () => {
      await abp.newSession(); // the last session's deny would answer for the person
      await sidebar.click('[data-testid="view-settings"]');
      await sidebar.fill('[data-testid="limit-promptTimeoutSeconds"]', '5');
      await sidebar.click('[data-testid="settings-save"]');
      await sidebar.click('[data-testid="view-chat"]');
      const started = Date.now();
      expect(await addToCart()).toMatchObject({
        success: false,
        error: { code: 'PERMISSION_DENIED', message: expect.stringMatching(/\(decision: deny\)$/) },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
      expect(await status()).toBe('Added to cart (1)');
    });

    it('page.act with bad args is INVALID_PARAMS naming the field, asks nothing and changes nothing', async () => {
      const noTarget = await call('page.act', { tabId, action: 'click_element', args: {} });
      expect(noTarget).toMatchObject({
        success: false,
        error: {
          code: 'INVALID_PARAMS',
          message: expect.stringMatching(/^args: Invalid arguments for click_element: give an index or a selector/),
        },
      });
      const badAction = await call('page.act', { tabId, action: 'delete_everything', args: {} });
      expect(badAction).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/action: /) },
      });
      // A selector that does not parse names nothing: refused before any question, read or click.
      for (const [action, args] of [
        ['click_element', { selector: 'button[' }],
        ['wait_for_element', { selector: '#a:::b' }],
      ] as const) {
        expect(await call('page.act', { tabId, action, args })).toMatchObject({
          success: false,
          error: {
            code: 'INVALID_PARAMS',
            retryable: false,
            message: expect.stringMatching(/^args: Invalid selector: /),
          },
        });
      }
      expect(await noPromptFor(sidebar, 500)).toBe(true);
      expect(await status()).toBe('Added to cart (1)');
    });

    it('a selector wait that runs out is TIMEOUT; a failed action is OPERATION_FAILED and lands in the error log, which only a valid clear empties', async () => {
      expect(await data('diagnostics.clearErrors')).toEqual({ cleared: true });
      const waited = await call('page.act', {
        tabId,
        action: 'wait_for_element',
        args: { selector: '#never-there', timeoutMs: 200 },
      });
      expect(waited).toMatchObject({
        success: false,
        error: { code: 'TIMEOUT', retryable: true, message: 'Timeout waiting for element: #never-there' },
      });
      // An element the last reading never listed: the action fails on the page.
      const scrolled = await call('page.act', {
        tabId,
        action: 'scroll_page',
        args: { direction: 'down', index: 9999 },
      });
      expect(scrolled).toMatchObject({ success: false, error: { code: 'OPERATION_FAILED', retryable: true } });
      const { logs } = (await data('diagnostics.getErrors')) as { logs: { source: string; message: string }[] };
      expect(logs.map((l) => l.source)).toEqual(['page.act']);
      expect(await call('diagnostics.clearErrors', { all: true })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS' },
      });
      expect(await data('diagnostics.getErrors', { countOnly: true })).toEqual({ count: 1 });
      expect(await data('diagnostics.clearErrors')).toEqual({ cleared: true });
      expect(await data('diagnostics.getErrors', { countOnly: true })).toEqual({ count: 0 });
    });

    describe('a new ABP session of the same page', () => {
      const code = `K${randomInt(100_000, 1_000_000)}Q`;
      let mail: RecordingServer;
      beforeAll(async () => {
        mail = await startRecordingServer('127.0.0.3', (path) =>
          path === '/mail.html' ? `<!doctype html><title>Inbox</title><p>Your sign-in code is ${code}.</p>` : null,
        );
      });
      afterAll(() => mail?.close());

      it('keeps what the last one read: a code read on one site cannot be typed on another after a new session unasked', async () => {
        const inbox = await ctx.session.openPage(`${mail.url}/mail.html`);
        const account = await ctx.session.openPage(site.url('account.html'));
        expect((await data('page.read', { url: `${mail.url}/mail.html` })).content).toContain(code);
        await abp.newSession();
        const form = await data('page.read', { url: site.url('account.html') });
        const typing = call('page.act', {
          tabId: form.tabId,
          action: 'type_text',
          args: { selector: '#display-name', text: code },
        });
        const asked = await answerPrompt(sidebar, 'deny');
        expect(asked.dataFlow).toContain(code);
        expect(asked.dataFlow).toContain('127.0.0.3');
        expect(await typing).toMatchObject({ success: false, error: { code: 'PERMISSION_DENIED' } });
        expect(await account.evaluate(() => (document.getElementById('display-name') as HTMLInputElement).value)).toBe(
          '',
        );
        await inbox.close();
        await account.close();
      });
    });

    it('agent.run gives the agent a task through the same gate, polled to its answer; agent.cancel, or its Stop among the running tasks, stops one', async () => {
      const finished = (runId: string) =>
        abp.page.waitFor(
          async (id) => {
            const response = await window.abp.call('agent.status', { runId: id });
            return response.success && response.data.status !== 'running' ? response.data : null;
          },
          runId,
          { timeoutMs: 30_000, message: 'the agent run did not finish' },
        );
      ctx.llm.script(
        { kind: 'tool_calls', calls: [{ id: 'g1', name: 'read_page', arguments: {} }] },
        { kind: 'tool_calls', calls: [{ id: 'g2', name: 'click_element', arguments: { selector: '#add-to-cart' } }] },
        { kind: 'text', chunks: ['Added: the cart shows 2.'] },
      );
      const { runId } = (await data('agent.run', { task: 'Add this to my cart', tabId })) as { runId: string };
      expect(await call('agent.run', { task: 'Something else', tabId })).toMatchObject({
        success: false,
        error: { code: 'OPERATION_FAILED' },
      });
      const prompt = await answerPrompt(sidebar, 'allow-once');
      expect(prompt).toMatchObject({
        tool: 'click_element',
        requester: 'an AI agent, through the ABP page (abp-app.html)',
      });
      expect(await finished(runId)).toMatchObject({
        status: 'answered',
        answer: 'Added: the cart shows 2.',
        actions: [
          { tool: 'read_page', outcome: 'success' },
          { tool: 'click_element', outcome: 'success' },
        ],
      });
      expect(await status()).toBe('Added to cart (2)');

      ctx.llm.script({ kind: 'hang' });
      const second = (await data('agent.run', { task: 'Take your time', tabId })) as { runId: string };
      expect(await data('agent.cancel', { runId: second.runId })).toEqual({ runId: second.runId, cancelled: true });
      expect(await finished(second.runId)).toMatchObject({ status: 'stopped', actions: [] });
      // The person sees a run among the running tasks, and its Stop there stops it.
      ctx.llm.script({ kind: 'hang' });
      const third = (await data('agent.run', { task: 'Wait for the person', tabId })) as { runId: string };
      await showView(sidebar, 'chat');
      await sidebar.waitFor(
        () =>
          document.querySelector('[data-testid="running-task"][data-kind="agent"] .running-task-title')?.textContent ===
          'Wait for the person',
        undefined,
        { message: 'the agent run was not listed among the running tasks' },
      );
      await sidebar.click('[data-testid="running-task"][data-kind="agent"] [data-testid="running-task-stop"]');
      expect(await finished(third.runId)).toMatchObject({ status: 'stopped', actions: [] });
      await sidebar.waitFor(() => document.querySelector('[data-testid="running-task"]') === null, undefined, {
        message: 'the stopped run was still listed',
      });
      expect(await call('agent.status', { runId: 'abprun-unknown' })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/^runId: /) },
      });
      expect(await call('agent.run', { task: '  ', tabId })).toMatchObject({
        success: false,
        error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/task/) },
      });
    });
  });
});
