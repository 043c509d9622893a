import { t, type MessageKey } from '../../src/i18n';

/** What the outline on the page says Bosun wants to do with the element it rings, per tool. */
const LABELS: Record<string, MessageKey> = {
  click_element: 'outline_click',
  double_click: 'outline_click',
  type_text: 'outline_type',
  press_key: 'outline_press',
  select_option: 'outline_choose',
  hover: 'outline_point',
  drag: 'outline_drag',
  select_text: 'outline_select',
  submit_form: 'outline_submit',
};

/**
 * The outline's label for a question about `toolName`; a tool without its own words gets a general
 * one. Looked up when asked: the gate's modules are also loaded where no browser.i18n exists (the build).
 */
export const outlineLabel = (toolName: string): string =>
  t(Object.hasOwn(LABELS, toolName) ? (LABELS[toolName] as MessageKey) : 'outline_other');
