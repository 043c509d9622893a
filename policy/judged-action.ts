import { isButton, type ElementFacts } from './critical-fields';
import type { CriticalContext } from './critical';
import { isField, isLink, isToggle, onlyMoves } from './key-press';

/** Tools that only look, point, move or select: a hover or a scroll commits nothing, whatever it is on. */
const NEVER_COMMITS: ReadonlySet<string> = new Set([
  'hover',
  'scroll_page',
  'select_text',
  'mark_element',
  'wait_for_element',
  'read_page',
  'read_listing',
  'read_pdf',
  'get_page_content',
  'get_cached_snapshot',
  'extract_table',
  'take_screenshot',
]);

/** Tools that operate the element they name with a pointer or a key. */
const OPERATES: ReadonlySet<string> = new Set(['click_element', 'double_click', 'press_key']);

const str = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase() : '');

/** A control whose action commits: a button, a link (or inside one), a submit input, a menu item, a toggle. */
const isCommittingControl = (el: ElementFacts): boolean =>
  isButton(el) ||
  isLink(el) ||
  isToggle(el) ||
  (typeof el.href === 'string' && el.href !== '') ||
  str(el.tag) === 'area' ||
  ['menuitem', 'menuitemcheckbox', 'menuitemradio'].includes(str(el.role));

/**
 * What of an action is judged for commitments. Null for tools that never commit. A click, double
 * click or key on an item that is neither such a control nor a field (a list item, a label, text
 * whose double-click opens an editor) keeps only its page and form facts: the item's own words
 * ("Pay the bills", "Buy milk") are what it is about, not a promise it makes. A key that only moves
 * focus or a view (Tab, an arrow, Escape) commits nothing, whatever it is on. Everything else, and
 * any action whose element is unknown, is judged whole.
 */
export function judgedAction(toolName: string, action: CriticalContext): CriticalContext | null {
  if (NEVER_COMMITS.has(toolName)) return null;
  // Tab to a "Buy now" button, or an arrow key in a menu, moves focus: the words it lands on promise nothing.
  if (toolName === 'press_key' && typeof action === 'object' && action !== null && onlyMoves(action.key)) return null;
  const el = typeof action === 'object' && action !== null ? action.element : undefined;
  if (!OPERATES.has(toolName) || typeof el !== 'object' || el === null) return action;
  if (isCommittingControl(el) || isField(el) || ['iframe', 'frame'].includes(str(el.tag))) return action;
  const { label: _label, element: _element, ...rest } = action;
  return rest;
}
