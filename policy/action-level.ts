import type { PermissionLevel } from './vocabulary';
import { commitReason, type CriticalContext } from './critical';
import { isButton } from './critical-fields';

/** Tools whose action clicks the element they name (a double click is two clicks). */
const CLICKS: ReadonlySet<string> = new Set(['click_element', 'double_click']);

/**
 * The level a call is judged at. A click is "interact", but a click on a form's button submits the
 * form, and a click on a button or link whose words commit something (Buy, Send, Delete, Change
 * password) commits it whether or not a <form> is around it (single-page apps have none): both are
 * judged at "submit".
 */
export function actionLevel(
  toolName: string,
  level: PermissionLevel,
  action: CriticalContext | undefined,
): PermissionLevel {
  if (!CLICKS.has(toolName) || typeof action !== 'object' || action === null) return level;
  const el = action.element;
  const formButton = typeof el === 'object' && el !== null && el.inForm === true && isButton(el);
  return formButton || commitReason(action) !== null ? 'submit' : level;
}
