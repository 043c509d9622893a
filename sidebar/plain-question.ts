import { t } from '../src/i18n';

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

const QUESTIONS: Record<string, (args: Args, summary: string | undefined) => string> = {
  click_element: (a, s) => t('ask_click', what(a, s)),
  // The gate's summary ends with the text to type; the question shows that text in a box of its own.
  type_text: (a, s) => t('ask_type', what(a, s?.replace(/: type ".*"$/s, ''))),
  fill_form: (a) => t('ask_fill_form', Array.isArray(a.fields) ? a.fields.length : 0),
  submit_form: (a, s) => t('ask_submit', what(a, s)),
  select_option: (a) => t('ask_select', text(a.option)),
  navigate: (a) => t('ask_navigate', host(a.url)),
  open_tab: (a) => t('ask_open_tab', host(a.url)),
  search_web: (a) => t('ask_search', text(a.query)),
  crawl_site: (a) => t('ask_crawl', host(a.url)),
  search_library: (a) => t('ask_search_library', text(a.query)),
};

/** The action a permission question is about, as a question a person answers at a glance ("Click ‘Add to cart’?"). */
export function plainQuestion(toolName: string, args: Args, summary?: string): string {
  return Object.hasOwn(QUESTIONS, toolName)
    ? (QUESTIONS[toolName] as (a: Args, s?: string) => string)(args, summary)
    : t('ask_other', toolName);
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
  search_web: t('kind_search'),
  crawl_site: t('kind_crawl'),
  search_library: t('kind_search_library'),
};
export const actionKind = (toolName: string): string =>
  Object.hasOwn(KINDS, toolName) ? (KINDS[toolName] as string) : t('kind_other', toolName);

/** The exact text an action would type, one entry per field: shown in full before the person allows it. */
export function textsToType(toolName: string, args: Args): string[] {
  if (toolName === 'type_text') return [text(args.text)];
  if (toolName === 'fill_form' && Array.isArray(args.fields))
    return args.fields.map((f: unknown) => text((f as Args | null)?.value));
  return [];
}
