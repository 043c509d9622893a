import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { indexMatching } from './support/listing';
import { askTab, useSite } from './support/site';

interface Read {
  interactiveElements: string;
  snapshotId: string;
}

/**
 * The states a screen reader announces, on widgets built as the W3C's examples build them: a tree
 * grid's rows with their level and whether they are expanded (every rendered row, not only the
 * one in the tab order), a mixed "all condiments" box, the option a select-only combobox on a div
 * shows, and a date field's value.
 */
describe.each(BROWSERS)('the states of tree grid rows, mixed boxes, div comboboxes and dates, in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let bosun: PageDriver;
  let url: string;
  const ask = <R = { success: boolean }>(message: unknown) => askTab<R>(bosun, url, message);
  const read = async () => (await ask<Read>({ type: 'READ_PAGE' })).interactiveElements;
  const click = async (pattern: RegExp) => {
    const { interactiveElements, snapshotId } = await ask<Read>({ type: 'READ_PAGE' });
    const index = indexMatching(interactiveElements, pattern);
    return ask({ type: 'CLICK_ELEMENT', payload: { index, snapshotId } });
  };

  beforeAll(async () => {
    bosun = await ctx.session.openExtensionPage('sidebar.html');
    url = site.url('widgets/states.html');
    await ctx.session.openPage(url);
  });

  it('lists each rendered tree grid row with its level and expanded state, and its cells within it', async () => {
    let listing = await read();
    expect(listing).toMatch(/\]row "Projects 2 files" level 1 collapsed$/m);
    // Only the first row is in the tab order (tabindex 0); the second is listed all the same.
    expect(listing).toMatch(/\]row "Photos 1 file" level 1 collapsed$/m);
    expect(listing).not.toMatch(/report\.pdf/);
    expect(listing).not.toMatch(/gridcell|clickable "Files"/);
    expect(await click(/\]row "Projects 2 files"/)).toMatchObject({ success: true });
    listing = await read();
    expect(listing).toMatch(/\]row "Projects 2 files" level 1 expanded$/m);
    expect(listing).toMatch(/\]row "budget\.xlsx 12 kB" level 2$/m);
    expect(listing).toMatch(/\]row "report\.pdf 80 kB" level 2$/m);
    expect(await click(/\]row "report\.pdf 80 kB"/)).toMatchObject({ success: true });
    expect(await read()).toMatch(/\]row "report\.pdf 80 kB" level 2 selected$/m);
  });

  it('shows a group checkbox as mixed, then checked, then mixed again when one box is unchecked', async () => {
    expect(await read()).toMatch(/\]checkbox "All condiments" mixed$/m);
    await click(/\]checkbox "All condiments"/);
    const listing = await read();
    expect(listing).toMatch(/\]checkbox "All condiments" checked$/m);
    expect(listing).toMatch(/\]checkbox "Sprouts" checked$/m);
    await click(/\]checkbox "Sprouts"/);
    expect(await read()).toMatch(/\]checkbox "All condiments" mixed$/m);
  });

  it('shows the option a div combobox shows as its value, and a date field its date', async () => {
    let listing = await read();
    expect(listing).toMatch(/\]combobox "Favorite Fruit" =Choose a Fruit collapsed$/m);
    expect(listing).toMatch(/\]date "Check-in" =2026-12-15$/m);
    await click(/\]combobox "Favorite Fruit"/);
    expect(await read()).toMatch(/\]combobox "Favorite Fruit" =Choose a Fruit expanded$/m);
    await click(/\]option "Banana"$/);
    listing = await read();
    expect(listing).toMatch(/\]combobox "Favorite Fruit" =Banana collapsed$/m);
    expect(listing).not.toMatch(/\]option "Banana"/);
  });
});
