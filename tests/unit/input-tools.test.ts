import { describe, expect, it } from 'vitest';
import { parseCall, TOOLS } from '../../background/tools/registry';
import { BackgroundToContent } from '../../src/protocol/background-to-content';
import { keyName, parseKey, typesChar } from '../../src/keys';
import * as v from 'valibot';

describe('key names the model writes', () => {
  it('names keys and combinations as a KeyboardEvent carries them', () => {
    expect(parseKey('Enter')).toEqual({
      ok: true,
      key: {
        key: 'Enter',
        code: 'Enter',
        keyCode: 13,
        char: null,
        ctrlKey: false,
        shiftKey: false,
        altKey: false,
        metaKey: false,
      },
    });
    expect(parseKey('ctrl+a')).toMatchObject({ ok: true, key: { key: 'a', code: 'KeyA', keyCode: 65, ctrlKey: true } });
    expect(parseKey('Shift+Tab')).toMatchObject({ ok: true, key: { key: 'Tab', shiftKey: true } });
    expect(parseKey('Shift+a')).toMatchObject({ ok: true, key: { key: 'A', code: 'KeyA', shiftKey: true } });
    expect(parseKey('page_down')).toMatchObject({ ok: true, key: { key: 'PageDown', keyCode: 34 } });
    expect(parseKey('Esc')).toMatchObject({ ok: true, key: { key: 'Escape', keyCode: 27 } });
    expect(parseKey('Space')).toMatchObject({ ok: true, key: { key: ' ', code: 'Space', char: ' ' } });
    expect(parseKey('7')).toMatchObject({ ok: true, key: { key: '7', code: 'Digit7', keyCode: 55 } });
    expect(parseKey('+')).toMatchObject({ ok: true, key: { key: '+' } });
    expect(parseKey('Ctrl++')).toMatchObject({ ok: true, key: { key: '+', ctrlKey: true } });
    expect(parseKey('F5')).toMatchObject({ ok: true, key: { key: 'F5', keyCode: 116 } });
  });

  it('refuses unknown names with the ones that work', () => {
    expect(parseKey('Hyper+Q')).toEqual({ ok: false, error: expect.stringMatching(/^Unknown modifier "Hyper"/) });
    expect(parseKey('Launch')).toEqual({
      ok: false,
      error: expect.stringMatching(/^Unknown key "Launch": use a single character or one of Enter, Escape/),
    });
  });

  it('types only plain characters, and reads back as a person writes it', () => {
    const key = (spec: string) => {
      const parsed = parseKey(spec);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.key;
    };
    expect(typesChar(key('a'))).toBe(true);
    expect(typesChar(key('Ctrl+a'))).toBe(false);
    expect(typesChar(key('Enter'))).toBe(false);
    expect(keyName(key('ctrl+shift+arrowleft'))).toBe('Ctrl+Shift+ArrowLeft');
    expect(keyName(key('space'))).toBe('Space');
  });
});

describe('the keyboard and pointer tools', () => {
  it('each has a permission level, and the gate checks its arguments first', () => {
    const levels = Object.fromEntries(
      ['press_key', 'hover', 'double_click', 'drag', 'select_text', 'select_option', 'click_element'].map((name) => [
        name,
        TOOLS.get(name)?.level,
      ]),
    );
    expect(levels).toEqual({
      press_key: 'interact',
      hover: 'interact',
      double_click: 'interact',
      drag: 'interact',
      select_text: 'interact',
      select_option: 'interact',
      click_element: 'interact',
    });
    expect(parseCall('press_key', { key: 'Enter', index: 3 })).toMatchObject({ ok: true });
    expect(parseCall('press_key', { key: 'Hyper+Q' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Invalid arguments for press_key: .*Unknown modifier "Hyper"/),
    });
    expect(parseCall('drag', { index: 1, to: 2 })).toMatchObject({ ok: true });
    expect(parseCall('drag', { index: 1, dx: -40 })).toMatchObject({ ok: true });
    expect(parseCall('drag', { index: 1 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/give either to, toSelector or dx\/dy/),
    });
    expect(parseCall('drag', { index: 1, to: 2, dy: 3 })).toMatchObject({ ok: false });
    expect(parseCall('drag', { index: 1, to: 2, toSelector: '#b' })).toMatchObject({ ok: false });
    // Every element they act on may be named by a CSS selector instead of an index.
    expect(parseCall('drag', { selector: '#a', toSelector: '#b' })).toMatchObject({ ok: true });
    expect(parseCall('hover', { selector: 'nav a' })).toMatchObject({ ok: true });
    expect(parseCall('press_key', { key: 'End', selector: '[role=slider]' })).toMatchObject({ ok: true });
    expect(parseCall('select_option', { selector: 'select', option: 'A' })).toMatchObject({ ok: true });
    expect(parseCall('select_option', { option: 'A' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/give an index or a selector/),
    });
    expect(parseCall('select_option', { index: 1, options: ['A', 'B'] })).toMatchObject({ ok: true });
    expect(parseCall('select_option', { index: 1, option: 'A', options: ['B'] })).toMatchObject({ ok: false });
    expect(parseCall('select_option', { index: 1, options: [] })).toMatchObject({ ok: false });
    expect(parseCall('click_element', { index: 1, x: 10, y: 20 })).toMatchObject({ ok: true });
    expect(parseCall('click_element', { selector: '#a', x: 10 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/x and y need an index/),
    });
    expect(parseCall('click_element', { index: 1, x: -1 })).toMatchObject({ ok: false });
    expect(parseCall('select_text', { text: '  ' })).toMatchObject({ ok: false });
    expect(parseCall('hover', {})).toMatchObject({ ok: false });
  });

  it('the content channel checks the same messages strictly', () => {
    const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;
    expect(ok(BackgroundToContent.DRAG, { type: 'DRAG', payload: { index: 1, snapshotId: 's1', dx: 5 } })).toBe(true);
    expect(ok(BackgroundToContent.DRAG, { type: 'DRAG', payload: { index: 1, snapshotId: 's1' } })).toBe(false);
    expect(ok(BackgroundToContent.DRAG, { type: 'DRAG', payload: { selector: 'li', toSelector: 'ol', dx: 1 } })).toBe(
      false,
    );
    expect(ok(BackgroundToContent.HOVER, { type: 'HOVER', payload: { selector: 'nav a' } })).toBe(true);
    expect(ok(BackgroundToContent.HOVER, { type: 'HOVER', payload: { selector: '' } })).toBe(false);
    expect(ok(BackgroundToContent.PRESS_KEY, { type: 'PRESS_KEY', payload: { key: 'Enter', extra: 1 } })).toBe(false);
    expect(
      ok(BackgroundToContent.SELECT_OPTIONS, {
        type: 'SELECT_OPTIONS',
        payload: { index: 1, snapshotId: 's1', optionTexts: Array.from({ length: 101 }, () => 'a') },
      }),
    ).toBe(false);
    expect(
      ok(BackgroundToContent.CLICK_ELEMENT, {
        type: 'CLICK_ELEMENT',
        payload: { index: 1, snapshotId: 's', x: 3, y: 4 },
      }),
    ).toBe(true);
  });
});
