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
    // Each day once, named as a date from the grid's month heading, new since the last reading: 1 to 31
    // January 2026, and no empty leading cell.
    const days = shown.interactiveElements.split('\n').filter((l) => /\]gridcell "/.test(l));
    expect(days.map((l) => /"(.+)"/.exec(l)?.[1])).toEqual(
      Array.from({ length: 31 }, (_, i) => `${i + 1} January 2026`),
    );
    expect(days.every((l) => l.startsWith('*'))).toBe(true);
    shown = await click('clickable', 'Previous month');
    expect(shown.markdown).toContain('December 2025');
    shown = await click('clickable', 'Next month');
    shown = await click('clickable', 'Next month');
    expect(shown.markdown).toContain('February 2026');
    expect(shown.interactiveElements).not.toMatch(/gridcell "29 /);
    shown = await click('gridcell', '27 February 2026');
    expect(await evaluate(() => (document.getElementById('departure') as HTMLInputElement).value)).toBe('2026-02-27');
    expect(shown.interactiveElements).toMatch(/\]textbox "Departure date" =2026-02-27$/m);
    expect(shown.interactiveElements).not.toMatch(/gridcell/);
    // Opened again, it shows the chosen date's month; open, it covers the spinner, which is not listed then.
    shown = await click('textbox', 'Departure date');
    expect(shown.markdown).toContain('February 2026');
    expect(shown.interactiveElements).not.toMatch(/Increase quantity/);
    expect((await click('gridcell', '3 February 2026')).interactiveElements).toMatch(/"Departure date" =2026-02-03$/m);
  });

  it('shows the open date picker dialog first in the markdown, its month heading and days as dates, and lists its days as dates', async () => {
    const closed = await read();
    // Closed, the dialog (hidden by its class) is in neither the markdown nor the listing.
    expect(closed.markdown).not.toContain('Cursor keys can navigate dates');
    expect(closed.markdown).not.toMatch(/Open dialog/);
    let shown = await click('button', 'Choose date');
    // As a screen reader presents an aria-modal dialog: the dialog first, then the page behind it, marked.
    expect(shown.markdown).toMatch(
      /^\*\*Open dialog: Choose date\*\* \(modal: the page behind it cannot be used until it is closed\)\n\n‹\n\n## November 2026\n/,
    );
    expect(shown.markdown).toContain('| Su  | Mo  | Tu  | We  | Th  | Fr  | Sa  |');
    expect(shown.markdown).toContain('| 1 November 2026 | 2 November 2026 |');
    expect(shown.markdown).toContain(
      'Cancel OK\n\nCursor keys can navigate dates\n\n---\n\n**Behind the dialog:**\n\n# Booking',
    );
    expect(shown.markdown.split('Cursor keys can navigate dates').length).toBe(2);
    shown = await click('button', 'Next month');
    expect(shown.markdown).toContain('## December 2026');
    expect(shown.markdown).toMatch(/\| 15 December 2026 \| 16 December 2026 \|/);
    expect(shown.interactiveElements).toMatch(/^\*\[\d+\]clickable "15 December 2026"$/m);
    expect(shown.interactiveElements).not.toMatch(/"15"/);
    await click('clickable', '15 December 2026');
    shown = await click('button', 'OK');
    expect(await evaluate(() => (document.getElementById('return') as HTMLInputElement).value)).toBe('12/15/2026');
    expect(shown.markdown).not.toMatch(/Open dialog|December 2026/);
  });

  it('reads the address form dialog first, with its heading and text, and leaves it out once closed', async () => {
    expect((await read()).markdown).not.toContain('The invoice for this booking');
    let shown = await click('button', 'Edit billing address');
    expect(shown.markdown).toMatch(
      /^\*\*Open dialog: Billing address\*\* \(modal: the page behind it cannot be used until it is closed\)\n\n## Billing address\n\nThe invoice for this booking is sent to this address\.\n/,
    );
    expect(shown.markdown).toMatch(/\*\*Behind the dialog:\*\*\n\n# Booking[\s\S]*Billing address: none yet/);
    shown = await click('button', 'Cancel');
    expect(shown.markdown).not.toMatch(/Open dialog|The invoice for this booking/);
  });

  it('leaves a closed menu out of the markdown and shows it once opened', async () => {
    expect((await read()).markdown).not.toContain('Copy booking link');
    const shown = await click('button', 'Share booking');
    expect(shown.markdown).toMatch(/Share booking\n\n- {3}Copy booking link\n- {3}Email booking/);
    await click('button', 'Share booking');
  });

  it('leaves a closed popover out of the markdown and shows it once opened', async () => {
    expect((await read()).markdown).not.toContain('Tickets can be changed');
    expect((await click('button', 'Fare rules')).markdown).toContain(
      'Tickets can be changed until a day before departure.',
    );
    expect(await evaluate(() => document.getElementById('fare-rules')?.matches(':popover-open'))).toBe(true);
    await evaluate(() => document.getElementById('fare-rules')?.hidePopover());
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
