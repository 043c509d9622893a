import type { ChatMessage } from '../src/protocol/common';
import { t } from '../src/i18n';
import { toolInWords } from './tool-names';

/** One tool call of an assistant's message. */
export type ToolCall = NonNullable<ChatMessage['toolCalls']>[number];

/** The arguments of a tool call as the model sent them: anything, read defensively. */
type Args = Record<string, unknown>;

const QUOTE_MAX = 60;
const quoted = (value: unknown): string => {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text;
};
const host = (value: unknown): string => {
  try {
    return new URL(String(value)).host || quoted(value);
  } catch {
    return quoted(value);
  }
};
/**
 * What a page tool acts on: the element's name on the page once the gate has read it, else its
 * number from the page reading or the selector the model wrote.
 */
const target = (args: Args, label?: string): string =>
  label
    ? t('action_quoted', quoted(label))
    : typeof args.index === 'number'
      ? t('action_item', args.index)
      : t('action_quoted', quoted(args.selector));

const SCROLL: Record<string, string> = {
  up: t('action_scroll_up'),
  down: t('action_scroll_down'),
  left: t('action_scroll_left'),
  right: t('action_scroll_right'),
  top: t('action_scroll_top'),
  bottom: t('action_scroll_bottom'),
};

const LINES: Record<string, (args: Args, label?: string) => string> = {
  read_page: () => t('action_read_page'),
  get_page_content: () => t('action_read_page'),
  get_cached_snapshot: () => t('action_cached_page'),
  extract_table: () => t('action_extract_table'),
  take_screenshot: () => t('action_screenshot'),
  read_listing: () => t('action_read_page'),
  read_pdf: () => t('action_read_pdf'),
  list_page_tools: () => t('action_list_page_tools'),
  call_page_tool: (a) => t('action_call_page_tool', t('action_quoted', quoted(a.name))),
  mark_element: () => t('action_read_page'),
  click_element: (a, label) => t('action_click', target(a, label)),
  press_key: (a, label) =>
    typeof a.index === 'number' || typeof a.selector === 'string'
      ? t('action_press_key_on', quoted(a.key), target(a, label))
      : t('action_press_key', quoted(a.key)),
  hover: (a, label) => t('action_hover', target(a, label)),
  double_click: (a, label) => t('action_double_click', target(a, label)),
  drag: (a, label) => t('action_drag', target(a, label)),
  select_text: (a) => t('action_select_text', quoted(a.text)),
  accept_dialog: () => t('action_accept_dialog'),
  go_back: () => t('action_go_back'),
  go_forward: () => t('action_go_forward'),
  reload_page: () => t('action_reload'),
  type_text: (a, label) => t('action_type', quoted(a.text), target(a, label)),
  fill_form: (a) => t('action_fill_form', Array.isArray(a.fields) ? a.fields.length : 0),
  submit_form: () => t('action_submit'),
  select_option: (a) => t('action_select', quoted(a.option)),
  scroll_page: (a) => SCROLL[String(a.direction)] ?? t('action_scroll_down'),
  wait_for_element: (a) => t('action_wait', quoted(a.selector)),
  navigate: (a) => t('action_navigate', host(a.url)),
  open_tab: (a) => t('action_open_tab', host(a.url)),
  close_tab: () => t('action_close_tab'),
  switch_tab: () => t('action_switch_tab'),
  list_tabs: () => t('action_list_tabs'),
  ask_person: () => t('action_ask_person'),
  create_tab_group: () => t('action_group_tabs'),
  ungroup_tabs: () => t('action_ungroup_tabs'),
  search_web: (a) => t('action_search', quoted(a.query)),
  crawl_site: (a) => t('action_crawl', host(a.url)),
  search_library: (a) => t('action_search_library', quoted(a.query)),
  propose_plan: () => t('action_propose_plan'),
  approve_plan: (a) =>
    t('action_approved_plan', quoted(a.summary), Array.isArray(a.sites) ? a.sites.map(String).join(', ') : ''),
};

/**
 * A tool call as one line a person reads at a glance ("Clicking ‘Add to cart’ on shop.example"),
 * never the tool's name or its JSON: those stay behind the row's disclosure. `label`: the element's
 * name on the page, where the action was about one.
 */
export function plainAction(name: string, args: Args, site?: string, label?: string): string {
  const line = Object.hasOwn(LINES, name)
    ? (LINES[name] as (a: Args, l?: string) => string)(args, label)
    : toolInWords(name);
  return site ? t('action_on_site', line, site) : line;
}
