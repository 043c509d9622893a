// What browser_fill_form does for each field, decided from the last snapshot's listing alone (pure,
// so it is unit-tested): the element's role there says which page-engine action sets it, and its
// state there whether a box needs a click at all.

/** One element's line of the page engine's listing: `*[12]checkbox "Subscribe" checked`. */
export interface ListedElement {
  ref: number;
  role: string;
  label: string;
  /** What follows the label: ` =value`, ` checked`, ` disabled`… */
  state: string;
}

const LINE = /^\*?\[(\d+)\]([^\s"]+)(?: "([^"]*)")?(.*)$/;

/**
 * The element `ref` as the snapshot lists it, or null when the listing does not show it (no such
 * reference, or a part of a long listing the snapshot left out). The listing follows the page's
 * text, so its last matching line is the one taken.
 */
export function listedElement(snapshot: string, ref: number): ListedElement | null {
  const lines = snapshot.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = LINE.exec(lines[i] ?? '');
    if (match && Number(match[1]) === ref)
      return { ref, role: match[2] ?? '', label: match[3] ?? '', state: match[4] ?? '' };
  }
  return null;
}

/** `[12] checkbox "Subscribe"`: how a result names a field. */
export const named = (e: ListedElement) => `[${e.ref}] ${e.role}${e.label ? ` "${e.label}"` : ''}`;

export type FieldValue = string | boolean;

/** What to do for one field: a page-engine action, or nothing (already as asked). */
export type FieldStep =
  | { kind: 'act'; action: string; args: Record<string, unknown>; what: string }
  | { kind: 'none'; what: string }
  | { kind: 'error'; message: string };

const BOXES = new Set(['checkbox', 'radio', 'switch']);
const LISTS = new Set(['select', 'listbox']);
/** Roles whose value is not text: typing into them would mean nothing. */
const NOT_TYPED = new Set(['button', 'link', 'file', 'media', 'draggable', 'clickable', 'image']);

function asBoolean(value: FieldValue): boolean | null {
  if (typeof value === 'boolean') return value;
  const word = value.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : null;
}

/** A box's step: a click only when its listed state is not the one asked for. */
function boxStep(element: ListedElement, value: FieldValue): FieldStep {
  const wanted = asBoolean(value);
  const what = named(element);
  if (wanted === null) return { kind: 'error', message: `${what} takes true or false, not "${String(value)}"` };
  const checked = /(^| )checked( |$)/.test(element.state);
  if (checked === wanted) return { kind: 'none', what: `${what} is already ${wanted ? 'checked' : 'unchecked'}` };
  if (element.role === 'radio' && !wanted)
    return {
      kind: 'error',
      message: `${what} is chosen; a radio button is unchecked by choosing another one of its group (give that one true)`,
    };
  return {
    kind: 'act',
    action: 'click_element',
    args: { index: element.ref },
    what: `${wanted ? 'check' : 'uncheck'} ${what}`,
  };
}

/** The step that gives the element of the snapshot this value. */
export function fieldStep(element: ListedElement, value: FieldValue): FieldStep {
  const what = named(element);
  if (BOXES.has(element.role)) return boxStep(element, value);
  if (typeof value === 'boolean')
    return { kind: 'error', message: `${what} takes text, not ${value}; true and false are for checkboxes and radios` };
  if (LISTS.has(element.role))
    return {
      kind: 'act',
      action: 'select_option',
      args: { index: element.ref, options: [value] },
      what: `choose "${value}" in ${what}`,
    };
  if (element.role === 'file')
    return { kind: 'error', message: `${what} is a file picker: browser_upload sets its files` };
  if (NOT_TYPED.has(element.role))
    return {
      kind: 'error',
      message: `${what} is not a field; browser_fill_form fills text fields, checkboxes, radios and lists`,
    };
  return { kind: 'act', action: 'type_text', args: { index: element.ref, text: value }, what: `type into ${what}` };
}
