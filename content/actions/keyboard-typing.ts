/**
 * Typing as a keyboard types, for the script path of type_text: per character keydown, keypress,
 * beforeinput, the change itself, input and keyup, so pages that filter on keyup (the W3C's
 * autocomplete), check keydown or edit in beforeinput (rich editors) react as to a person. A page
 * that cancels keydown, keypress or beforeinput keeps the character out, as a browser does.
 *
 * Every length goes key by key: the page-world watcher notes which elements listen to pointer
 * events only, and key listeners on the document or window are not seen at all, so nothing tells
 * that a page ignores keys.
 */
import { charKey, type Key } from '../../src/keys';

const ENTER: Key = {
  key: 'Enter',
  code: 'Enter',
  keyCode: 13,
  char: null,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
};
const BACKSPACE: Key = { ...ENTER, key: 'Backspace', code: 'Backspace', keyCode: 8 };

type Field = HTMLInputElement | HTMLTextAreaElement;

function keyEvent(type: 'keydown' | 'keypress' | 'keyup', key: Key): KeyboardEvent {
  const charCode = type === 'keypress' ? (key.char ?? '\r').charCodeAt(0) : 0;
  const keyCode = type === 'keypress' ? charCode : key.keyCode;
  return new KeyboardEvent(type, {
    key: key.key,
    code: key.code,
    keyCode,
    which: keyCode,
    charCode,
    shiftKey: key.shiftKey,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
}

/** An edit as the browser makes it: beforeinput (cancellable), the edit unless cancelled, then input. */
function edit(el: Element, inputType: string, data: string | null, apply: () => boolean): boolean {
  const before = new InputEvent('beforeinput', { inputType, data, bubbles: true, cancelable: true, composed: true });
  if (!el.dispatchEvent(before)) return false;
  // apply() says whether it fired input itself (execCommand does).
  if (!apply()) el.dispatchEvent(new InputEvent('input', { inputType, data, bubbles: true, composed: true }));
  return true;
}

/** One key: keydown, keypress (for keys that type), the edit unless the page cancelled, keyup. */
function stroke(el: Element, key: Key, inputType: string, data: string | null, apply: () => boolean): boolean {
  const down = el.dispatchEvent(keyEvent('keydown', key));
  const pressed = down && (key.key === 'Backspace' || el.dispatchEvent(keyEvent('keypress', key)));
  const edited = pressed && edit(el, inputType, data, apply);
  el.dispatchEvent(keyEvent('keyup', key));
  return edited;
}

/**
 * The field's own value setter, from the content script's world: a framework's override on the
 * element (React's value tracker) lives in the page's world and is not called, so the framework
 * sees the value differ from what it last set and reports the change.
 */
function setValue(field: Field, value: string): void {
  const proto = field.localName === 'textarea' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
}

/** Where the caret is, or null in fields that keep none (email, number). */
function caret(field: Field): [number, number] | null {
  try {
    return field.selectionStart === null ? null : [field.selectionStart, field.selectionEnd ?? field.selectionStart];
  } catch {
    return null;
  }
}

/** Types into a text field; returns how many characters went in. */
export function typeKeysIntoField(field: Field, text: string, clear: boolean): number {
  if (clear && field.value !== '') {
    field.select();
    stroke(field, BACKSPACE, 'deleteContentBackward', null, () => (setValue(field, ''), false));
  }
  // Without a caret the value is rebuilt from what was typed: a number field drops "1." as invalid.
  let typed = field.value;
  let count = 0;
  for (const char of text) {
    const line = char === '\n';
    if (line && field.localName === 'input') continue;
    const key = line ? ENTER : charKey(char);
    const inputType = line ? 'insertLineBreak' : 'insertText';
    const inserted = stroke(field, key, inputType, line ? null : char, () => {
      const at = caret(field);
      if (at === null) setValue(field, (typed += char));
      else {
        setValue(field, field.value.slice(0, at[0]) + char + field.value.slice(at[1]));
        field.setSelectionRange(at[0] + 1, at[0] + 1);
      }
      return false;
    });
    if (inserted) count += 1;
  }
  return count;
}

/** Types into a contenteditable element through the editor's own commands, which keep its undo stack. */
export function typeKeysIntoEditable(el: HTMLElement, text: string, clear: boolean): number {
  const doc = el.ownerDocument;
  const selection = doc.getSelection();
  const range = doc.createRange();
  range.selectNodeContents(el);
  if (!clear) range.collapse(false);
  selection?.removeAllRanges();
  selection?.addRange(range);
  if (clear && (el.textContent ?? '') !== '')
    stroke(el, BACKSPACE, 'deleteContentBackward', null, () => command(el, 'delete', '', () => el.replaceChildren()));
  let count = 0;
  for (const char of text) {
    const line = char === '\n';
    const inserted = line
      ? stroke(el, ENTER, 'insertParagraph', null, () =>
          command(el, 'insertParagraph', '', () => insertAtCaret(el, '\n')),
        )
      : stroke(el, charKey(char), 'insertText', char, () =>
          command(el, 'insertText', char, () => insertAtCaret(el, char)),
        );
    if (inserted) count += 1;
  }
  return count;
}

/**
 * execCommand, which fires input itself (true); where the browser refuses it, the DOM edit by hand
 * (false: the caller fires input).
 */
function command(el: HTMLElement, name: string, value: string, byHand: () => void): boolean {
  if (el.ownerDocument.execCommand(name, false, value)) return true;
  byHand();
  return false;
}

function insertAtCaret(el: HTMLElement, char: string): void {
  const selection = el.ownerDocument.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  if (!range || !el.contains(range.commonAncestorContainer)) {
    el.append(char);
    return;
  }
  range.deleteContents();
  const node = el.ownerDocument.createTextNode(char);
  range.insertNode(node);
  range.setStartAfter(node);
  range.collapse(true);
  selection?.removeAllRanges();
  selection?.addRange(range);
}
