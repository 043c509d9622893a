import { attributesOf } from './attributes';
import { TEXT_ROLES } from './roles';

/** A value longer than this is shown in part, with a marker saying how to read all of it. */
const MAX_VALUE = 300;

function value(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= MAX_VALUE) return ` =${flat}`;
  return ` =${flat.slice(0, MAX_VALUE)}[… ${flat.length - MAX_VALUE} more characters: get_page_content with this index]`;
}

/**
 * The state a model needs besides the label: the current value of a field (whole up to a
 * length, then marked as cut), whether a box is checked, a tab selected, a pop-up expanded,
 * something disabled. Passwords are never shown, only that one is typed.
 */
export function stateOf(el: Element, role: string): string {
  const attribute = attributesOf(el);
  let state = '';
  if ((TEXT_ROLES.has(role) || DATE_ROLES.has(role) || role === 'slider' || role === 'combobox') && isField(el)) {
    const typed = String((el as HTMLInputElement).value ?? '');
    if (typed) state += role === 'password' ? ' =•••' : value(typed);
  } else if (role === 'combobox') {
    // A combobox built on a div or button (select-only, select2) shows the chosen option as its text.
    const shown = shownText(el);
    if (shown) state += value(shown);
  } else if (role === 'textbox' && (el as HTMLElement).isContentEditable) {
    const text = (el.textContent ?? '').trim();
    if (text) state += value(text);
  } else if (role === 'select') {
    const chosen = [...((el as HTMLSelectElement).selectedOptions ?? [])].map((o) => o.textContent?.trim() ?? '');
    if (chosen.length > 0) state += value(chosen.join(', '));
  } else if (attribute('aria-valuenow') !== null || attribute('aria-valuetext') !== null) {
    state += value(attribute('aria-valuetext') ?? attribute('aria-valuenow') ?? '');
  } else if (role === 'slider') state += alongTrack(el);
  // A tree grid's row: how deep it sits, as its indent shows a person.
  if (role === 'row' && attribute('aria-level') !== null) state += ` level ${attribute('aria-level')}`;
  const control = el.localName === 'label' ? ((el as HTMLLabelElement).control ?? el) : el;
  if (CHECKABLE.has(role)) state += isMixed(control) ? ' mixed' : isChecked(control) ? ' checked' : '';
  const pressed = attribute('aria-pressed');
  if (pressed === 'true' || pressed === 'mixed') state += pressed === 'true' ? ' pressed' : ' partly pressed';
  if (attribute('aria-selected') === 'true') state += ' selected';
  // The page or step a person is on ("current page"), as a screen reader announces it.
  const current = attribute('aria-current');
  if (current && current !== 'false') state += current === 'true' ? ' current' : ` current ${current}`;
  const expanded = attribute('aria-expanded');
  if (expanded === 'true' || expanded === 'false') state += expanded === 'true' ? ' expanded' : ' collapsed';
  if ((control as HTMLButtonElement).disabled === true || attribute('aria-disabled') === 'true') state += ' disabled';
  return state;
}

/** Date and time fields, whose value is the chosen date or time (2026-12-15, 14:30). */
const DATE_ROLES = new Set(['date', 'datetime', 'month', 'time', 'week']);

/** The text an element shows, without its pop-up list or what it hides from screen readers. */
function shownText(el: Element): string {
  let text = '';
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) text += child.nodeValue ?? '';
    else if (child.nodeType === Node.ELEMENT_NODE) {
      const e = child as Element;
      const hidden = e.getAttribute('aria-hidden') === 'true' || e.hasAttribute('hidden');
      if (!hidden && e.getAttribute('role') !== 'listbox') text += ` ${shownText(e)} `;
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Where a slider handle that states no value (jQuery UI's) sits along its track, as a share of it:
 * what a person reads off the slider; the page's own scale is not in its markup.
 */
function alongTrack(handle: Element): string {
  const track = handle.parentElement;
  if (!track) return '';
  const t = track.getBoundingClientRect();
  const h = handle.getBoundingClientRect();
  const share =
    t.height > t.width ? (t.bottom - (h.top + h.height / 2)) / t.height : (h.left + h.width / 2 - t.left) / t.width;
  return Number.isFinite(share) ? ` =${Math.round(Math.min(1, Math.max(0, share)) * 100)}%` : '';
}

/** Roles whose state a screen reader announces as checked, not checked or mixed. */
const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** A tri-state box between checked and not: "select all" with some selected. */
const isMixed = (el: Element) =>
  (el as HTMLInputElement).indeterminate === true || el.getAttribute('aria-checked') === 'mixed';

const isField = (el: Element) => el.localName === 'input' || el.localName === 'textarea';

export function isChecked(el: Element): boolean {
  return (el as HTMLInputElement).checked === true || el.getAttribute('aria-checked') === 'true';
}

/** A short description of an element for error messages: `<div class="modal">`. */
export function describeElement(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const cls =
    typeof el.className === 'string' && el.className.trim()
      ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
      : '';
  return `<${el.localName}${id}${cls}>`;
}
