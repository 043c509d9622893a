import { parseKey } from '../src/keys';
import { isButton, type ElementFacts } from './critical-fields';

/**
 * What a key press does beyond a key: Enter in a form's field submits the form (the browser's
 * implicit submission, or Ctrl/Cmd+Enter in a text area as pages make it); Enter on a button or
 * link and Space on a button, checkbox or radio click it; Enter in any other field is where a page's
 * own handler sends what was written (a chat box). Null for every other key.
 */
export type KeyEffect = 'submits' | 'clicks' | 'enters' | null;

const str = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase() : '');
const isLink = (el: ElementFacts) => str(el.tag) === 'a' || str(el.role) === 'link';
const isToggle = (el: ElementFacts) =>
  ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'].includes(str(el.role)) ||
  (str(el.tag) === 'input' && /^(checkbox|radio)$/.test(str(el.type)));
const isField = (el: ElementFacts) =>
  ['input', 'textarea', 'select'].includes(str(el.tag)) || ['textbox', 'searchbox', 'combobox'].includes(str(el.role));

export function keyEffect(key: unknown, el: ElementFacts | undefined): KeyEffect {
  if (typeof key !== 'string' || typeof el !== 'object' || el === null) return null;
  const parsed = parseKey(key);
  if (!parsed.ok) return null;
  const pressed = parsed.key;
  if (pressed.key === 'Enter' && (isButton(el) || isLink(el))) return 'clicks';
  if (pressed.key === ' ' && (isButton(el) || isToggle(el))) return 'clicks';
  if (pressed.key !== 'Enter' || !isField(el)) return null;
  const tag = str(el.tag);
  const shortcut = pressed.ctrlKey || pressed.metaKey;
  return el.inForm === true && (tag === 'input' || (tag === 'textarea' && shortcut)) ? 'submits' : 'enters';
}
