import { inputAndChange } from './events';
import { activate, implicitSubmission } from './key-commits';
import { typesChar, type Key } from '../../src/keys';
import { scroll } from './scroll';

/**
 * What the browser itself does with a key the page did not cancel. Synthetic key events never
 * trigger these defaults, so Bosun performs them, as the browser would, on the focused element.
 * Each returns what happened, in words for the model, or null when the key has no effect there.
 *
 * Submitting a form (Enter in a field) and activating a button or link (Enter, Space) commit
 * things: the gate judges such a key press at the level of submit_form and click_element.
 */
export function keyDefault(el: Element, key: Key): string | null {
  if (key.key === 'Tab' && !key.ctrlKey && !key.altKey && !key.metaKey) return moveFocus(el, key.shiftKey);
  if (key.key === 'Escape') return closePopup(el);
  if (isTextField(el)) return textDefault(el as HTMLInputElement, key);
  if ((el as HTMLElement).isContentEditable) return editableDefault(el, key);
  if (el.localName === 'input') {
    const type = (el as HTMLInputElement).type;
    if (type === 'range') return rangeDefault(el as HTMLInputElement, key);
    if ((type === 'checkbox' || type === 'radio') && key.key === ' ') return toggle(el as HTMLInputElement);
    if (type === 'radio' && key.key.startsWith('Arrow')) return nextRadio(el as HTMLInputElement, key);
  }
  if (el.localName === 'select' && !(el as HTMLSelectElement).multiple)
    return selectDefault(el as HTMLSelectElement, key);
  if (activates(el, key)) return activate(el as HTMLElement, key.key);
  if ((key.ctrlKey || key.metaKey) && key.key.toLowerCase() === 'a') {
    el.ownerDocument.getSelection()?.selectAllChildren(el.ownerDocument.body);
    return 'selected all the text of the page';
  }
  return scrollDefault(el, key);
}

const TEXT_TYPES = /^(text|search|url|tel|email|password|number|)$/;
export const isTextField = (el: Element) =>
  el.localName === 'textarea' || (el.localName === 'input' && TEXT_TYPES.test((el as HTMLInputElement).type));

/** Enter or Space on a link or button: the browser would click it. */
function activates(el: Element, key: Key): boolean {
  const link = el.localName === 'a' && el.hasAttribute('href');
  const button =
    el.localName === 'button' ||
    el.localName === 'summary' ||
    (el.localName === 'input' && /^(submit|button|reset|image)$/.test((el as HTMLInputElement).type));
  return (key.key === 'Enter' && (link || button)) || (key.key === ' ' && button);
}

function tabbables(doc: Document): HTMLElement[] {
  const all = [
    ...doc.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"], [contenteditable=""]',
    ),
  ].filter((e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.checkVisibility?.() !== false);
  // Positive tabindex first, in its order; then the rest in document order, as the browser walks them.
  const positive = all.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  return [...positive, ...all.filter((e) => e.tabIndex === 0)];
}

function moveFocus(el: Element, back: boolean): string {
  const order = tabbables(el.ownerDocument);
  const at = order.indexOf(el as HTMLElement);
  const next = order[at === -1 ? (back ? order.length - 1 : 0) : at + (back ? -1 : 1)];
  if (!next) return 'focus left the page (no further element to tab to)';
  next.focus();
  return `focus moved to ${focusName(next)}`;
}

export function focusName(el: Element): string {
  const name =
    el.getAttribute('aria-label') ??
    (el as HTMLInputElement).labels?.[0]?.textContent ??
    (el as HTMLInputElement).placeholder ??
    el.textContent ??
    '';
  const text = name.replace(/\s+/g, ' ').trim().slice(0, 60);
  return `<${el.localName}>${text ? ` "${text}"` : ''}`;
}

/** Escape closes the modal dialog or the open popover the focus is in, as the browser does. */
function closePopup(el: Element): string | null {
  const dialog = el.closest('dialog');
  if (dialog?.open && dialog.matches(':modal')) {
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    return dialog.open ? null : 'closed the dialog';
  }
  const popover = el.ownerDocument.querySelector(':popover-open');
  if (popover instanceof HTMLElement && popover.popover === 'auto') {
    popover.hidePopover();
    return 'closed the pop-up';
  }
  return null;
}

function textDefault(field: HTMLInputElement, key: Key): string | null {
  if ((key.ctrlKey || key.metaKey) && key.key.toLowerCase() === 'a') {
    field.select();
    return 'selected all the text of the field';
  }
  if (key.key === 'Enter') return field.localName === 'textarea' ? insert(field, '\n') : implicitSubmission(field);
  if (typesChar(key)) return insert(field, key.char ?? '');
  if (key.key === 'Backspace' || key.key === 'Delete') return erase(field, key.key === 'Backspace');
  const length = field.value.length;
  const caret: Record<string, number> = {
    Home: 0,
    End: length,
    ArrowLeft: Math.max(0, (field.selectionStart ?? 0) - 1),
    ArrowRight: Math.min(length, (field.selectionEnd ?? 0) + 1),
  };
  const to = caret[key.key];
  if (to === undefined || field.selectionStart === null) return null;
  field.setSelectionRange(
    key.shiftKey ? Math.min(to, field.selectionStart) : to,
    key.shiftKey ? Math.max(to, field.selectionEnd ?? to) : to,
  );
  return `moved the cursor to ${to}`;
}

function insert(field: HTMLInputElement, char: string): string {
  if (field.readOnly) return 'nothing: the field is read-only';
  if (field.selectionStart !== null)
    field.setRangeText(char, field.selectionStart, field.selectionEnd ?? field.selectionStart, 'end');
  else field.value += char;
  inputAndChange(field, char, 'insertText', false);
  return `the field now reads "${field.value.slice(-200)}"`;
}

function erase(field: HTMLInputElement, backward: boolean): string | null {
  if (field.readOnly) return 'nothing: the field is read-only';
  let start = field.selectionStart ?? field.value.length;
  let end = field.selectionEnd ?? start;
  if (start === end)
    [start, end] = backward ? [Math.max(0, start - 1), end] : [start, Math.min(field.value.length, end + 1)];
  if (start === end) return null;
  field.setRangeText('', start, end, 'end');
  inputAndChange(field, null, backward ? 'deleteContentBackward' : 'deleteContentForward', false);
  return `the field now reads "${field.value.slice(-200)}"`;
}

function editableDefault(el: Element, key: Key): string | null {
  const doc = el.ownerDocument;
  if ((key.ctrlKey || key.metaKey) && key.key.toLowerCase() === 'a') {
    doc.getSelection()?.selectAllChildren(el);
    return 'selected all the text of the editor';
  }
  const command = typesChar(key)
    ? (['insertText', key.char] as const)
    : key.key === 'Enter'
      ? (['insertParagraph', ''] as const)
      : key.key === 'Backspace'
        ? (['delete', ''] as const)
        : key.key === 'Delete'
          ? (['forwardDelete', ''] as const)
          : null;
  if (!command) return null;
  doc.execCommand(command[0], false, command[1] ?? '');
  return `the editor now reads "${(el.textContent ?? '').slice(-200)}"`;
}

function rangeDefault(range: HTMLInputElement, key: Key): string | null {
  const min = Number(range.min || 0);
  const max = Number(range.max || 100);
  const step = range.step === 'any' ? (max - min) / 100 : Number(range.step || 1);
  const page = Math.max(step, (max - min) / 10);
  const now = Number(range.value);
  const moves: Record<string, number> = {
    ArrowRight: now + step,
    ArrowUp: now + step,
    ArrowLeft: now - step,
    ArrowDown: now - step,
    PageUp: now + page,
    PageDown: now - page,
    Home: min,
    End: max,
  };
  const to = moves[key.key];
  if (to === undefined) return null;
  const before = range.value;
  range.value = String(to);
  if (range.value === before) return `nothing: the slider is already at ${before}`;
  inputAndChange(range, null);
  return `the slider is now at ${range.value}`;
}

function selectDefault(select: HTMLSelectElement, key: Key): string | null {
  const enabled = [...select.options].filter((o) => !o.disabled);
  const at = enabled.indexOf(select.options[select.selectedIndex] as HTMLOptionElement);
  const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: enabled.length - 1 };
  const to = moves[key.key];
  const option = to === undefined ? undefined : enabled[Math.max(0, Math.min(enabled.length - 1, to))];
  if (!option) return null;
  if (option.selected) return `nothing: "${option.text.trim()}" is already chosen`;
  option.selected = true;
  inputAndChange(select, null);
  return `"${option.text.trim()}" is now chosen`;
}

function toggle(box: HTMLInputElement): string {
  if (box.type === 'radio' && box.checked) return 'nothing: the option is already chosen';
  box.click();
  return box.checked ? 'checked it' : 'unchecked it';
}

function nextRadio(radio: HTMLInputElement, key: Key): string | null {
  const scope = radio.form ?? radio.ownerDocument;
  const group = [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
    (r) => r.name === radio.name && !r.disabled,
  );
  const forward = key.key === 'ArrowRight' || key.key === 'ArrowDown';
  const next = group[(group.indexOf(radio) + (forward ? 1 : group.length - 1)) % group.length];
  if (!next || next === radio) return null;
  next.focus();
  next.click();
  return `chose ${focusName(next)}`;
}

/** Keys that scroll what the focus is in (or the page) when nothing else takes them. */
function scrollDefault(el: Element, key: Key): string | null {
  const lines: Record<string, ['up' | 'down' | 'left' | 'right' | 'top' | 'bottom', number | undefined]> = {
    ArrowDown: ['down', 40],
    ArrowUp: ['up', 40],
    ArrowLeft: ['left', 40],
    ArrowRight: ['right', 40],
    PageDown: ['down', undefined],
    PageUp: ['up', undefined],
    ' ': [key.shiftKey ? 'up' : 'down', undefined],
    Home: ['top', undefined],
    End: ['bottom', undefined],
  };
  const move = lines[key.key];
  if (!move || key.ctrlKey || key.altKey || key.metaKey) return null;
  const inner = el === el.ownerDocument.body ? null : scroll(move[0], move[1], el);
  const result = inner?.success ? inner : scroll(move[0], move[1], null);
  return result.success ? (result.message ?? null) : null;
}
