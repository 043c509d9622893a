import { describe, expect, it } from 'vitest';
import { parseKey, type Key } from '../../src/keys';
import {
  clickCommands,
  DRAG_STEPS,
  dragCommands,
  hoverCommands,
  keyCommands,
  modifierBits,
  topViewportPoint,
} from '../../src/trusted-input';

const key = (spec: string): Key => {
  const parsed = parseKey(spec);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.key;
};

describe('trusted input: points', () => {
  it('moves a point of a same-origin iframe into the top viewport by the frame offset', () => {
    expect(topViewportPoint({ x: 10, y: 20 }, { dx: 0, dy: 0 })).toEqual({ x: 10, y: 20 });
    expect(topViewportPoint({ x: 10.5, y: 20 }, { dx: 102, dy: 58.25 })).toEqual({ x: 112.5, y: 78.25 });
  });
});

describe('trusted input: keys as CDP key events', () => {
  it.each([
    ['a', { type: 'keyDown', key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65, modifiers: 0, text: 'a' }],
    ['Shift+a', { type: 'keyDown', key: 'A', code: 'KeyA', windowsVirtualKeyCode: 65, modifiers: 8, text: 'A' }],
    ['Enter', { type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, modifiers: 0, text: '\r' }],
    ['Space', { type: 'keyDown', key: ' ', code: 'Space', windowsVirtualKeyCode: 32, modifiers: 0, text: ' ' }],
    ['ArrowLeft', { type: 'rawKeyDown', key: 'ArrowLeft', code: 'ArrowLeft', windowsVirtualKeyCode: 37, modifiers: 0 }],
    ['Escape', { type: 'rawKeyDown', key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27, modifiers: 0 }],
    ['Ctrl+a', { type: 'rawKeyDown', key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65, modifiers: 2 }],
    ['Ctrl+Enter', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, modifiers: 2 }],
  ])('%s', (spec, down) => {
    const [first, second] = keyCommands(key(spec));
    expect(first).toEqual({ method: 'Input.dispatchKeyEvent', params: expect.objectContaining(down) });
    // Only keys that type carry text: a shortcut must not insert its letter.
    if (!('text' in down)) expect(first?.params).not.toHaveProperty('text');
    expect(second?.params).toMatchObject({ type: 'keyUp', key: down.key, code: down.code, modifiers: down.modifiers });
    expect(second?.params).not.toHaveProperty('text');
  });

  it('sums the modifier bits as CDP defines them (Alt 1, Ctrl 2, Meta 4, Shift 8)', () => {
    expect(modifierBits(key('Alt+x'))).toBe(1);
    expect(modifierBits(key('Meta+x'))).toBe(4);
    expect(modifierBits(key('Ctrl+Alt+Shift+Meta+x'))).toBe(15);
  });
});

describe('trusted input: mouse events', () => {
  const types = (commands: { params: Record<string, unknown> }[]) => commands.map((c) => c.params.type);

  it('hovers by moving there', () => {
    expect(hoverCommands({ x: 5, y: 6 })).toEqual([
      { method: 'Input.dispatchMouseEvent', params: { type: 'mouseMoved', x: 5, y: 6 } },
    ]);
  });

  it('clicks with a move, a press and a release; a double click counts its second press', () => {
    expect(types(clickCommands({ x: 1, y: 2 }, 1))).toEqual(['mouseMoved', 'mousePressed', 'mouseReleased']);
    const double = clickCommands({ x: 1, y: 2 }, 2);
    expect(types(double)).toEqual(['mouseMoved', 'mousePressed', 'mouseReleased', 'mousePressed', 'mouseReleased']);
    expect(double.map((c) => c.params.clickCount)).toEqual([undefined, 1, 1, 2, 2]);
    expect(double.every((c) => c.params.x === 1 && c.params.y === 2)).toBe(true);
  });

  it('drags with the button held over steps that end where it is released', () => {
    const commands = dragCommands({ x: 0, y: 0 }, { x: 100, y: -50 });
    expect(types(commands)).toEqual([
      'mouseMoved',
      'mousePressed',
      ...Array<string>(DRAG_STEPS).fill('mouseMoved'),
      'mouseReleased',
    ]);
    const moves = commands.slice(2, -1);
    expect(moves.every((c) => c.params.buttons === 1)).toBe(true);
    expect(moves[0]?.params).toMatchObject({ x: 10, y: -5 });
    expect(moves.at(-1)?.params).toMatchObject({ x: 100, y: -50 });
    expect(commands.at(-1)?.params).toMatchObject({ x: 100, y: -50, button: 'left', buttons: 0 });
  });
});
