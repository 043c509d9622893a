/**
 * Which elements a person could click, type into, select, toggle or scroll, and the role the
 * listing gives them. Decided from the tag and attributes only (no style or layout reads), so
 * the walk over a large page stays close to the cost of visiting each element once.
 */
const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
  password: 'password',
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  file: 'file',
  color: 'color',
  date: 'date',
  'datetime-local': 'datetime',
  month: 'month',
  time: 'time',
  week: 'week',
};

/** ARIA widget roles that make any element interactive. */
const WIDGET_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'textbox',
  'searchbox',
  'combobox',
  'slider',
  'spinbutton',
  'treeitem',
  'listbox',
  'gridcell',
]);

/** Handler attributes that make an element something a person clicks. */
const HANDLER_ATTRIBUTES = ['onclick', 'onmousedown', 'onmouseup', 'onpointerdown', 'onpointerup', 'ondblclick'];

/**
 * Every element `roleOf` can give a role matches this: the tags it switches on and the attributes
 * it reads. One native `matches` per element tells them apart, so the walk reads nothing else of the
 * others (each DOM read from a Firefox content script crosses a wrapper and costs far more than in the page).
 */
export const MAY_HAVE_ROLE = [
  'a,button,summary,input,textarea,select,label,audio,video',
  '[role],[contenteditable],[tabindex],[draggable]',
  ...HANDLER_ATTRIBUTES.map((name) => `[${name}]`),
].join(',');

export function roleOf(el: Element): string | null {
  const explicit = el.getAttribute('role');
  if (explicit) {
    const first = explicit.trim().split(/\s+/)[0] ?? '';
    // A tree grid's row is what a person opens and a screen reader announces with its level and
    // state, each rendered one, not only the one in the tab order; its cells are read within it.
    if (first === 'row' && el.hasAttribute('aria-level')) return 'row';
    if (first === 'gridcell' && el.parentElement?.hasAttribute('aria-level')) return null;
    if (WIDGET_ROLES.has(first)) return first;
  }
  switch (el.localName) {
    case 'a':
      return el.hasAttribute('href') ? 'link' : clickableByAttribute(el);
    case 'button':
    case 'summary':
      return 'button';
    case 'input': {
      const type = (el as HTMLInputElement).type;
      return type === 'hidden' ? null : (INPUT_ROLES[type] ?? 'textbox');
    }
    case 'textarea':
      return 'textbox';
    case 'select':
      return 'select';
    case 'label':
      return hiddenControlRole(el as HTMLLabelElement);
    case 'audio':
    case 'video':
      return el.hasAttribute('controls') ? 'media' : null;
    default:
      return clickableByAttribute(el);
  }
}

/**
 * A label stands for its control when the control itself is not rendered: custom checkboxes,
 * radios and file pickers hide the input and style the label, which is what a person clicks.
 * (One style read, for labels only.)
 */
function hiddenControlRole(label: HTMLLabelElement): string | null {
  const control = label.control;
  if (!control || control.localName !== 'input') return null;
  if (control.checkVisibility({ visibilityProperty: true }) && control.getBoundingClientRect().width > 0) return null;
  const role = roleOf(control);
  return role === 'checkbox' || role === 'radio' || role === 'file' || role === 'switch' ? role : null;
}

function clickableByAttribute(el: Element): string | null {
  const editable = el.getAttribute('contenteditable');
  if (editable !== null && editable !== 'false') return 'textbox';
  for (const name of HANDLER_ATTRIBUTES) if (el.hasAttribute(name)) return 'clickable';
  const tabindex = el.getAttribute('tabindex');
  // A custom widget made focusable on purpose (tabindex ≥ 0) is meant to be operated; a slider's
  // handle drawn by script without a role (jQuery UI's) is a slider.
  if (tabindex !== null && Number(tabindex) >= 0) return isSliderHandle(el) ? 'slider' : 'clickable';
  // Marked draggable by its page (HTML5 drag and drop): something a person drags.
  if (el.getAttribute('draggable') === 'true') return 'draggable';
  return null;
}

/** A slider handle drawn by script (jQuery UI's `ui-slider-handle`): a class naming a slider's handle or thumb. */
const HANDLE = /(^|\s)\S*slider\S*(handle|thumb)/i;
export const isSliderHandle = (el: Element) => HANDLE.test(el.getAttribute('class') ?? '');

/**
 * Roles whose accessible name may come from their content (ARIA "name from content"); the
 * others (fields, lists, sliders) are named only by their author or their label, so a
 * listbox is never named after the text of all its options.
 */
export const NAMED_BY_AUTHOR_ONLY = new Set([
  'textbox',
  'searchbox',
  'password',
  'spinbutton',
  'select',
  'combobox',
  'listbox',
  'slider',
  'file',
  'color',
  'date',
  'datetime',
  'month',
  'time',
  'week',
  'media',
]);

/** Roles whose value is typed text. */
export const TEXT_ROLES = new Set(['textbox', 'searchbox', 'password', 'spinbutton']);
