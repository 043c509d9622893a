import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useContentTab } from './support/content-tab';
import { indexMatching } from './support/listing';

/**
 * type_text (FILL_FORM) as a keyboard types, sent to the content script as the background sends
 * it: per character keydown, keypress, beforeinput, input and keyup, which a keyup-filtered
 * autocomplete (the W3C APG's), a keydown filter, an editor and React each hear.
 */
describe.each(BROWSERS)('typing like a keyboard in %s', (browserName) => {
  const { open } = useContentTab(browserName);

  it('filters a keyup autocomplete to Alabama and Alaska, and a click on an option fills the field', async () => {
    const { page, ask, read } = await open('widgets/autocomplete.html');
    const first = await read();
    const state = indexMatching(first.interactiveElements, /combobox "State"/);
    const typed = await ask({
      type: 'FILL_FORM',
      payload: { index: state, snapshotId: first.snapshotId, text: 'Ala' },
    });
    expect(typed).toMatchObject({ success: true, message: expect.stringMatching(/^Typed 3 characters into/) });
    const shown = () =>
      page.evaluate(() =>
        document.getElementById('cb1-listbox')?.hidden
          ? []
          : [...document.querySelectorAll('#cb1-listbox [role=option]')].map((o) => o.textContent),
      );
    expect(await shown()).toEqual(['Alabama', 'Alaska']);

    const second = await read();
    const alaska = indexMatching(second.interactiveElements, /option "Alaska"/);
    expect(
      await ask({ type: 'CLICK_ELEMENT', payload: { index: alaska, snapshotId: second.snapshotId } }),
    ).toMatchObject({ success: true });
    expect(await page.evaluate(() => (document.getElementById('cb1-input') as HTMLInputElement).value)).toBe('Alaska');
    expect(await shown()).toEqual([]);
    await page.close();
  });

  it('fires each key in order with key, code, shift and inputType, clears like select-all and Backspace, and keeps out what the page cancels', async () => {
    const { page, ask } = await open('widgets/autocomplete.html');
    await page.evaluate(() => {
      const code = document.getElementById('code') as HTMLInputElement;
      code.value = 'old';
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      for (const type of ['keydown', 'keypress', 'beforeinput', 'input', 'keyup'])
        code.addEventListener(type, (event) => {
          const e = event as KeyboardEvent | InputEvent;
          const what =
            e instanceof KeyboardEvent ? `${e.key}/${e.code}${e.shiftKey ? '+shift' : ''}` : `${e.inputType}:${e.data}`;
          const flags = `${e.bubbles ? 'b' : ''}${e.cancelable ? 'c' : ''}${e.composed ? 'p' : ''}`;
          seen.push(`${type} ${what} ${flags} ${code.value}`);
        });
    });
    const typed = await ask({ type: 'FILL_FORM', payload: { selector: '#code', text: 'a1B' } });
    expect(typed).toMatchObject({
      success: true,
      message: 'Typed 2 characters into #code; the page kept out 1',
    });
    expect(await page.evaluate(() => (document.getElementById('code') as HTMLInputElement).value)).toBe('aB');
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      'keydown Backspace/Backspace bcp old',
      'beforeinput deleteContentBackward:null bcp old',
      'input deleteContentBackward:null bp ',
      'keyup Backspace/Backspace bcp ',
      'keydown a/KeyA bcp ',
      'keypress a/KeyA bcp ',
      'beforeinput insertText:a bcp ',
      'input insertText:a bp a',
      'keyup a/KeyA bcp a',
      // The page cancels the digit's keydown: no keypress, no input, as in a browser.
      'keydown 1/Digit1 bcp a',
      'keyup 1/Digit1 bcp a',
      'keydown B/KeyB+shift bcp a',
      'keypress B/KeyB+shift bcp a',
      'beforeinput insertText:B bcp a',
      'input insertText:B bp aB',
      'keyup B/KeyB+shift bcp aB',
    ]);
    await page.close();
  });

  it('types into a contenteditable editor key by key', async () => {
    const { page, ask } = await open('widgets/autocomplete.html');
    expect(await ask({ type: 'FILL_FORM', payload: { selector: '#note', text: 'Hi 2!' } })).toMatchObject({
      success: true,
    });
    expect(await page.text('#note')).toBe('Hi 2!');
    expect(await page.text('#log')).toBe('keys: H/KeyH+shift i/KeyI  /Space 2/Digit2 !/Digit1+shift');
    await page.close();
  });

  it('types into a React controlled input: React hears every key and keeps the value', async () => {
    const { page, ask, read } = await open('react.html');
    await page.waitFor(() => document.getElementById('react-name') !== null);
    const state = await read();
    const index = indexMatching(state.interactiveElements, /textbox "Your name"/);
    expect(
      await ask({ type: 'FILL_FORM', payload: { index, snapshotId: state.snapshotId, text: 'Ada' } }),
    ).toMatchObject({ success: true });
    await page.click('#rerender');
    expect(await page.text('#state')).toBe('state=Ada;renders=1');
    expect(await page.text('#keyups')).toBe('keyups=3');
    await page.close();
  });
});
