import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { askTab, useSite } from './support/site';

interface Read {
  interactiveElements: string;
  snapshotId: string;
  elementCount: number;
}
type Reply = { success: boolean; message?: string; error?: string; content?: unknown };

/** The index the listing gives the line that matches. */
function indexOf(listing: string, pattern: RegExp): number {
  const line = listing.split('\n').find((l) => pattern.test(l));
  if (!line) throw new Error(`no line matches ${pattern} in:\n${listing}`);
  return Number(/\[(\d+)\]/.exec(line)?.[1]);
}

/**
 * The listing on a page built the way frameworks build theirs: controls made clickable by
 * script (jQuery's per-element listeners, Vue's @click with a pointer cursor, React's delegated
 * root and no-op onclick), ARIA widgets, a custom switch over a hidden input, an open
 * autocomplete, images naming links, and sections rendered only when scrolled to.
 */
describe.each(BROWSERS)('what can be operated, on framework-built widgets, in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let bosun: PageDriver;
  let page: PageDriver;
  let url: string;
  const ask = <R = Reply>(message: unknown) => askTab<R>(bosun, url, message);
  const read = () => ask<Read>({ type: 'READ_PAGE' });
  const log = () => page.evaluate(() => document.getElementById('log')?.textContent ?? '');

  beforeAll(async () => {
    bosun = await ctx.session.openExtensionPage('sidebar.html');
    url = site.url('widgets/listing.html');
    page = await ctx.session.openPage(url);
  });

  it('lists every control a person could operate, once, with the name a screen reader gives it', async () => {
    const listing = (await read()).interactiveElements;
    for (const expected of [
      /\]clickable "Apple"$/m,
      /\]clickable "Banana"$/m,
      // An icon glyph with a tooltip is named by the tooltip.
      /\]clickable "Like"$/m,
      /\]clickable "Overview"$/m,
      /\]clickable "Details 3"$/m,
      /\]row "Ada Quarterly report"$/m,
      /\]clickable "Archive"$/m,
      /\]button "\+ Compose"$/m,
      /\]treeitem "Documents" collapsed$/m,
      /\]treeitem "Pictures"$/m,
      /\]gridcell "2"$/m,
      /\]clickable "Press me"$/m,
      /\]checkbox "Dark mode"$/m,
      /\]combobox "Country" =Le expanded$/m,
      /\]option "Lebanon"$/m,
      /\]option "Lesotho"$/m,
      /\]link "This code does not compile!"$/m,
      /\]link "Read the whole story"$/m,
      /\]textbox "Notes" =Draft notes$/m,
      /\]link "fs\.readFile\(path\)"$/m,
      /\]link "fs\.writeFile\(file, data\)"$/m,
    ]) {
      expect(listing).toMatch(expected);
    }
    // Inherited cursors, icons inside a button, the React root and the listbox's own text are not separate entries.
    expect(listing).not.toMatch(/"Overview" *\n.*"Overview"/);
    expect(listing.match(/"Details/g)).toHaveLength(1);
    expect(listing).not.toMatch(/"\+"$/m);
    expect(listing).not.toMatch(/LebanonLesotho|Lebanon Lesotho/);
    // A link named only by its image's file name is listed under it, marked as an image's.
    expect(listing).toMatch(/\]image link "navigation\.jpeg"$/m);
    // The combobox's pop-up list repeats its options: the combobox and the options take every action.
    expect(listing).not.toMatch(/\]listbox/);
    expect(listing.split('\n').filter((l) => /"Ada Quarterly report"/.test(l))).toHaveLength(1);
  });

  it('operates what it lists: a scripted list item, a tab header, a React row and its icon action, a custom switch', async () => {
    const click = async (pattern: RegExp) => {
      const { interactiveElements, snapshotId } = await read();
      return ask({ type: 'CLICK_ELEMENT', payload: { index: indexOf(interactiveElements, pattern), snapshotId } });
    };
    expect(await click(/clickable "Banana"/)).toMatchObject({ success: true });
    expect(await log()).toBe('picked Banana');
    expect(await click(/clickable "Details 3"/)).toMatchObject({ success: true });
    expect(await log()).toBe('tab Details 3');
    expect(await click(/row "Ada Quarterly report"/)).toMatchObject({ success: true });
    expect(await log()).toBe('opened Quarterly report');
    expect(await click(/clickable "Archive"/)).toMatchObject({ success: true });
    expect(await log()).toBe('archived Ada');
    expect(await click(/checkbox "Dark mode"/)).toMatchObject({ success: true });
    expect(await page.evaluate(() => (document.getElementById('dark') as HTMLInputElement).checked)).toBe(true);
    expect((await read()).interactiveElements).toMatch(/\]checkbox "Dark mode" checked$/m);
  });

  it('reads the rest of a long listing in parts, by index, around an index or after a heading, with the same indices', async () => {
    const first = await ask<Read & { truncated: boolean }>({ type: 'READ_PAGE', payload: { maxChars: 1000 } });
    expect(first.truncated).toBe(true);
    const next = Number(/read_listing with from=(\d+) shows them\]$/.exec(first.interactiveElements)?.[1]);
    expect(next).toBeGreaterThan(1);
    const shown = first.interactiveElements.split('\n').filter((l) => /^\*?\[\d+\]/.test(l));
    expect(shown).toHaveLength(next - 1);
    const part = await ask<{ success: boolean; text: string; from: number; to: number; count: number }>({
      type: 'READ_LISTING',
      payload: { snapshotId: first.snapshotId, from: next },
    });
    expect(part).toMatchObject({ success: true, from: next, count: first.elementCount });
    expect(part.text.split('\n')[0]).toBe(`[… elements 1–${next - 1} are in an earlier part of this listing]`);
    expect(part.text.split('\n')[1]).toMatch(new RegExp(`^\\*?\\[${next}\\]`));
    const after = await ask<{ text: string }>({
      type: 'READ_LISTING',
      payload: { snapshotId: first.snapshotId, heading: 'fs.writeFile' },
    });
    expect(after.text.split('\n')[1]).toMatch(/\]link "fs\.writeFile\(file, data\)"$/);
    // An index from a part acts on the same element the one reading listed.
    const around = await ask<{ text: string }>({
      type: 'READ_LISTING',
      payload: { snapshotId: first.snapshotId, around: first.elementCount },
    });
    expect(around.text).toMatch(/\]link "fs\.readFile\(path\)"$/m);
    const clicked = await ask({
      type: 'CLICK_ELEMENT',
      payload: { index: indexOf(around.text, /link "fs\.readFile/), snapshotId: first.snapshotId },
    });
    expect(clicked).toMatchObject({ success: true });
    expect(await page.evaluate(() => location.hash)).toBe('#fs_readfile');
    // Back to the address the other requests find the tab by.
    await page.evaluate(() => history.replaceState(null, '', location.pathname));
    expect(await ask({ type: 'READ_LISTING', payload: { snapshotId: 'old', from: 1 } })).toMatchObject({
      success: false,
      error: expect.stringMatching(/older reading/),
    });
    expect(
      await ask({ type: 'READ_LISTING', payload: { snapshotId: first.snapshotId, heading: 'No such heading' } }),
    ).toMatchObject({
      success: false,
      error: 'No heading on the page contains "No such heading".',
    });
  });

  it('reads a section deep in a long page after its heading with the next indices, without walking to it, and acts on them', async () => {
    const longUrl = site.url('widgets/long.html');
    const long = await ctx.session.openPage(longUrl);
    const askLong = <R = Reply>(message: unknown) => askTab<R>(bosun, longUrl, message);
    type Part = { success: boolean; text: string; from: number; count: number; complete: boolean };
    const first = await askLong<Read>({ type: 'READ_PAGE', payload: { maxChars: 1000 } });
    // Forty chapters of twenty links: chapter 31 starts at the 601st, far past what the first reading walked.
    expect(first.elementCount).toBeLessThan(300);
    const after = await askLong<Part>({
      type: 'READ_LISTING',
      payload: { snapshotId: first.snapshotId, heading: 'Chapter 31', maxChars: 2000 },
    });
    expect(after).toMatchObject({ success: true, from: first.elementCount + 1, complete: false });
    expect(after.text.split('\n')[1]).toBe(`[${first.elementCount + 1}]link "Chapter 31, page 1"`);
    const index = indexOf(after.text, /\]link "Chapter 31, page 7"$/);
    // Read whole, the listing holds each link once, chapter 31's under the indices its part gave them.
    const whole = await askLong<Part>({ type: 'READ_LISTING', payload: { snapshotId: first.snapshotId, from: 1 } });
    expect(whole).toMatchObject({ success: true, count: 800, complete: true });
    expect(whole.text.match(/\]link "Chapter 31, page 7"$/gm)).toHaveLength(1);
    expect(indexOf(whole.text, /\]link "Chapter 31, page 7"$/)).toBe(index);
    expect(await askLong({ type: 'CLICK_ELEMENT', payload: { index, snapshotId: first.snapshotId } })).toMatchObject({
      success: true,
    });
    expect(await long.evaluate(() => location.hash)).toBe('#c31-p7');
    await long.close();
  });

  it('shows a long value in part with a marker, and gives the whole of it by index', async () => {
    const { interactiveElements, snapshotId } = await read();
    const story = interactiveElements.split('\n').find((l) => /textbox "Story"/.test(l)) ?? '';
    expect(story).toMatch(/=Once upon a time\. .*\[… \d+ more characters: get_page_content with this index\]$/);
    const whole = await ask({
      type: 'GET_CONTENT',
      payload: { type: 'text', index: indexOf(interactiveElements, /textbox "Story"/), snapshotId },
    });
    expect(whole.content).toBe(`${'Once upon a time. '.repeat(60)}The end.`);
    // Over the budget the tool asks with, the value is cut with a marker naming where to read on.
    const at = { type: 'text', index: indexOf(interactiveElements, /textbox "Story"/), snapshotId };
    const first = await ask({ type: 'GET_CONTENT', payload: { ...at, maxChars: 1000 } });
    expect(first.content).toBe(
      `${'Once upon a time. '.repeat(60).slice(0, 1000)}\n[… cut at the page budget: 88 more characters; read them with get_page_content and from 1000]`,
    );
    const rest = await ask({ type: 'GET_CONTENT', payload: { ...at, maxChars: 1000, from: 1000 } });
    expect(rest.content).toBe(`${'Once upon a time. '.repeat(60).slice(1000)}The end.`);
  });
});
