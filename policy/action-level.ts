import type { PermissionLevel } from './vocabulary';
import { commitReason, type CriticalContext } from './critical';
import { isButton } from './critical-fields';
import { judgedAction } from './judged-action';
import { keyEffect } from './key-press';
import { pageToolLevel } from './page-tool-level';

/** Tools whose action clicks the element they name (a double click is two clicks). */
const CLICKS: ReadonlySet<string> = new Set(['click_element', 'double_click']);

/** A click on a form's button submits it; a click on words that commit (Buy, Send, Delete) commits. */
function clickCommits(action: CriticalContext): boolean {
  const el = action.element;
  const formButton = typeof el === 'object' && el !== null && el.inForm === true && isButton(el);
  return formButton || commitReason(action) !== null;
}

/**
 * A key that submits a form, or clicks what a click would, commits as that click would, whether
 * the browser does it (trusted input) or the page's own key handler does. Words that commit count
 * for Enter in any field too: the form's default button's ("Place order"), or the field's own.
 */
function keyCommits(action: CriticalContext): boolean {
  const effect = keyEffect(action.key, action.element);
  if (effect === 'submits') return true;
  if (effect === 'clicks') return clickCommits(action);
  return effect === 'enters' && commitReason(action) !== null;
}

/**
 * The level a call is judged at. A click is "interact", but a click on a form's button submits the
 * form, and a click on a button or link whose words commit something (Buy, Send, Delete, Change
 * password) commits it whether or not a <form> is around it (single-page apps have none): both are
 * judged at "submit". So is a key press that does what such a click does (press_key Enter in a
 * form's field, on a button or link; Space on a button). A page's own tool (WebMCP) is judged at
 * the level its declaration asks (page-tool-level.ts).
 */
export function actionLevel(
  toolName: string,
  level: PermissionLevel,
  action: CriticalContext | undefined,
): PermissionLevel {
  if (typeof action !== 'object' || action === null) return level;
  // A page's own tool is judged at what the page declares of it, whatever the call's own level.
  if (action.pageTool) return pageToolLevel(action.pageTool, commitReason(action) !== null);
  const judged = judgedAction(toolName, action);
  if (judged === null) return level;
  if (CLICKS.has(toolName)) return clickCommits(judged) ? 'submit' : level;
  if (toolName === 'press_key') return keyCommits(judged) ? 'submit' : level;
  return level;
}
