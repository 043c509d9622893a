import type { CriticalContext } from './critical';
import { isButton } from './critical-fields';
import { keyEffect } from './key-press';

/** Tools whose action clicks the element they name (a double click is two clicks). */
const CLICKS: ReadonlySet<string> = new Set(['click_element', 'double_click']);

/**
 * Where a call sends the tab, as the element's own markup says: a link's or image map area's
 * address for a click (or Enter) on it, the form's action for a click on a form's button or a key
 * that submits the form. Null for a call that goes nowhere the markup names (a script may still
 * navigate; that lands on a page the next action is judged on).
 */
export function clickDestination(toolName: string, action: CriticalContext): string | null {
  const el = action.element;
  if (typeof el !== 'object' || el === null) return null;
  const effect = toolName === 'press_key' ? keyEffect(action.key, el) : null;
  const clicks = CLICKS.has(toolName) || effect === 'clicks';
  if (clicks && typeof el.href === 'string' && el.href !== '') return el.href;
  const submits = effect === 'submits' || (clicks && el.inForm === true && isButton(el));
  return submits && typeof action.formAction === 'string' && action.formAction !== '' ? action.formAction : null;
}
