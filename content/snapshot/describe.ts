import { clip } from './label';
import { TEXT_ROLES } from './roles';

/**
 * The state a model needs besides the label: the current value of a field, whether a box is
 * checked, whether something is disabled. Passwords are never shown, only that one is typed.
 */
export function stateOf(el: Element, role: string): string {
  let state = '';
  if (TEXT_ROLES.has(role) && 'value' in el) {
    const value = String((el as HTMLInputElement).value ?? '');
    if (value) state += role === 'password' ? ' =•••' : ` =${clip(value.replace(/\s+/g, ' '), 24)}`;
  } else if (role === 'textbox' && el.localName !== 'input' && el.localName !== 'textarea') {
    // contenteditable: its text is its value, already in the label when short.
  } else if (role === 'select') {
    const select = el as HTMLSelectElement;
    const chosen = select.selectedOptions?.[0]?.textContent?.trim();
    if (chosen) state += ` =${clip(chosen, 24)}`;
  }
  if ((role === 'checkbox' || role === 'radio' || role === 'switch') && isChecked(el)) state += ' checked';
  if ((el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true') state += ' disabled';
  return state;
}

function isChecked(el: Element): boolean {
  return (el as HTMLInputElement).checked === true || el.getAttribute('aria-checked') === 'true';
}

/** A short description of an element for error messages: `<div class="modal">`. */
export function describeElement(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
  return `<${el.localName}${id}${cls}>`;
}
