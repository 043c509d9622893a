import { t } from '../src/i18n';
import { toolInWords } from './tool-names';

type Args = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const host = (value: unknown): string => {
  try {
    return new URL(String(value)).host || text(value);
  } catch {
    return text(value);
  }
};

/** What the gate names as the target ('button "Add to cart"'), else what the model pointed at. */
const what = (args: Args, summary: string | undefined): string =>
  summary || (typeof args.index === 'number' ? t('action_item', args.index) : t('action_quoted', text(args.selector)));

/** The gate's summary without the verb it starts with ("drag …" → "…"), when it has one. */
const after = (prefix: string, summary: string | undefined) =>
  summary?.startsWith(prefix) ? summary.slice(prefix.length) : undefined;
const onElement = (a: Args) => typeof a.index === 'number' || typeof a.selector === 'string';

const QUESTIONS: Record<string, (args: Args, summary: string | undefined) => string> = {
  read_page: () => t('ask_read'),
  get_page_content: () => t('ask_read'),
  read_listing: () => t('ask_read'),
  read_pdf: () => t('ask_read'),
  list_page_tools: () => t('ask_read'),
  call_page_tool: (a) => t('ask_call_page_tool', t('action_quoted', text(a.name))),
  extract_table: () => t('ask_read'),
  wait_for_element: () => t('ask_read'),
  get_cached_snapshot: () => t('ask_read'),
  mark_element: () => t('ask_read'),
  scroll_page: () => t('ask_scroll'),
  list_tabs: () => t('ask_list_tabs'),
  ask_person: () => t('ask_ask_person'),
  take_screenshot: () => t('ask_screenshot'),
  click_element: (a, s) => t('ask_click', what(a, s)),
  press_key: (a, s) =>
    onElement(a)
      ? t('ask_press_key_on', text(a.key), what(a, after(`press ${text(a.key)} on `, s)))
      : t('ask_press_key', text(a.key)),
  hover: (a, s) => t('ask_hover', what(a, s)),
  double_click: (a, s) => t('ask_double_click', what(a, s)),
  drag: (a, s) => t('ask_drag', after('drag ', s) ?? what(a, undefined)),
  select_text: (a) => t('ask_select_text', text(a.text)),
  accept_dialog: (a) =>
    text(a.prompt_text) ? t('ask_accept_dialog_text', text(a.prompt_text)) : t('ask_accept_dialog'),
  go_back: () => t('ask_go_back'),
  go_forward: () => t('ask_go_forward'),
  reload_page: () => t('ask_reload'),
  close_tab: () => t('ask_close_tab'),
  switch_tab: () => t('ask_switch_tab'),
  create_tab_group: () => t('ask_group_tabs'),
  ungroup_tabs: () => t('ask_ungroup_tabs'),
  // The gate's summary ends with the text to type; the question shows that text in a box of its own.
  type_text: (a, s) => t('ask_type', what(a, s?.replace(/: type ".*"$/s, ''))),
  fill_form: (a) => t('ask_fill_form', Array.isArray(a.fields) ? a.fields.length : 0),
  submit_form: (a, s) => t('ask_submit', what(a, s)),
  select_option: (a) => t('ask_select', text(a.option)),
  navigate: (a) => t('ask_navigate', host(a.url)),
  open_tab: (a) => t('ask_open_tab', host(a.url)),
  // The gate's summary names the engine's host first ('search duckduckgo.com for "…"'); the words come from the arguments.
  search_web: (a, s) => {
    const engine = /^search (\S+) for "/.exec(s ?? '')?.[1];
    return engine ? t('ask_search_on', engine, text(a.query)) : t('ask_search', text(a.query));
  },
  crawl_site: (a) => t('ask_crawl', host(a.url)),
  search_library: (a) => t('ask_search_library', text(a.query)),
};

/** The action a permission question is about, as a question a person answers at a glance ("Click ‘Add to cart’?"). */
export function plainQuestion(toolName: string, args: Args, summary?: string): string {
  return Object.hasOwn(QUESTIONS, toolName)
    ? (QUESTIONS[toolName] as (a: Args, s?: string) => string)(args, summary)
    : t('ask_other', toolInWords(toolName).toLowerCase());
}

/** The kind of action, for what a lasting answer covers ("Always let Bosun click on this site"). */
const KINDS: Record<string, string> = {
  click_element: t('kind_click'),
  type_text: t('kind_type'),
  fill_form: t('kind_fill'),
  submit_form: t('kind_submit'),
  select_option: t('kind_select'),
  navigate: t('kind_navigate'),
  open_tab: t('kind_open_tab'),
  read_page: t('kind_read'),
  get_page_content: t('kind_read'),
  read_listing: t('kind_read'),
  read_pdf: t('kind_read'),
  list_page_tools: t('kind_read'),
  call_page_tool: t('kind_call_page_tool'),
  extract_table: t('kind_read'),
  wait_for_element: t('kind_read'),
  get_cached_snapshot: t('kind_read'),
  mark_element: t('kind_read'),
  scroll_page: t('kind_scroll'),
  list_tabs: t('kind_list_tabs'),
  ask_person: t('kind_ask_person'),
  take_screenshot: t('kind_screenshot'),
  press_key: t('kind_press_key'),
  hover: t('kind_hover'),
  double_click: t('kind_double_click'),
  drag: t('kind_drag'),
  select_text: t('kind_select_text'),
  accept_dialog: t('kind_accept_dialog'),
  go_back: t('kind_history'),
  go_forward: t('kind_history'),
  reload_page: t('kind_reload'),
  close_tab: t('kind_close_tab'),
  switch_tab: t('kind_switch_tab'),
  create_tab_group: t('kind_group_tabs'),
  ungroup_tabs: t('kind_group_tabs'),
  search_web: t('kind_search'),
  crawl_site: t('kind_crawl'),
  search_library: t('kind_search_library'),
};
export const actionKind = (toolName: string): string =>
  Object.hasOwn(KINDS, toolName) ? (KINDS[toolName] as string) : toolInWords(toolName).toLowerCase();

/** The exact text an action would type, one entry per field: shown in full before the person allows it. */
export function textsToType(toolName: string, args: Args): string[] {
  if (toolName === 'type_text') return [text(args.text)];
  if (toolName === 'fill_form' && Array.isArray(args.fields))
    return args.fields.map((f: unknown) => text((f as Args | null)?.value));
  return [];
}
