import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useAbpPage } from './support/abp';
import { answerPrompt } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { indexByLabel } from './support/listing';

/**
 * What page.read cuts on a long page, read on through ABP: its markers name the chat's read_listing
 * and get_page_content, which page.readListing and page.getContent run, at the read level.
 */
describe.each(BROWSERS)('ABP on long pages in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName);
  const { site, sidebar } = ctx;
  const { call, data } = useAbpPage(ctx, { initialized: true });

  it('reads the rest of a long listing in parts, by index, around one or after a heading, with page.read’s indices', async () => {
    const page = await ctx.session.openPage(site.url('widgets/long.html'));
    const tabId = (await data('page.read', { url: site.url('widgets/long.html') })).tabId as number;
    const first = String((await data('page.read', { tabId })).content);
    expect(first).not.toMatch(/link "Chapter 31, page 7"/);
    const next = Number(/read_listing with from=(\d+) shows them\]/.exec(first)?.[1]);
    expect(next).toBeGreaterThan(1);

    // Reading is judged at the read level: no question, as for page.read.
    const part = await data('page.readListing', { tabId, from: next });
    expect(part).toMatchObject({ tabId, site: '127.0.0.1', decision: 'auto-approved' });
    // A part that ends short of the page's end counts what the walk has found so far.
    expect(String(part.content)).toMatch(
      new RegExp(`Elements ${next}–\\d+ of (at least )?\\d+:\\n.*\\n\\*?\\[${next}\\]`),
    );
    const around = String(
      (await data('page.readListing', { url: site.url('widgets/long.html'), around: 500 })).content,
    );
    expect(around).toMatch(/^\*?\[500\]/m);
    const after = String((await data('page.readListing', { tabId, heading: 'Chapter 31' })).content);
    const index = indexByLabel(after.replace(/^[^\n]*\n/, ''), 'link', 'Chapter 31, page 7');

    // The index from a part names the same element for page.act.
    const clicking = call('page.act', { tabId, action: 'click_element', args: { index } });
    await answerPrompt(sidebar, 'allow-once');
    expect(await clicking).toMatchObject({ success: true });
    expect(await page.evaluate(() => location.hash)).toBe('#c31-p7');

    expect(await call('page.readListing', { tabId })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/give one of from, around or heading/) },
    });
    expect(await call('page.readListing', { tabId, from: 0 })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/page\.readListing: from: /) },
    });
  });

  it('reads the whole value of a field the listing cuts, and refuses a tab never read', async () => {
    const page = await ctx.session.openPage(site.url('form.html'));
    const tabId = (await data('page.read', { url: site.url('form.html') })).tabId as number;
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(40)}The end.`;
    await page.evaluate((text) => {
      (document.getElementById('message') as HTMLTextAreaElement).value = text;
    }, long);
    const read = String((await data('page.read', { tabId })).content);
    expect(read).toMatch(/textbox "Message" =.*more characters: get_page_content with this index\]/);
    expect(read).not.toContain('The end.');
    const value = await data('page.getContent', {
      tabId,
      type: 'text',
      index: indexByLabel(read, 'textbox', 'Message'),
    });
    expect(value).toMatchObject({ tabId, decision: 'auto-approved' });
    expect(String(value.content)).toContain(long);
    expect(await data('page.getContent', { tabId, type: 'title' })).toMatchObject({
      content: expect.stringContaining('Contact - Bosun Test Shop'),
    });

    await ctx.session.openPage(site.url('article.html'));
    expect(await call('page.readListing', { url: site.url('article.html'), from: 1 })).toMatchObject({
      success: false,
      error: { code: 'OPERATION_FAILED', message: expect.stringMatching(/has not been read yet/) },
    });
  });

  it('reads on from where page.getContent cut a long text, with the from its marker names', async () => {
    const page = await ctx.session.openPage(site.url('form.html'));
    const tabId = (await data('page.read', { url: site.url('form.html') })).tabId as number;
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(1200)}The end.`;
    await page.evaluate((text) => {
      (document.getElementById('message') as HTMLTextAreaElement).value = text;
    }, long);
    const read = String((await data('page.read', { tabId })).content);
    const index = indexByLabel(read, 'textbox', 'Message');
    const first = String((await data('page.getContent', { tabId, type: 'text', index })).content);
    const from = Number(/read them with get_page_content and from (\d+)\]/.exec(first)?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(first).not.toContain('The end.');
    const rest = String((await data('page.getContent', { tabId, type: 'text', index, from })).content);
    expect(rest).toContain('The end.');
    expect(rest).not.toMatch(/cut at the page budget/);
    expect(rest).toContain(long.slice(from, from + 200));
  });
});
