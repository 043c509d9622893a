/**
 * Typing with trusted input: the caret goes where the text goes, over the whole text to replace it
 * or at its end to add to it, as a person selects it; then the background types the text key by
 * key through Chrome's debugger, so the page sees trusted keydown, beforeinput and input.
 */
import type { TrustedInputRequest } from '../../src/protocol/content-to-background';
import { pressOrScript, type Pressed } from './trusted';

/**
 * Selects what the typing replaces and returns the text to type: the text itself, or the whole new
 * value where a field has no caret to place at its end (email and number fields keep none).
 */
function placeCaret(el: Element, text: string, clear: boolean): string {
  if ((el as HTMLElement).isContentEditable) {
    const doc = el.ownerDocument;
    const range = doc.createRange();
    range.selectNodeContents(el);
    if (!clear) range.collapse(false);
    doc.getSelection()?.removeAllRanges();
    doc.getSelection()?.addRange(range);
    return text;
  }
  const field = el as HTMLInputElement | HTMLTextAreaElement;
  if (clear) {
    field.select();
    return text;
  }
  if (field.selectionStart === null) {
    field.select();
    return field.value + text;
  }
  field.setSelectionRange(field.value.length, field.value.length);
  return text;
}

/**
 * Types `text` into the focused element `el` with trusted input when it is on, else (or when it
 * fails, saying why) runs `script`, the script path's typing. An empty text that replaces is a
 * Backspace over the selected text.
 */
export async function typeTrusted(
  trusted: boolean | undefined,
  el: Element,
  text: string,
  clear: boolean,
  script: () => void,
): Promise<Pressed<void>> {
  // Off, the caret is not moved: the script path sets the value itself. Adding nothing presses nothing.
  if (trusted !== true || (text === '' && !clear)) return { result: script(), via: '' };
  const typed = placeCaret(el, text, clear);
  const request: TrustedInputRequest =
    typed === ''
      ? { kind: 'key', key: 'Backspace' }
      : { kind: 'type', text: typed, multiline: el.localName !== 'input' };
  return pressOrScript(trusted, request, script, el);
}
