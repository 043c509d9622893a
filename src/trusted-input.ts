/**
 * Trusted input through the Chrome DevTools Protocol: the `Input.dispatchMouseEvent` and
 * `Input.dispatchKeyEvent` commands that press what a content script asks for. Pure: the
 * background sends the commands, the content script works out the points.
 */
import type { Key } from './keys';

export type Point = { x: number; y: number };
export type CdpCommand = { method: string; params: Record<string, unknown> };

/**
 * A point of an element's own document moved into the top viewport, where CDP aims mouse events
 * (CSS pixels of the main frame's viewport, so neither the zoom nor devicePixelRatio enters). The
 * offset is that of the element's same-origin iframe chain, as the content script knows it.
 */
export const topViewportPoint = (local: Point, frame: { dx: number; dy: number }): Point => ({
  x: local.x + frame.dx,
  y: local.y + frame.dy,
});

/** CDP's modifier bits: Alt=1, Ctrl=2, Meta/Command=4, Shift=8. */
export const modifierBits = (key: Key): number =>
  (key.altKey ? 1 : 0) | (key.ctrlKey ? 2 : 0) | (key.metaKey ? 4 : 0) | (key.shiftKey ? 8 : 0);

/** What the key types: its character, or "\r" for Enter (as a keyboard sends it, so forms submit); else nothing. */
function typedText(key: Key): string | null {
  if (key.ctrlKey || key.altKey || key.metaKey) return null;
  if (key.key === 'Enter') return '\r';
  return key.char;
}

/**
 * One press and release. A key that types is a `keyDown` with its text (the browser then fires
 * keypress and inserts it); any other key is a `rawKeyDown`, which fires only keydown.
 */
export function keyCommands(key: Key): CdpCommand[] {
  const base = {
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    nativeVirtualKeyCode: key.keyCode,
    modifiers: modifierBits(key),
  };
  const text = typedText(key);
  const down =
    text === null ? { type: 'rawKeyDown', ...base } : { type: 'keyDown', ...base, text, unmodifiedText: text };
  return [
    { method: 'Input.dispatchKeyEvent', params: down },
    { method: 'Input.dispatchKeyEvent', params: { type: 'keyUp', ...base } },
  ];
}

const mouse = (type: string, at: Point, extra: Record<string, unknown> = {}): CdpCommand => ({
  method: 'Input.dispatchMouseEvent',
  params: { type, x: at.x, y: at.y, ...extra },
});

/** The pointer moves there and stays. */
export const hoverCommands = (at: Point): CdpCommand[] => [mouse('mouseMoved', at)];

/** A click (count 1) or a double click (count 2): the browser fires dblclick on the second release. */
export function clickCommands(at: Point, count: 1 | 2): CdpCommand[] {
  const presses = Array.from({ length: count }, (_, i) => [
    mouse('mousePressed', at, { button: 'left', buttons: 1, clickCount: i + 1 }),
    mouse('mouseReleased', at, { button: 'left', buttons: 0, clickCount: i + 1 }),
  ]).flat();
  return [mouse('mouseMoved', at), ...presses];
}

/** Moves between press and release: libraries start a drag only after the pointer travels a few pixels. */
export const DRAG_STEPS = 10;

/** Press at `from`, move there in steps with the button held, release at `to`. */
export function dragCommands(from: Point, to: Point): CdpCommand[] {
  const steps = Array.from({ length: DRAG_STEPS }, (_, i) =>
    mouse(
      'mouseMoved',
      { x: from.x + ((to.x - from.x) * (i + 1)) / DRAG_STEPS, y: from.y + ((to.y - from.y) * (i + 1)) / DRAG_STEPS },
      { button: 'left', buttons: 1 },
    ),
  );
  return [
    mouse('mouseMoved', from),
    mouse('mousePressed', from, { button: 'left', buttons: 1, clickCount: 1 }),
    ...steps,
    mouse('mouseReleased', to, { button: 'left', buttons: 0, clickCount: 1 }),
  ];
}
