import type { ActionResult } from '../../src/protocol/background-to-content';
import { resolve } from '../snapshot/registry';
import { reacted, watchReaction } from './changes';
import { focus } from './events';
import { pointerInit, pointerTo } from './hover-state';
import { isTextField } from './key-defaults';
import { prepare } from './target';

const fail = (error: string): ActionResult => ({ success: false, error });

/** Where the text starts in the element's text nodes, matched exactly, else ignoring case. */
function findText(el: Element, text: string): Range | null {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  let whole = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    whole += (node as Text).data;
  }
  let start = whole.indexOf(text);
  if (start < 0) start = whole.toLowerCase().indexOf(text.toLowerCase());
  if (start < 0) return null;
  const range = el.ownerDocument.createRange();
  let offset = 0;
  for (const node of nodes) {
    const end = offset + node.data.length;
    if (start >= offset && start <= end) range.setStart(node, start - offset);
    if (start + text.length >= offset && start + text.length <= end) {
      range.setEnd(node, start + text.length - offset);
      break;
    }
    offset = end;
  }
  return range;
}

/**
 * Selects a passage the way a person drags over it: the pointer pressed at its start and released
 * at its end (pages that react to a selection listen for mouseup and read the selection), with the
 * selection set in between. In a field, the field's own selection is set and `select` fires.
 */
function select(el: Element, text: string): string | null {
  const box = el.getBoundingClientRect();
  const press = (type: string, x: number, buttons: number) =>
    el.dispatchEvent(new MouseEvent(type, { ...pointerInit(x, box.top + box.height / 2, buttons), detail: 1 }));
  if (isTextField(el)) {
    const field = el as HTMLInputElement;
    let start = field.value.indexOf(text);
    if (start < 0) start = field.value.toLowerCase().indexOf(text.toLowerCase());
    if (start < 0) return null;
    focus(field);
    field.setSelectionRange(start, start + text.length);
    field.dispatchEvent(new Event('select', { bubbles: true }));
    return field.value.slice(start, start + text.length);
  }
  const range = findText(el, text);
  if (!range) return null;
  const first = range.getClientRects()[0] ?? box;
  pointerTo(el, first.left, first.top + first.height / 2);
  press('mousedown', first.left, 1);
  const selection = el.ownerDocument.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  press('mouseup', range.getBoundingClientRect().right, 0);
  return selection?.toString() ?? range.toString();
}

/** The smallest element holding the whole passage, so the events reach what the page listens on. */
function holderOf(text: string): Element | null {
  const range = findText(document.body, text);
  if (!range) return null;
  const common = range.commonAncestorContainer;
  return common instanceof Element ? common : common.parentElement;
}

function target(p: { index?: number; snapshotId?: string; text: string }): { el: Element; what: string } | string {
  if (p.index === undefined) {
    const el = holderOf(p.text);
    return el ? { el, what: 'the page' } : `Text not found: the page does not contain "${p.text.slice(0, 200)}".`;
  }
  const found = resolve(p.index, p.snapshotId ?? '');
  if (!found.ok) return found.error;
  return { el: found.el, what: `[${p.index}] ${found.role}${found.label ? ` "${found.label}"` : ''}` };
}

export async function selectTextIn(p: { index?: number; snapshotId?: string; text: string }): Promise<ActionResult> {
  const at = target(p);
  if (typeof at === 'string') return fail(at);
  const { el, what } = at;
  const ready = prepare(el, what);
  if (!ready.ok) return fail(ready.error);
  const { result, reaction } = await watchReaction(el.ownerDocument, () => select(el, p.text));
  if (result === null) return fail(`Text not found: ${what} does not contain "${p.text.slice(0, 200)}".`);
  return { success: true, message: `Selected "${result.slice(0, 200)}" in ${what}${reacted(reaction)}` };
}
