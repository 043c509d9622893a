import { isButton, type ElementFacts } from './critical-fields';

/**
 * What a key press does beyond a key: Enter in a form's field submits the form (the browser's
 * implicit submission, or Ctrl/Cmd+Enter in a text area as pages make it); Enter on a button or
 * link and Space on a button, checkbox or radio click it; Enter in any other field is where a page's
 * own handler sends what was written (a chat box). Null for every other key.
 */
export type KeyEffect = 'submits' | 'clicks' | 'enters' | null;

const str = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase() : '');
export const isLink = (el: ElementFacts) => str(el.tag) === 'a' || str(el.role) === 'link';
export const isToggle = (el: ElementFacts) =>
  ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'].includes(str(el.role)) ||
  (str(el.tag) === 'input' && /^(checkbox|radio)$/.test(str(el.type)));
export const isField = (el: ElementFacts) =>
  ['input', 'textarea', 'select'].includes(str(el.tag)) || ['textbox', 'searchbox', 'combobox'].includes(str(el.role));

const MODIFIERS: Readonly<Record<string, 'ctrl' | 'shift' | 'alt' | 'meta'>> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  shift: 'shift',
  alt: 'alt',
  option: 'alt',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
};

/**
 * Enter or Space and the modifiers held, read as src/keys.ts names keys ("Ctrl+Enter", "return",
 * "Space"); null for any other key or an unknown modifier (the policy is a leaf: it parses its own).
 */
function enterOrSpace(spec: string): { key: 'Enter' | 'Space'; shortcut: boolean } | null {
  const parts = spec.split('+').map((part) =>
    part
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, ''),
  );
  const name = parts.pop() ?? '';
  const mods = parts.map((part) => MODIFIERS[part]);
  if (mods.some((mod) => mod === undefined)) return null;
  const key = name === 'enter' || name === 'return' ? 'Enter' : name === 'space' ? 'Space' : null;
  return key ? { key, shortcut: mods.includes('ctrl') || mods.includes('meta') } : null;
}

export function keyEffect(key: unknown, el: ElementFacts | undefined): KeyEffect {
  if (typeof key !== 'string' || typeof el !== 'object' || el === null) return null;
  const pressed = enterOrSpace(key);
  if (pressed === null) return null;
  // Focus inside a frame of another site, whose document is closed to Bosun: the key may submit there.
  if (['iframe', 'frame'].includes(str(el.tag))) return 'submits';
  if (pressed.key === 'Enter' && (isButton(el) || isLink(el))) return 'clicks';
  if (pressed.key === 'Space' && (isButton(el) || isToggle(el))) return 'clicks';
  if (pressed.key !== 'Enter' || !isField(el)) return null;
  const tag = str(el.tag);
  const shortcut = pressed.shortcut;
  return el.inForm === true && (tag === 'input' || (tag === 'textarea' && shortcut)) ? 'submits' : 'enters';
}

/** Keys that move focus, a caret, a selection or a view, or close a pop-up: a person commits nothing with them. */
const MOVING_KEYS: ReadonlySet<string> = new Set([
  'tab',
  'escape',
  'esc',
  'arrowup',
  'arrowdown',
  'arrowleft',
  'arrowright',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
]);

/** Whether a key press only moves focus or a view ("Tab", "Shift+Tab", "ArrowDown", "Escape"), with no other modifier than Shift. */
export function onlyMoves(key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const parts = key.split('+').map((part) =>
    part
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, ''),
  );
  const name = parts.pop() ?? '';
  return MOVING_KEYS.has(name) && parts.every((part) => part === 'shift');
}
