import * as v from 'valibot';
import { ContentResponses } from '../../src/protocol/background-to-content';
import { askContent, scriptRefused } from '../content-channel/content-client';
import { loadPdf } from '../pdf/pdf-source';
import { pdfOutput } from './pdf-tool';
import { watchNewTab } from '../tabs/navigation';
import {
  action,
  elementAt,
  elementTarget,
  fieldsTarget,
  Index,
  IndexOrSelector,
  needsTarget,
  output,
  Position,
  Selector,
} from './page-action';
import { here, sendsToPage } from './targets';
import { defineTool, type RunContext, type ToolOutput } from './types';
import { untrusted } from './untrusted';
import { readingText } from './page-reading';
import { CHANGES_PAGE, COMMITS_ON_PAGE, READS_PAGE } from './annotations';

/** What one reading may cost the model's context: long pages are cut with a marker. */
const READ_BUDGET = 24_000;
/** How long a click on a link to another tab waits for that tab to open. */
const NEW_TAB_WAIT_MS = 3_000;

export const readPage = defineTool({
  name: 'read_page',
  description:
    'Read the current page: its text as markdown, product data if any, and an indexed list of the elements you can operate ([index] role "label"). Read again after the page changes; indices from an older reading are refused.',
  level: 'read-only',
  annotations: READS_PAGE,
  abp: 'page.read',
  bridge: { name: 'browser_snapshot', title: 'Snapshot' },
  params: v.object({
    viewportOnly: v.optional(v.pipe(v.boolean(), v.description('Only what is visible on screen: faster and shorter'))),
  }),
  target: here,
  async run(args, ctx) {
    let page;
    try {
      page = await askContent(
        ctx.tabId,
        { type: 'READ_PAGE', payload: { maxChars: READ_BUDGET, ...(args.viewportOnly ? { viewportOnly: true } : {}) } },
        ContentResponses.READ_PAGE,
        ctx.signal,
        ctx.actionTab?.(),
      );
    } catch (error) {
      // Firefox keeps every extension out of its PDF viewer: a tab Bosun cannot script may be showing a PDF.
      const pdf = scriptRefused(error) ? await pdfInTab(ctx) : null;
      if (pdf) return pdf;
      throw error;
    }
    // Chrome lets the page engine into its PDF viewer's empty frame, which says it holds a PDF.
    if (page.pdf) {
      const pdf = await pdfInTab(ctx);
      if (pdf) return pdf;
    }
    ctx.rememberSnapshot(ctx.tabId, page.snapshotId);
    // The reading goes to the model at once; the copy kept for follow-ups is written meanwhile
    // (IndexedDB runs a later read of the cache after this write). A failed copy never fails a
    // reading that succeeded: it is recorded in the error log as any unhandled failure is.
    void ctx.pages.add({ url: page.url, title: page.title, markdown: page.markdown, product: page.product });
    return { success: true, text: readingText(page) };
  },
});

/**
 * The PDF the tab shows, read as read_pdf reads it (the viewer's own page holds only its controls);
 * null when the tab's address is not a PDF.
 */
async function pdfInTab(ctx: RunContext): Promise<ToolOutput | null> {
  const url = ctx.target.url;
  if (!/^https?:/.test(url)) return null;
  const reading = await loadPdf(url);
  if (reading.kind !== 'pdf') return null;
  const note =
    'This tab shows a PDF, read as read_pdf reads it: read on or search it with read_pdf (fromPage, query).\n';
  return pdfOutput(reading.pdf, url, {}, ctx, note);
}

export const clickElement = defineTool({
  name: 'click_element',
  description:
    'Click an element, by its [index] from read_page (preferred) or by CSS selector. For a canvas or SVG drawing, x and y click at that position inside the element (CSS pixels from its top-left corner; index only).',
  level: 'interact',
  annotations: COMMITS_ON_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_click', title: 'Click' },
  params: v.pipe(
    v.object({ ...IndexOrSelector, x: v.optional(Position), y: v.optional(Position) }),
    needsTarget(),
    v.check((a) => a.index !== undefined || (a.x === undefined && a.y === undefined), 'x and y need an index'),
  ),
  target: (args, ctx) => elementTarget(ctx, args),
  run: async (args, ctx) => {
    const at = { ...(args.x !== undefined ? { x: args.x } : {}), ...(args.y !== undefined ? { y: args.y } : {}) };
    // A link to another tab answers before that tab opens: the click ends once it has, so the task
    // (which follows tabs its tab opens) is already there for its next step.
    const newTab = watchNewTab(NEW_TAB_WAIT_MS);
    try {
      const reply = await action(ctx, { type: 'CLICK_ELEMENT', payload: { ...elementAt(ctx, args), ...at } });
      if (reply.success && reply.opensTab) await newTab.opened;
      return output(reply);
    } finally {
      newTab.stop();
    }
  },
});

export const typeText = defineTool({
  name: 'type_text',
  description:
    'Type text into a field, by [index] or CSS selector. Replaces what is there unless clear is false. Does not submit: use submit_form for that.',
  level: 'interact',
  annotations: CHANGES_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_type', title: 'Type' },
  params: v.pipe(
    v.object({ ...IndexOrSelector, text: v.pipe(v.string(), v.maxLength(100_000)), clear: v.optional(v.boolean()) }),
    needsTarget(),
  ),
  target: async (args, ctx) => {
    const target = await elementTarget(ctx, args);
    return { ...target, summary: `${target.summary ?? 'field'}: type "${args.text}"` };
  },
  sends: (args, target) => sendsToPage([args.text], target),
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'FILL_FORM',
        payload: { ...elementAt(ctx, args), text: args.text, ...(args.clear === false ? { clear: false } : {}) },
      }),
    ),
});

/** One field of fill_form: its element, and its value of the kind the element takes. */
const FormField = v.pipe(
  v.object({
    ...IndexOrSelector,
    value: v.pipe(
      v.union([v.pipe(v.string(), v.maxLength(100_000)), v.boolean()]),
      v.description(
        'Text for a text field; the text or value of an option for a list; true or false for a checkbox, radio or switch',
      ),
    ),
  }),
  v.check((f) => (f.index === undefined) !== (f.selector === undefined), 'give each field an index or a selector'),
);

export const fillForm = defineTool({
  name: 'fill_form',
  description:
    'Fill several fields at once, each by [index] or CSS selector: text fields get the text, lists the option with that text or value, checkboxes, radios and switches true or false (clicked only when not already so). Every field is checked before the first is touched; the first that fails stops the rest. Does not submit.',
  level: 'interact',
  annotations: CHANGES_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_fill_form', title: 'Fill a form' },
  params: v.object({ fields: v.pipe(v.array(FormField), v.minLength(1), v.maxLength(50)) }),
  target: (args, ctx) => fieldsTarget(ctx, args.fields),
  sends: (args, target) =>
    sendsToPage(
      args.fields.flatMap((f) => (typeof f.value === 'string' ? [f.value] : [])),
      target,
    ),
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'FILL_FIELDS',
        payload: { fields: args.fields.map(({ value, ...where }) => ({ ...elementAt(ctx, where), value })) },
      }),
    ),
});

export const submitForm = defineTool({
  name: 'submit_form',
  description:
    'Submit the form that a field or button belongs to (by [index] or CSS selector), as pressing Enter or the submit button would.',
  level: 'submit',
  annotations: COMMITS_ON_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_submit_form', title: 'Submit a form' },
  params: v.pipe(v.object(IndexOrSelector), needsTarget()),
  target: (args, ctx) => elementTarget(ctx, args),
  run: async (args, ctx) => output(await action(ctx, { type: 'SUBMIT_FORM', payload: elementAt(ctx, args) })),
});

const OptionText = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(1000));
export const selectOption = defineTool({
  name: 'select_option',
  description:
    "Choose an option of a drop-down list (select) or a listbox, by [index] or CSS selector, by the option's visible text. For a multiple-choice list (select multiple, or a listbox that takes several), give every option wanted in options.",
  level: 'interact',
  annotations: CHANGES_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_select_option', title: 'Select options' },
  params: v.pipe(
    v.object({
      ...IndexOrSelector,
      option: v.optional(OptionText),
      options: v.optional(v.pipe(v.array(OptionText), v.minLength(1), v.maxLength(100))),
    }),
    needsTarget(),
    v.check((a) => (a.option === undefined) !== (a.options === undefined), 'give either option or options'),
  ),
  target: async (args, ctx) => {
    const target = await elementTarget(ctx, args);
    const chosen = (args.options ?? [args.option ?? '']).map((o) => `"${o}"`).join(', ');
    return { ...target, summary: `${target.summary ?? 'list'}: choose ${chosen}` };
  },
  sends: (args, target) => sendsToPage(args.options ?? [args.option ?? ''], target),
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'SELECT_OPTIONS',
        payload: { ...elementAt(ctx, args), optionTexts: args.options ?? [args.option ?? ''] },
      }),
    ),
});

export const scrollPage = defineTool({
  name: 'scroll_page',
  description:
    'Scroll the page (or the scrollable area holding element [index]) up, down, left or right by a number of pixels (default most of a screen), or to the top or bottom.',
  level: 'read-only',
  annotations: READS_PAGE,
  abp: 'page.act',
  params: v.object({
    direction: v.picklist(['up', 'down', 'left', 'right', 'top', 'bottom']),
    amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000))),
    index: v.optional(Index),
  }),
  target: here,
  run: async (args, ctx) => {
    const snapshotId = ctx.snapshotId(ctx.tabId);
    return output(
      await action(ctx, {
        type: 'SCROLL_PAGE',
        payload: {
          direction: args.direction,
          ...(args.amount ? { amount: args.amount } : {}),
          ...(args.index !== undefined ? { index: args.index, ...(snapshotId ? { snapshotId } : {}) } : {}),
        },
      }),
    );
  },
});

export const waitForElement = defineTool({
  name: 'wait_for_element',
  description: 'Wait until an element matching a CSS selector appears (default up to 5 seconds).',
  level: 'read-only',
  annotations: READS_PAGE,
  abp: 'page.act',
  params: v.object({
    selector: Selector,
    timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30_000))),
  }),
  target: here,
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'WAIT_FOR_ELEMENT',
        payload: { selector: args.selector, ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}) },
      }),
    ),
});

export const getPageContent = defineTool({
  name: 'get_page_content',
  description:
    'Get part of the page: its text, HTML, title, URL or links, optionally only inside an element ([index] from read_page) ' +
    'or a CSS selector. With an index and type "text" you get the whole value of a field or textarea, which the listing cuts. ' +
    'A long text or HTML is cut at the reading budget with a marker; read on with the "from" it names.',
  level: 'read-only',
  annotations: READS_PAGE,
  abp: 'page.getContent',
  bridge: { name: 'browser_get_page_content', title: 'Read part of the page' },
  params: v.object({
    type: v.picklist(['text', 'html', 'title', 'url', 'links']),
    index: v.optional(Index),
    selector: v.optional(Selector),
    from: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(1_000_000_000),
        v.description("The character to start at, as a cut text's marker names it"),
      ),
    ),
  }),
  target: here,
  run: async (args, ctx) => {
    const snapshotId = ctx.snapshotId(ctx.tabId);
    const at = { index: args.index, ...(snapshotId ? { snapshotId } : {}) };
    const where = args.index !== undefined ? at : args.selector ? { selector: args.selector } : {};
    const payload = { type: args.type, ...where, maxChars: READ_BUDGET, ...(args.from ? { from: args.from } : {}) };
    const reply = await askContent(
      ctx.tabId,
      { type: 'GET_CONTENT', payload },
      v.object({ success: v.literal(true), content: v.unknown() }),
      ctx.signal,
    );
    const content = typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
    return { success: true, text: untrusted(content) };
  },
});

export const extractTable = defineTool({
  name: 'extract_table',
  description:
    'Extract a table as rows of cells: the nth table on the page (default the first) or the one a CSS selector names.',
  level: 'read-only',
  annotations: READS_PAGE,
  params: v.object({
    selector: v.optional(Selector),
    nth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
  }),
  target: here,
  run: async (args, ctx) => {
    const table = await askContent(
      ctx.tabId,
      { type: 'EXTRACT_TABLE', payload: args },
      ContentResponses.TABLE,
      ctx.signal,
    );
    const lines = [table.headers, ...table.rows].filter((row) => row.length > 0).map((row) => `| ${row.join(' | ')} |`);
    return { success: true, text: untrusted(`${table.caption ? `${table.caption}\n` : ''}${lines.join('\n')}`) };
  },
});

export const PAGE_TOOLS = [
  readPage,
  clickElement,
  typeText,
  fillForm,
  submitForm,
  selectOption,
  scrollPage,
  waitForElement,
  getPageContent,
  extractTable,
];
