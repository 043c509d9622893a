import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BackgroundToContent, PRESSING } from '../../src/protocol/background-to-content';
import { TrustedInputRequest } from '../../src/protocol/content-to-background';
import { KEYED_MAX, typeCommands, type CdpCommand } from '../../src/trusted-input';

/** Each command as a short word: the key pressed down ("a", "Enter"), "up", or "insert:<text>". */
const steps = (commands: CdpCommand[]) =>
  commands.map(({ method, params }) =>
    method === 'Input.insertText'
      ? `insert:${String(params.text)}`
      : params.type === 'keyUp'
        ? 'up'
        : `${String(params.type)}:${String(params.key)}:${String(params.text)}`,
  );

describe('trusted input: typing text', () => {
  it('types each character as a key press that carries its text, a space and characters off the US layout too', () => {
    expect(steps(typeCommands('Ab é😀', false))).toEqual([
      'keyDown:A:A',
      'up',
      'keyDown:b:b',
      'up',
      'keyDown: : ',
      'up',
      'keyDown:é:é',
      'up',
      'keyDown:😀:😀',
      'up',
    ]);
    expect(typeCommands('7', false)[0]?.params).toMatchObject({ code: 'Digit7', windowsVirtualKeyCode: 55 });
  });

  it('presses Enter for a line break where it makes one, and leaves it out of a one-line field', () => {
    expect(steps(typeCommands('a\r\nb', true))).toEqual([
      'keyDown:a:a',
      'up',
      'keyDown:Enter:\r',
      'up',
      'keyDown:b:b',
      'up',
    ]);
    expect(steps(typeCommands('a\nb', false))).toEqual(['keyDown:a:a', 'up', 'keyDown:b:b', 'up']);
  });

  it('inserts a tab as text rather than pressing Tab, which would move focus', () => {
    expect(steps(typeCommands('a\tb', true))).toEqual(['keyDown:a:a', 'up', 'insert:\t', 'keyDown:b:b', 'up']);
  });

  it('inserts a long text at once', () => {
    const long = 'x'.repeat(KEYED_MAX + 1);
    expect(steps(typeCommands(long, false))).toEqual([`insert:${long}`]);
    expect(typeCommands('x'.repeat(KEYED_MAX), false)).toHaveLength(2 * KEYED_MAX);
  });
});

describe('trusted input: the protocol', () => {
  it('asks for text to type and for an HTML5 drag, and refuses an empty text', () => {
    const at = { x: 1, y: 2 };
    expect(v.is(TrustedInputRequest, { kind: 'type', text: 'Ada', multiline: false })).toBe(true);
    expect(v.is(TrustedInputRequest, { kind: 'type', text: '', multiline: false })).toBe(false);
    expect(v.is(TrustedInputRequest, { kind: 'dragDrop', from: at, to: at })).toBe(true);
  });

  it('lets every action that presses say that trusted input is on, and no other', () => {
    const payloads: Record<(typeof PRESSING)[number], object> = {
      CLICK_ELEMENT: { selector: '#a' },
      FILL_FORM: { selector: '#a', text: 'x' },
      PRESS_KEY: { key: 'a' },
      HOVER: { index: 1, snapshotId: 's' },
      DOUBLE_CLICK: { index: 1, snapshotId: 's' },
      DRAG: { index: 1, snapshotId: 's', dx: 5 },
      FILL_FIELDS: { fields: [{ selector: '#a', value: 'x' }] },
    };
    for (const [type, payload] of Object.entries(payloads)) {
      const schema = BackgroundToContent[type as keyof typeof BackgroundToContent];
      expect(v.is(schema, { type, payload: { ...payload, trusted: true } }), type).toBe(true);
      expect(v.is(schema, { type, payload: { ...payload, trusted: 'yes' } }), type).toBe(false);
    }
    const scroll = BackgroundToContent.SCROLL_PAGE;
    expect(v.is(scroll, { type: 'SCROLL_PAGE', payload: { direction: 'up', trusted: true } })).toBe(false);
  });
});
