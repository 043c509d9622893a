import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useContentTab } from './support/content-tab';
import { indexMatching } from './support/listing';

/**
 * Keys, hover, drag, double click, positions, several options and text selection, sent to the
 * content script as the background sends them, on pages built the way widget libraries build
 * theirs. Each result is checked for what it says and the page for what it did.
 */
describe.each(BROWSERS)('keyboard and pointer actions in %s', (browserName) => {
  const { open } = useContentTab(browserName);

  it('presses keys: an ARIA slider and a range move, Tab moves focus, Escape closes a pop-up, Enter is redirected to submit_form', async () => {
    const { page, ask, read, text } = await open('widgets/keyboard.html');
    let { interactiveElements: listing, snapshotId } = await read();
    const volume = indexMatching(listing, /slider "Volume" =50$/);
    const up = await ask({ type: 'PRESS_KEY', payload: { key: 'PageUp', index: volume, snapshotId } });
    expect(up).toEqual({
      success: true,
      message: expect.stringMatching(
        /^Pressed PageUp on \[\d+\] slider "Volume": the page handled the key; the page changed \d+ elements?; it now shows =70$/,
      ),
    });
    expect(await ask({ type: 'PRESS_KEY', payload: { key: 'ArrowLeft', index: volume, snapshotId } })).toMatchObject({
      success: true,
      message: expect.stringMatching(/=65$/),
    });
    expect(await text('#volume-out')).toBe('65');

    const brightness = indexMatching(listing, /slider "Brightness" =5$/);
    expect(await ask({ type: 'PRESS_KEY', payload: { key: 'End', index: brightness, snapshotId } })).toMatchObject({
      success: true,
      message: expect.stringMatching(/the slider is now at 10.*it now shows =10$/),
    });
    expect(await text('#brightness-out')).toBe('10');
    // Shift+Tab from the range goes back to the slider's thumb.
    expect(await ask({ type: 'PRESS_KEY', payload: { key: 'Shift+Tab' } })).toMatchObject({
      success: true,
      message: expect.stringMatching(/focus moved to <div> "Volume"|focus moved to <div>/),
    });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('slider');

    // Typing opens the autocomplete, whose list covers the button below (listed when it was read).
    ({ interactiveElements: listing, snapshotId } = await read());
    const destination = indexMatching(listing, /combobox "Destination"/);
    const go = indexMatching(listing, /button "Find flights"/);
    for (const key of ['L', 'e']) await ask({ type: 'PRESS_KEY', payload: { key, index: destination, snapshotId } });
    expect(await page.evaluate(() => (document.getElementById('destination') as HTMLInputElement).value)).toBe('Le');
    const covered = await ask({ type: 'CLICK_ELEMENT', payload: { index: go, snapshotId } });
    expect(covered).toEqual({
      success: false,
      error: expect.stringMatching(
        /^covered by <ul#destination-list\.menu> \(listbox "Suggestions"\).*It is an open pop-up.*press_key "Escape"/,
      ),
    });
    expect(
      await ask({ type: 'PRESS_KEY', payload: { key: 'ArrowDown', index: destination, snapshotId } }),
    ).toMatchObject({ success: true });
    const picked = await ask({ type: 'PRESS_KEY', payload: { key: 'Enter', index: destination, snapshotId } });
    expect(picked.message).toMatch(/the page handled the key/);
    expect(await page.evaluate(() => (document.getElementById('destination') as HTMLInputElement).value)).toBe(
      'Lebanon',
    );
    ({ interactiveElements: listing, snapshotId } = await read());
    // Enter the page does not handle submits the form, as in a browser: its default button is clicked.
    const enter = await ask({
      type: 'PRESS_KEY',
      payload: { key: 'Enter', index: indexMatching(listing, /combobox "Destination"/), snapshotId },
    });
    expect(enter.message).toMatch(/: Enter clicked the form's default button "Find flights"/);
    expect(await text('#log')).toBe('searching flights to Lebanon');
    // Escape on an open list: the page's handler closes it.
    await ask({
      type: 'PRESS_KEY',
      payload: { key: 'Backspace', index: indexMatching(listing, /combobox "Destination"/), snapshotId },
    });
    expect(await page.evaluate(() => document.getElementById('destination-list')?.hidden)).toBe(false);
    const escape = await ask({ type: 'PRESS_KEY', payload: { key: 'Escape' } });
    expect(escape.message).toMatch(
      /^Pressed Escape on <input> "Destination": the page handled the key; the page changed/,
    );
    expect(await page.evaluate(() => document.getElementById('destination-list')?.hidden)).toBe(true);
    ({ interactiveElements: listing, snapshotId } = await read());
    expect(
      await ask({
        type: 'CLICK_ELEMENT',
        payload: { index: indexMatching(listing, /button "Find flights"/), snapshotId },
      }),
    ).toMatchObject({ success: true });
    expect(await text('#log')).toBe('searching flights to Lebano');

    const unknown = await ask({ type: 'PRESS_KEY', payload: { key: 'Hyper+Q' } });
    expect(unknown).toEqual({ success: false, error: expect.stringMatching(/^Unknown modifier "Hyper"/) });
    await page.close();
  });

  it('hovers a menu open, drags a sortable item and a file into a drop zone, clicks a canvas at a position, double-clicks a grid cell', async () => {
    const { page, ask, read, text } = await open('widgets/pointer.html');
    let { interactiveElements: listing, snapshotId } = await read();
    expect(listing).not.toMatch(/link "Laptops"/);
    const hovered = await ask({
      type: 'HOVER',
      payload: { index: indexMatching(listing, /link "Products"/), snapshotId },
    });
    expect(hovered.message).toMatch(/^The pointer is over \[\d+\] link "Products" and stays there; the page changed/);
    ({ interactiveElements: listing, snapshotId } = await read());
    expect(
      await ask({ type: 'CLICK_ELEMENT', payload: { index: indexMatching(listing, /link "Laptops"/), snapshotId } }),
    ).toMatchObject({ success: true });
    expect(await text('#log')).toBe('opened Laptops');

    const moved = await ask({
      type: 'DRAG',
      payload: {
        index: indexMatching(listing, /clickable "Water plants"/),
        to: indexMatching(listing, /clickable "Call the bank"/),
        snapshotId,
      },
    });
    expect(moved.message).toMatch(
      /^Dragged \[\d+\] clickable "Water plants" onto \[\d+\] clickable "Call the bank" \(dragged with the mouse button held\)/,
    );
    expect(await text('#order')).toBe('Write report > Water plants > Call the bank > Book flights');

    ({ interactiveElements: listing, snapshotId } = await read());
    const dropped = await ask({
      type: 'DRAG',
      payload: {
        index: indexMatching(listing, /draggable "Invoice.pdf"/),
        to: indexMatching(listing, /clickable "Archive"/),
        snapshotId,
      },
    });
    expect(dropped.message).toMatch(/\(HTML5 drag and drop: the drop was accepted where it ended\)/);
    expect(await text('#log')).toBe('archived invoice');
    expect(await page.evaluate(() => document.querySelector('#archive .card')?.textContent)).toBe('Invoice.pdf');

    ({ interactiveElements: listing, snapshotId } = await read());
    const canvas = indexMatching(listing, /"Colour picker"/);
    expect(await ask({ type: 'CLICK_ELEMENT', payload: { index: canvas, snapshotId, x: 250, y: 30 } })).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Clicked \[\d+\] .*"Colour picker" at \(250, 30\)/),
    });
    expect(await text('#log')).toBe('picked Blue');
    expect(await ask({ type: 'CLICK_ELEMENT', payload: { index: canvas, snapshotId, x: 400, y: 30 } })).toEqual({
      success: false,
      error: expect.stringMatching(/^Position outside: .* is 302×62 px/),
    });

    const cell = indexMatching(listing, /gridcell "300"/);
    expect(await ask({ type: 'DOUBLE_CLICK', payload: { index: cell, snapshotId } })).toMatchObject({ success: true });
    ({ interactiveElements: listing, snapshotId } = await read());
    const editor = indexMatching(listing, /textbox "Edit Food" =300/);
    expect(await ask({ type: 'PRESS_KEY', payload: { key: 'Ctrl+A', index: editor, snapshotId } })).toMatchObject({
      success: true,
    });
    for (const key of ['3', '5', '0']) await ask({ type: 'PRESS_KEY', payload: { key, index: editor, snapshotId } });
    expect(await ask({ type: 'PRESS_KEY', payload: { key: 'Enter', index: editor, snapshotId } })).toMatchObject({
      success: true,
    });
    expect(await text('#log')).toBe('saved Food = 350');
    await page.close();
  });

  it('chooses several options of a select multiple and a listbox, and selects text a highlighter acts on', async () => {
    const { page, ask, read, text } = await open('widgets/choices.html');
    let { interactiveElements: listing, snapshotId } = await read();
    const toppings = indexMatching(listing, /select "Toppings"/);
    expect(
      await ask({
        type: 'SELECT_OPTIONS',
        payload: { index: toppings, snapshotId, optionTexts: ['Olives', 'pineapple'] },
      }),
    ).toEqual({
      success: true,
      message: expect.stringMatching(/^Selected "Olives", "Pineapple" in \[\d+\] select "Toppings"$/),
    });
    expect(await text('#log')).toBe('toppings: olives, pineapple');
    expect(
      await ask({ type: 'SELECT_OPTIONS', payload: { index: toppings, snapshotId, optionTexts: ['Anchovies'] } }),
    ).toEqual({
      success: false,
      error: expect.stringMatching(/^Option not found: .* "Anchovies"\. Options: "Cheese", "Olives"/),
    });

    const languages = indexMatching(listing, /listbox "Languages"/);
    const chosen = await ask({
      type: 'SELECT_OPTIONS',
      payload: { index: languages, snapshotId, optionTexts: ['French', 'German'] },
    });
    expect(chosen.message).toMatch(/Selected now: "French", "German"\.$/);
    expect(await text('#log')).toBe('languages: French, German');

    const selected = await ask({ type: 'SELECT_TEXT', payload: { text: 'quick brown fox' } });
    expect(selected.message).toMatch(/^Selected "quick brown fox" in the page; the page changed/);
    ({ interactiveElements: listing, snapshotId } = await read());
    expect(
      await ask({
        type: 'CLICK_ELEMENT',
        payload: { index: indexMatching(listing, /button "Highlight"/), snapshotId },
      }),
    ).toMatchObject({ success: true });
    expect(await text('#log')).toBe('highlighted quick brown fox');
    expect(await ask({ type: 'SELECT_TEXT', payload: { text: 'purple elephant' } })).toEqual({
      success: false,
      error: 'Text not found: the page does not contain "purple elephant".',
    });
    await page.close();
  });
});
