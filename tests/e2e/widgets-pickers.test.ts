import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { indexByLabel } from './support/listing';
import { askTab, useSite } from './support/site';

type Read = { interactiveElements: string; snapshotId: string; markdown: string };

/**
 * The listing of a date picker and a spinner built as widget libraries build them: a read-only
 * input opening a calendar whose previous/next controls are an href-less link with a title over an
 * icon glyph and an icon span with an aria-label, day cells as script-handled grid cells; a custom
 * spinbutton between two icon buttons, and a native number input.
 */
describe.each(BROWSERS)('what can be operated, on a date picker and a spinner, in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let bosun: PageDriver;
  let page: PageDriver;
  let url: string;
  const ask = <R = Record<string, unknown>>(message: unknown) => askTab<R>(bosun, url, message);
  const read = () => ask<Read>({ type: 'READ_PAGE' });
  /** Clicks the element with this role and label in a fresh listing, and returns the listing after. */
  const click = async (role: string, label: string) => {
    const { interactiveElements, snapshotId } = await read();
    const index = indexByLabel(interactiveElements, role, label);
    expect(await ask({ type: 'CLICK_ELEMENT', payload: { index, snapshotId } })).toMatchObject({ success: true });
    return read();
  };
  const evaluate = (expression: () => unknown) => page.evaluate(expression);

  beforeAll(async () => {
    bosun = await ctx.session.openExtensionPage('sidebar.html');
    url = site.url('widgets/pickers.html');
    page = await ctx.session.openPage(url);
  });

  it('lists the closed picker and the spinners by the names a person reads', async () => {
    const listing = (await read()).interactiveElements;
    for (const expected of [
      /\]textbox "Departure date"$/m,
      /\]clickable "Decrease quantity"$/m,
      /\]spinbutton "Quantity" =1$/m,
      /\]clickable "Increase quantity"$/m,
      /\]spinbutton "Guests" =2$/m,
    ])
      expect(listing).toMatch(expected);
    // The closed pop-up lists nothing.
    expect(listing).not.toMatch(/month|gridcell/);
  });

  it('opens the calendar, names its month controls by their title and label, turns months and picks a day', async () => {
    let shown = await click('textbox', 'Departure date');
    expect(shown.markdown).toContain('January 2026');
    expect(shown.interactiveElements).toMatch(/^\*\[\d+\]clickable "Previous month"$/m);
    expect(shown.interactiveElements).toMatch(/^\*\[\d+\]clickable "Next month"$/m);
    // Each day once, new since the last reading: 1 to 31, and no empty leading cell.
    const days = shown.interactiveElements.split('\n').filter((l) => /\]gridcell "\d+"$/.test(l));
    expect(days.map((l) => /"(\d+)"/.exec(l)?.[1])).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    expect(days.every((l) => l.startsWith('*'))).toBe(true);
    shown = await click('clickable', 'Previous month');
    expect(shown.markdown).toContain('December 2025');
    shown = await click('clickable', 'Next month');
    shown = await click('clickable', 'Next month');
    expect(shown.markdown).toContain('February 2026');
    expect(shown.interactiveElements).not.toMatch(/gridcell "29"/);
    shown = await click('gridcell', '27');
    expect(await evaluate(() => (document.getElementById('departure') as HTMLInputElement).value)).toBe('2026-02-27');
    expect(shown.interactiveElements).toMatch(/\]textbox "Departure date" =2026-02-27$/m);
    expect(shown.interactiveElements).not.toMatch(/gridcell/);
    // Opened again, it shows the chosen date's month; open, it covers the spinner, which is not listed then.
    shown = await click('textbox', 'Departure date');
    expect(shown.markdown).toContain('February 2026');
    expect(shown.interactiveElements).not.toMatch(/Increase quantity/);
    expect((await click('gridcell', '3')).interactiveElements).toMatch(/"Departure date" =2026-02-03$/m);
  });

  it('steps the spinner with its icon buttons and keys', async () => {
    await click('clickable', 'Increase quantity');
    const { interactiveElements, snapshotId } = await click('clickable', 'Increase quantity');
    expect(interactiveElements).toMatch(/\]spinbutton "Quantity" =3$/m);
    const quantity = indexByLabel(interactiveElements, 'spinbutton', 'Quantity');
    const pressed = await ask({ type: 'PRESS_KEY', payload: { index: quantity, key: 'End', snapshotId } });
    expect(pressed).toMatchObject({ success: true });
    expect(await evaluate(() => document.getElementById('quantity')?.getAttribute('aria-valuenow'))).toBe('10');
    expect((await click('clickable', 'Decrease quantity')).interactiveElements).toMatch(/"Quantity" =9$/m);
  });
});
