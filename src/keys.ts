/**
 * Key names as the model writes them ("Enter", "ctrl+a", "Shift+Tab", "ArrowLeft", "PageDown",
 * "a") turned into what a KeyboardEvent carries: `key`, `code`, the legacy `keyCode` that older
 * widget libraries still read, and the modifiers held.
 */
export interface Key {
  key: string;
  code: string;
  keyCode: number;
  /** A character the key types into a text field (a letter, a digit, a space), else null. */
  char: string | null;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

const NAMED: Record<string, [key: string, code: string, keyCode: number]> = {
  enter: ['Enter', 'Enter', 13],
  return: ['Enter', 'Enter', 13],
  escape: ['Escape', 'Escape', 27],
  esc: ['Escape', 'Escape', 27],
  tab: ['Tab', 'Tab', 9],
  backspace: ['Backspace', 'Backspace', 8],
  delete: ['Delete', 'Delete', 46],
  del: ['Delete', 'Delete', 46],
  space: [' ', 'Space', 32],
  arrowup: ['ArrowUp', 'ArrowUp', 38],
  arrowdown: ['ArrowDown', 'ArrowDown', 40],
  arrowleft: ['ArrowLeft', 'ArrowLeft', 37],
  arrowright: ['ArrowRight', 'ArrowRight', 39],
  up: ['ArrowUp', 'ArrowUp', 38],
  down: ['ArrowDown', 'ArrowDown', 40],
  left: ['ArrowLeft', 'ArrowLeft', 37],
  right: ['ArrowRight', 'ArrowRight', 39],
  pageup: ['PageUp', 'PageUp', 33],
  pagedown: ['PageDown', 'PageDown', 34],
  home: ['Home', 'Home', 36],
  end: ['End', 'End', 35],
  insert: ['Insert', 'Insert', 45],
};
for (let n = 1; n <= 12; n += 1) NAMED[`f${n}`] = [`F${n}`, `F${n}`, 111 + n];

const MODIFIERS: Record<string, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey'> = {
  ctrl: 'ctrlKey',
  control: 'ctrlKey',
  shift: 'shiftKey',
  alt: 'altKey',
  option: 'altKey',
  meta: 'metaKey',
  cmd: 'metaKey',
  command: 'metaKey',
};

/** The physical key a printable character sits on, as `code` names it on a US layout. */
function codeOf(char: string): [code: string, keyCode: number] {
  const upper = char.toUpperCase();
  if (/^[A-Z]$/.test(upper)) return [`Key${upper}`, upper.charCodeAt(0)];
  if (/^[0-9]$/.test(char)) return [`Digit${char}`, char.charCodeAt(0)];
  const punctuation: Record<string, [string, number]> = {
    '-': ['Minus', 189],
    '=': ['Equal', 187],
    ',': ['Comma', 188],
    '.': ['Period', 190],
    '/': ['Slash', 191],
    ';': ['Semicolon', 186],
    "'": ['Quote', 222],
    '[': ['BracketLeft', 219],
    ']': ['BracketRight', 221],
    '\\': ['Backslash', 220],
    '`': ['Backquote', 192],
  };
  return punctuation[char] ?? ['', 0];
}

/** Characters typed with Shift on a US layout, and the unshifted character of their key. */
const SHIFTED: Record<string, string> = {
  '!': '1',
  '@': '2',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
  _: '-',
  '+': '=',
  '{': '[',
  '}': ']',
  '|': '\\',
  ':': ';',
  '"': "'",
  '<': ',',
  '>': '.',
  '?': '/',
  '~': '`',
};

/**
 * The key a person presses to type one character on a US layout: "A" is Shift with KeyA, "!" Shift
 * with Digit1, a space is Space. A character no US key types (é, emoji) keeps its `key` with an
 * empty `code`, as a browser reports text from an input method or another layout.
 */
export function charKey(char: string): Key {
  const none = { ctrlKey: false, altKey: false, metaKey: false };
  if (char === ' ') return { key: ' ', code: 'Space', keyCode: 32, char, shiftKey: false, ...none };
  const base = SHIFTED[char] ?? char;
  const [code, keyCode] = codeOf(base);
  const shiftKey = SHIFTED[char] !== undefined || (/^\p{Lu}$/u.test(char) && code !== '');
  return { key: char, code, keyCode, char, shiftKey, ...none };
}

export type ParsedKey = { ok: true; key: Key } | { ok: false; error: string };

/** "Ctrl+Shift+ArrowLeft" → the key and its modifiers; an unknown name is an error that lists the known ones. */
export function parseKey(spec: string): ParsedKey {
  // "+" itself is a key: "Ctrl++" or "+" name it.
  const parts = spec.trim() === '+' ? ['+'] : spec.trim().replace(/\+\+$/, '+plus').split('+');
  const mods = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  const last = parts.pop()?.trim() ?? '';
  for (const part of parts) {
    const mod = MODIFIERS[part.trim().toLowerCase()];
    if (!mod)
      return { ok: false, error: `Unknown modifier "${part.trim()}" in "${spec}": use Ctrl, Shift, Alt or Meta.` };
    mods[mod] = true;
  }
  const name = last === 'plus' ? '+' : last;
  const named = NAMED[name.toLowerCase().replace(/[\s_-]/g, '')];
  if (named) {
    const [key, code, keyCode] = named;
    return { ok: true, key: { key, code, keyCode, char: key === ' ' ? ' ' : null, ...mods } };
  }
  if ([...name].length === 1) {
    const key = mods.shiftKey && /^[a-z]$/.test(name) ? name.toUpperCase() : name;
    const [code, keyCode] = codeOf(name);
    return { ok: true, key: { key, code, keyCode, char: key, ...mods } };
  }
  return {
    ok: false,
    error: `Unknown key "${name}": use a single character or one of Enter, Escape, Tab, Backspace, Delete, Space, ArrowUp/Down/Left/Right, PageUp, PageDown, Home, End, F1-F12, with Ctrl+, Shift+, Alt+, Meta+ for combinations.`,
  };
}

/** Whether the key, as pressed, types its character (a shortcut with Ctrl, Alt or Meta does not). */
export const typesChar = (key: Key) => key.char !== null && !key.ctrlKey && !key.altKey && !key.metaKey;

/** How the model's spelling reads back in a result: "Ctrl+A". */
export function keyName(key: Key): string {
  const mods = [key.ctrlKey && 'Ctrl', key.altKey && 'Alt', key.shiftKey && 'Shift', key.metaKey && 'Meta'];
  return [...mods.filter(Boolean), key.key === ' ' ? 'Space' : key.key].join('+');
}
