import { t } from '../src/i18n';

/**
 * Every tool by a name a person reads ("Clicking", "Opening pages"): the one place the sidebar turns a
 * tool's internal name into words, for the status bar, the Permissions view, the Log and notices.
 */
const NAMES: Record<string, string> = {
  read_page: t('tool_read_page'),
  get_page_content: t('tool_get_page_content'),
  get_cached_snapshot: t('tool_get_cached_snapshot'),
  extract_table: t('tool_extract_table'),
  take_screenshot: t('tool_take_screenshot'),
  read_listing: t('tool_read_listing'),
  read_pdf: t('tool_read_pdf'),
  list_page_tools: t('tool_list_page_tools'),
  call_page_tool: t('tool_call_page_tool'),
  mark_element: t('tool_mark_element'),
  click_element: t('tool_click_element'),
  press_key: t('tool_press_key'),
  hover: t('tool_hover'),
  double_click: t('tool_double_click'),
  drag: t('tool_drag'),
  select_text: t('tool_select_text'),
  accept_dialog: t('tool_accept_dialog'),
  go_back: t('tool_go_back'),
  go_forward: t('tool_go_forward'),
  reload_page: t('tool_reload_page'),
  type_text: t('tool_type_text'),
  fill_form: t('tool_fill_form'),
  submit_form: t('tool_submit_form'),
  select_option: t('tool_select_option'),
  scroll_page: t('tool_scroll_page'),
  wait_for_element: t('tool_wait_for_element'),
  navigate: t('tool_navigate'),
  open_tab: t('tool_open_tab'),
  close_tab: t('tool_close_tab'),
  switch_tab: t('tool_switch_tab'),
  list_tabs: t('tool_list_tabs'),
  ask_person: t('tool_ask_person'),
  create_tab_group: t('tool_create_tab_group'),
  ungroup_tabs: t('tool_ungroup_tabs'),
  search_web: t('tool_search_web'),
  crawl_site: t('tool_crawl_site'),
  search_library: t('tool_search_library'),
};

/** A tool in words; a name Bosun does not know (from an old log, say) is never shown raw. */
export const toolInWords = (name: string): string =>
  Object.hasOwn(NAMES, name) ? (NAMES[name] as string) : t('tool_unknown');

const NAMED = new RegExp(`\\b(?:${Object.keys(NAMES).join('|')})\\b`, 'g');

/** Text from the background (an error, a notice) with every tool name in it put in words. */
export const toolsInWords = (text: string): string => text.replace(NAMED, (name) => toolInWords(name).toLowerCase());
