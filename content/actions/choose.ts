import type { ActionResult } from '../../src/protocol/background-to-content';
import { labelOf } from '../snapshot/label';
import { locate, notFound, type Place } from '../find-element';
import { reacted, watchReaction } from './changes';
import { click, focus, inputAndChange } from './events';
import { prepare } from './target';

const fail = (error: string): ActionResult => ({ success: false, error });
const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The option a person would mean: same text (or value), else the one whose text contains it. */
function pick<T>(items: T[], textOf: (item: T) => string, valueOf: (item: T) => string, wanted: string): T | undefined {
  const w = norm(wanted);
  return (
    items.find((item) => norm(textOf(item)) === w || norm(valueOf(item)) === w) ??
    items.find((item) => norm(textOf(item)).includes(w))
  );
}

const list = (texts: string[]) =>
  texts
    .slice(0, 20)
    .map((t) => `"${t}"`)
    .join(', ');

/** A <select multiple>: exactly the options named end up chosen, as ctrl-clicks would leave them. */
function chooseInSelect(select: HTMLSelectElement, what: string, wanted: string[]): ActionResult {
  const options = [...select.options];
  if (wanted.length > 1 && !select.multiple)
    return fail(`${what} takes one option only; give one option (it is not a multiple-choice list).`);
  const chosen: HTMLOptionElement[] = [];
  for (const text of wanted) {
    const option = pick(
      options,
      (o) => o.text,
      (o) => o.value,
      text,
    );
    if (!option)
      return fail(
        `Option not found: ${what} has no option "${text}". Options: ${list(options.map((o) => o.text.trim()))}.`,
      );
    if (option.disabled) return fail(`disabled: option "${option.text.trim()}" of ${what} is disabled.`);
    chosen.push(option);
  }
  const ready = prepare(select, what);
  if (!ready.ok) return fail(ready.error);
  focus(select);
  for (const option of options) option.selected = chosen.includes(option);
  inputAndChange(select, null);
  return { success: true, message: `Selected ${list(chosen.map((o) => o.text.trim()))} in ${what}` };
}

/** The listbox a widget stands for: itself, the one its combobox controls, or the one inside it. */
function listboxOf(el: Element): Element | null {
  if (el.getAttribute('role') === 'listbox') return el;
  const ids = `${el.getAttribute('aria-controls') ?? ''} ${el.getAttribute('aria-owns') ?? ''}`.trim().split(/\s+/);
  for (const id of ids) {
    const owned = id ? el.ownerDocument.getElementById(id) : null;
    if (owned?.getAttribute('role') === 'listbox') return owned;
  }
  return el.querySelector('[role=listbox]');
}

/**
 * A listbox widget (a custom multi-select, a combobox's open list): each option named is clicked
 * as a person would, unless it is already selected; the options' aria-selected afterwards says
 * what the widget really chose.
 */
async function chooseInListbox(listbox: Element, what: string, wanted: string[]): Promise<ActionResult> {
  const options = [...listbox.querySelectorAll('[role=option]')];
  const multiple = listbox.getAttribute('aria-multiselectable') === 'true';
  if (wanted.length > 1 && !multiple) return fail(`${what} takes one option only; give one option.`);
  const targets: Element[] = [];
  for (const text of wanted) {
    const option = pick(
      options,
      (o) => labelOf(o, undefined, 'option'),
      (o) => o.getAttribute('data-value') ?? '',
      text,
    );
    if (!option)
      return fail(
        `Option not found: ${what} has no option "${text}". Options: ${list(options.map((o) => labelOf(o, undefined, 'option')))}.`,
      );
    if (option.getAttribute('aria-disabled') === 'true')
      return fail(`disabled: option "${text}" of ${what} is disabled.`);
    targets.push(option);
  }
  const { result, reaction } = await watchReaction(listbox.ownerDocument, () => {
    for (const option of targets) {
      if (option.getAttribute('aria-selected') === 'true') continue;
      const ready = prepare(option, `option "${labelOf(option, undefined, 'option')}"`);
      if (!ready.ok) return ready.error;
      click(option, ready.x, ready.y);
    }
    return null;
  });
  if (result) return fail(result);
  const selected = options.filter(
    (o) => o.getAttribute('aria-selected') === 'true' || o.getAttribute('aria-checked') === 'true',
  );
  const missed = targets.filter((o) => o.isConnected && !selected.includes(o));
  const now =
    selected.length > 0 ? ` Selected now: ${list(selected.map((o) => labelOf(o, undefined, 'option')))}.` : '';
  if (missed.length > 0 && targets.every((o) => o.isConnected))
    return fail(
      `The list did not select ${list(missed.map((o) => labelOf(o, undefined, 'option')))} when clicked.${now}`,
    );
  return {
    success: true,
    message: `Clicked ${list(targets.map((o) => labelOf(o, undefined, 'option')))} in ${what}${reacted(reaction)}.${now}`,
  };
}

export async function chooseOptions(p: Place & { optionTexts: string[] }): Promise<ActionResult> {
  const found = locate(p);
  if ('error' in found) return notFound(found);
  const what = found.name;
  if (found.el.localName === 'select') return chooseInSelect(found.el as HTMLSelectElement, what, p.optionTexts);
  const listbox = listboxOf(found.el);
  if (listbox) return chooseInListbox(listbox, what, p.optionTexts);
  return fail(`${what} is not a list of options (select or listbox); click it to open it, then click the option.`);
}
