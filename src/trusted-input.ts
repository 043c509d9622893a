/**
 * Trusted input through the Chrome DevTools Protocol: the `Input.dispatchMouseEvent` and
 * `Input.dispatchKeyEvent` commands that press what a content script asks for. Pure: the
 * background sends the commands, the content script works out the points.
 */
import { parseKey, type Key } from './keys';

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

/** The points a drag passes through after its start, its end last. */
export const dragPath = (from: Point, to: Point): Point[] =>
  Array.from({ length: DRAG_STEPS }, (_, i) => ({
    x: from.x + ((to.x - from.x) * (i + 1)) / DRAG_STEPS,
    y: from.y + ((to.y - from.y) * (i + 1)) / DRAG_STEPS,
  }));

/** The press a drag starts with. */
export const dragStartCommands = (from: Point): CdpCommand[] => [
  mouse('mouseMoved', from),
  mouse('mousePressed', from, { button: 'left', buttons: 1, clickCount: 1 }),
];
export const heldMove = (at: Point): CdpCommand => mouse('mouseMoved', at, { button: 'left', buttons: 1 });
export const release = (at: Point): CdpCommand =>
  mouse('mouseReleased', at, { button: 'left', buttons: 0, clickCount: 1 });

/** Press at `from`, move there in steps with the button held, release at `to`. */
export const dragCommands = (from: Point, to: Point): CdpCommand[] => [
  ...dragStartCommands(from),
  ...dragPath(from, to).map(heldMove),
  release(to),
];

/**
 * One step of a drag Chrome handed over (`Input.dragIntercepted`): the data the page put in the
 * drag goes with every step, so the drop target reads what the source set.
 */
export const dragEvent = (
  type: 'dragEnter' | 'dragOver' | 'drop' | 'dragCancel',
  at: Point,
  data: unknown,
): CdpCommand => ({
  method: 'Input.dispatchDragEvent',
  params: { type, x: at.x, y: at.y, data },
});

/**
 * Text longer than this is inserted at once (`Input.insertText`: trusted beforeinput and input,
 * no key events), since two commands per character would take minutes for a long text.
 */
export const KEYED_MAX = 1000;

/**
 * The key a character is typed with: a line break is Enter, a space is Space, a character of a US
 * layout its own key, any other one a key named by the character. Control characters have none.
 */
function keyFor(char: string): Key | null {
  const spec = char === '\n' ? 'Enter' : char === ' ' ? 'Space' : char;
  if (/\p{Cc}/u.test(spec)) return null;
  const parsed = parseKey(spec);
  return parsed.ok ? parsed.key : null;
}

/**
 * Text typed as a keyboard types it: for each character a key press that fires trusted keydown,
 * keypress, beforeinput, input and keyup. A line break is Enter where it makes one (a textarea, an
 * editor) and is left out of a one-line field, whose value drops line breaks anyway; other control
 * characters (a tab would move focus) are inserted as text.
 */
export function typeCommands(text: string, multiline: boolean): CdpCommand[] {
  const lines = text.replace(/\r\n?/g, '\n');
  const typed = multiline ? lines : lines.replace(/\n/g, '');
  if ([...typed].length > KEYED_MAX) return [{ method: 'Input.insertText', params: { text: typed } }];
  return [...typed].flatMap((char): CdpCommand[] => {
    const key = keyFor(char);
    return key ? keyCommands(key) : [{ method: 'Input.insertText', params: { text: char } }];
  });
}

/**
 * The name under which the content script keeps, in its own world, its check of what a trusted
 * press would land on (content/actions/press-check.ts); the background calls it before each press.
 */
export const PRESS_CHECK = 'bosunPressCheck';
/** The check's answer when the press may go: anything else is the reason it may not. */
export const PRESS_OK = 'ok';
