import { describe, expect, it } from 'vitest';
import { BROWSERS, waitUntil } from './harness';
import { openOnly, shownTools, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send } from './support/sidebar';
import { askTab } from './support/site';
import { call, toolResults } from './support/scripted-turns';

type Reply = { success: boolean; error?: string; text?: string; from?: number };

/**
 * What a task read is let go when the task ends, and what an ABP client read when it leaves: the
 * page engine holds the listing (its walk, its entries and their elements) only while the reader
 * that got its indices is there. A new reading works.
 */
describe.each(BROWSERS)("the page engine once the agent's task ended or an ABP client left, in %s", (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { site, sidebar } = ctx;

  it('keeps the listing while the task reads it in parts, and lets it go when the task ends', async () => {
    const url = site.url('widgets/long.html');
    const page = await openOnly(ctx.session, sidebar, url);
    ctx.llm.respondWith((body) => {
      const results = toolResults(body);
      if (results.length === 0) return call('read_page', {});
      if (results.length === 1) {
        const from = Number(/read_listing with from=(\d+) shows them/.exec(results[0]!)?.[1]);
        return call('read_listing', { from });
      }
      return { kind: 'text', chunks: ['Read it all.'] };
    });
    await send(sidebar, 'What does this page list?');
    await waitUntilIdle(sidebar);
    // During the task, the listing went on from where its first part ended, with the same walk.
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'read_page', outcome: 'success' },
      { tool: 'read_listing', outcome: 'success' },
    ]);
    expect(toolResults(ctx.llm.requests.at(-1)?.body).at(-1)).toMatch(/elements 1–\d+ are in an earlier part/);
    expect(ctx.llm.failures).toEqual([]);

    // The task ended: the page holds no listing (one kept would make this an older reading).
    const ask = <R = Reply>(message: unknown) => askTab<R>(sidebar, url, message);
    expect(await ask({ type: 'READ_LISTING', payload: { snapshotId: 'any', from: 1 } })).toEqual({
      success: false,
      error: 'The page has not been read yet. Read the page first.',
    });
    expect(await ask({ type: 'CLICK_ELEMENT', payload: { index: 1, snapshotId: 'any' } })).toMatchObject({
      success: false,
      error: 'Stale index: the page has not been read yet. Read the page first.',
    });

    // A new reading lists the page again, and its listing goes on in parts.
    const read = await ask<{ snapshotId: string; interactiveElements: string; truncated: boolean }>({
      type: 'READ_PAGE',
      payload: { maxChars: 2000 },
    });
    expect(read.truncated).toBe(true);
    const next = Number(/read_listing with from=(\d+) shows them/.exec(read.interactiveElements)?.[1]);
    expect(await ask({ type: 'READ_LISTING', payload: { snapshotId: read.snapshotId, from: next } })).toMatchObject({
      success: true,
      from: next,
    });
    await page.close();
  });

  it('keeps the listing while the client reads it in parts, and lets it go when the ABP page closes', async () => {
    const url = site.url('widgets/long.html');
    const page = await ctx.session.openPage(url);
    const abp = await ctx.session.openExtensionPage('abp-app.html');
    const call = (capability: string, params: unknown) =>
      abp.evaluate(({ capability, params }) => window.abp.call(capability, params), { capability, params });
    await abp.evaluate(() => window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }));
    const read = await call('page.read', { url });
    const first = read.success ? String(read.data.content) : JSON.stringify(read);
    const from = Number(/read_listing with from=(\d+) shows them/.exec(first)?.[1]);
    expect(await call('page.readListing', { url, from })).toMatchObject({ success: true });
    // While the client is there, the page holds its listing: any other id is told it is an older one.
    const ask = (message: unknown) => askTab<Reply>(sidebar, url, message);
    expect(await ask({ type: 'READ_LISTING', payload: { snapshotId: 'any', from } })).toMatchObject({
      success: false,
      error: 'That listing is from an older reading of the page. Read the page again.',
    });

    await abp.close();
    await waitUntil(
      async () =>
        (await ask({ type: 'READ_LISTING', payload: { snapshotId: 'any', from: 1 } })).error ===
        'The page has not been read yet. Read the page first.',
      { message: 'the page kept the listing of an ABP client that left' },
    );
    await page.close();
  });
});
