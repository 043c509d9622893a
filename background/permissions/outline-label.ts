import { t } from '../../src/i18n';

/**
 * What the outline on the page says Bosun wants to do with the element it rings, per tool. Each is
 * looked up when asked: the gate's modules also load where no browser.i18n exists (the build).
 */
const LABELS: Record<string, () => string> = {
  click_element: () => t('outline_click'),
  double_click: () => t('outline_click'),
  type_text: () => t('outline_type'),
  press_key: () => t('outline_press'),
  select_option: () => t('outline_choose'),
  hover: () => t('outline_point'),
  drag: () => t('outline_drag'),
  select_text: () => t('outline_select'),
  submit_form: () => t('outline_submit'),
};

/** The outline's label for a question about `toolName`; a tool without its own words gets a general one. */
export const outlineLabel = (toolName: string): string =>
  Object.hasOwn(LABELS, toolName) ? (LABELS[toolName] as () => string)() : t('outline_other');
