import * as v from 'valibot';
import { DIALOG_TEXT_MAX } from '../page-dialogs';
import { PAGE_TOOL_LIMITS } from '../page-tools';
import { bare, message, nonEmptyText, text, type MessageOf } from './envelope';

const Selector = nonEmptyText(2000);
const Index = v.pipe(v.number(), v.integer(), v.minValue(1));
/** Which snapshot an index belongs to, so an index from an older reading is never applied. */
const SnapshotId = nonEmptyText(100);
/** A position inside an element, from its top-left corner. */
/** An element by index of the last reading or by CSS selector (the action checks that one is given). */
const WhichElement = { index: v.optional(Index), snapshotId: v.optional(SnapshotId), selector: v.optional(Selector) };
/**
 * Addition for describing and outlining: `focused` names the element that has focus, where a key
 * pressed on the page (press_key without a target) goes, so the gate judges what the key does there.
 */
const DescribedElement = { ...WhichElement, focused: v.optional(v.literal(true)) };
const Offset = v.pipe(v.number(), v.minValue(0), v.maxValue(100_000));
/** A distance to drag, either way. */
const Shift = v.pipe(v.number(), v.integer(), v.minValue(-100_000), v.maxValue(100_000));
const Pixels = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000));
/**
 * Addition to every action that presses something: present (true) when the person turned trusted
 * input on, so only then does the content script ask the background to press it (TRUSTED_INPUT).
 */
const Trusted = { trusted: v.optional(v.boolean()) };
/** The actions whose payload carries `Trusted`. */
export const PRESSING = [
  'CLICK_ELEMENT',
  'FILL_FORM',
  'PRESS_KEY',
  'HOVER',
  'DOUBLE_CLICK',
  'DRAG',
  'FILL_FIELDS',
] as const;
/** An action on one element names it one way: by index (with its reading's snapshotId) or by selector. */
const oneWay = <T extends { index?: number; selector?: string }>() =>
  v.check<T, string>((p) => (p.index === undefined) !== (p.selector === undefined), 'give either index or selector');
const ReadOptions = v.strictObject({
  viewportOnly: v.optional(v.boolean()),
  /** Draw numbered boxes over the listed elements that are on screen. */
  highlight: v.optional(v.boolean()),
  maxChars: v.optional(v.pipe(v.number(), v.integer(), v.minValue(500), v.maxValue(2_000_000))),
});

/**
 * Requests the background sends to a tab's content script with `tabs.sendMessage`: the Jawad
 * spec's (its actions take an element by index of the last reading as well as by selector), and Parchi's
 * selector-based tools.
 */
export const BackgroundToContent = {
  // Jawad: READ_PAGE may now carry options; without them it reads the whole page.
  READ_PAGE: v.object({ type: v.literal('READ_PAGE'), payload: v.optional(ReadOptions) }),
  // One message per action, each naming its element by index or by selector (the spec's messages
  // took a selector; the index of the last reading is an addition).
  CLICK_ELEMENT: message(
    'CLICK_ELEMENT',
    v.pipe(
      // Addition: a position inside the element, in CSS pixels from its top-left corner (canvas, SVG).
      v.strictObject({ ...WhichElement, x: v.optional(Offset), y: v.optional(Offset), ...Trusted }),
      oneWay(),
      v.check((p) => p.index !== undefined || (p.x === undefined && p.y === undefined), 'x and y need an index'),
    ),
  ),
  /** Types into one field, replacing what is there unless `clear` is false; `submit` presses Enter after. */
  FILL_FORM: message(
    'FILL_FORM',
    v.pipe(
      v.strictObject({
        ...WhichElement,
        text: text(100_000),
        clear: v.optional(v.boolean()),
        submit: v.optional(v.boolean()),
        ...Trusted,
      }),
      oneWay(),
    ),
  ),
  /** The page (or the scrollable area holding an element) by an amount, or to its top or bottom. */
  SCROLL_PAGE: message(
    'SCROLL_PAGE',
    v.strictObject({
      direction: v.picklist(['up', 'down', 'left', 'right', 'top', 'bottom']),
      amount: v.optional(Pixels),
      index: v.optional(Index),
      snapshotId: v.optional(SnapshotId),
    }),
  ),

  // Additions: input a person gives with the keyboard and the pointer.
  /** A key or combination ("Enter", "Ctrl+A", "Shift+Tab") on an element, or on what has focus. */
  PRESS_KEY: message('PRESS_KEY', v.strictObject({ key: nonEmptyText(40), ...WhichElement, ...Trusted })),
  HOVER: message('HOVER', v.strictObject({ ...WhichElement, ...Trusted })),
  // Addition: names an indexed element by an attribute for a driver outside the extension (the MCP bridge).
  MARK_ELEMENT: message(
    'MARK_ELEMENT',
    v.strictObject({ index: Index, snapshotId: SnapshotId, mark: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/)) }),
  ),
  DOUBLE_CLICK: message(
    'DOUBLE_CLICK',
    v.strictObject({ index: Index, snapshotId: SnapshotId, x: v.optional(Offset), y: v.optional(Offset), ...Trusted }),
  ),
  /** Drags an element onto another one (`to` by index, `toSelector`), or by an offset in pixels. */
  DRAG: message(
    'DRAG',
    v.pipe(
      v.strictObject({
        ...WhichElement,
        to: v.optional(Index),
        toSelector: v.optional(Selector),
        dx: v.optional(Shift),
        dy: v.optional(Shift),
        ...Trusted,
      }),
      v.check(
        (p) => [p.to, p.toSelector, p.dx ?? p.dy].filter((x) => x !== undefined).length === 1,
        'give either to, toSelector or dx/dy',
      ),
    ),
  ),
  /** Several options of a <select multiple> or a listbox widget (one is fine too). */
  SELECT_OPTIONS: message(
    'SELECT_OPTIONS',
    v.strictObject({
      ...WhichElement,
      optionTexts: v.pipe(v.array(nonEmptyText(1000)), v.minLength(1), v.maxLength(100)),
    }),
  ),
  /** Selects a passage of an element's text (or the page's, without an index), for pages that react to a selection. */
  SELECT_TEXT: message(
    'SELECT_TEXT',
    v.strictObject({ index: v.optional(Index), snapshotId: v.optional(SnapshotId), text: nonEmptyText(10_000) }),
  ),
  /** Accept the page's next confirm or prompt while Bosun acts (with this text for a prompt, '' for its default). */
  ACCEPT_NEXT_DIALOG: message('ACCEPT_NEXT_DIALOG', v.strictObject({ promptText: text(10_000) })),
  /**
   * Before Bosun leaves the page while it acts: whether the page asks to confirm leaving, answered
   * as an action whose `dialogs` holds a `beforeunload` one when it does (accepted or not).
   */
  CHECK_LEAVE: bare('CHECK_LEAVE'),
  SHOW_MASK: bare('SHOW_MASK'),
  HIDE_MASK: bare('HIDE_MASK'),
  CLEAN_UP_HIGHLIGHTS: bare('CLEAN_UP_HIGHLIGHTS'),
  /** Outlines what a permission question is about, until CLEAN_UP_HIGHLIGHTS: the person sees it while deciding. */
  OUTLINE_TARGET: message(
    'OUTLINE_TARGET',
    // Addition: the outline's label, what Bosun wants to do there ("Bosun wants to click this").
    v.strictObject({ ...DescribedElement, label: v.optional(v.pipe(v.string(), v.maxLength(80))) }),
  ),

  /** Read-only: what an action by index or selector would touch, for the permission prompt. */
  DESCRIBE_TARGET: message('DESCRIBE_TARGET', v.strictObject(DescribedElement)),

  /** Read-only: a table as rows of cells, for the extract-table tool. */
  EXTRACT_TABLE: message(
    'EXTRACT_TABLE',
    v.strictObject({
      selector: v.optional(Selector),
      nth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
    }),
  ),
  // Additions: a page's own tools (WebMCP, src/page-tools.ts).
  LIST_PAGE_TOOLS: bare('LIST_PAGE_TOOLS'),
  CALL_PAGE_TOOL: message(
    'CALL_PAGE_TOOL',
    v.strictObject({ name: nonEmptyText(PAGE_TOOL_LIMITS.name), input: text(100_000) }),
  ),
  /** Submits the form a field or button belongs to, as Enter or a submit click would. */
  SUBMIT_FORM: message('SUBMIT_FORM', v.strictObject(WhichElement)),

  /** Addition: the task that made this reading ended; its listing and the elements it holds go. */
  FORGET_READING: message('FORGET_READING', v.strictObject({ snapshotId: SnapshotId })),
  /** Addition: another part of the last reading's listing (from an index, around one, or after a heading). */
  READ_LISTING: message(
    'READ_LISTING',
    v.strictObject({
      snapshotId: SnapshotId,
      from: v.optional(Index),
      around: v.optional(Index),
      heading: v.optional(nonEmptyText(200)),
      maxChars: v.optional(v.pipe(v.number(), v.integer(), v.minValue(500), v.maxValue(2_000_000))),
    }),
  ),

  /**
   * Several fields at once, each by index or selector: text for a text field, an option's text or
   * value for a list, true or false for a checkbox, radio or switch. All are checked before the first
   * is touched; the first that fails stops the rest.
   */
  FILL_FIELDS: message(
    'FILL_FIELDS',
    v.strictObject({
      fields: v.pipe(
        v.array(v.pipe(v.strictObject({ ...WhichElement, value: v.union([text(100_000), v.boolean()]) }), oneWay())),
        v.minLength(1),
        v.maxLength(100),
      ),
      ...Trusted,
    }),
  ),
  // Parchi's selector-based tools.
  WAIT_FOR_ELEMENT: message(
    'WAIT_FOR_ELEMENT',
    v.strictObject({
      selector: Selector,
      timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60_000))),
    }),
  ),
  GET_CONTENT: message(
    'GET_CONTENT',
    v.strictObject({
      type: v.picklist(['text', 'html', 'title', 'url', 'links']),
      selector: v.optional(Selector),
      // Addition: an element of the last reading; its text is a field's whole value or a textarea's text.
      index: v.optional(Index),
      snapshotId: v.optional(SnapshotId),
      // Addition: the part to give, `maxChars` from character `from`; the rest is named by a marker.
      from: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000))),
      maxChars: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))),
    }),
  ),
  /** Addition: everything a crawl or the content picker stores about a page, in one answer. */
  EXTRACT_PAGE: message('EXTRACT_PAGE', v.strictObject({ selector: v.optional(Selector) })),
};
export type BackgroundToContent = MessageOf<typeof BackgroundToContent>;

const Product = v.object({
  name: v.optional(v.string()),
  price: v.optional(v.string()),
  currency: v.optional(v.string()),
  brand: v.optional(v.string()),
  rating: v.optional(v.string()),
});

/** Page text describing a target: bounded, so a page cannot make the policy judge megabytes. */
const TargetText = v.pipe(v.string(), v.maxLength(4000));
const TargetList = v.pipe(v.array(TargetText), v.maxLength(200));
/** An element as the critical-action check knows it (policy/critical-fields.ts ElementFacts). */
const TargetFacts = v.object({
  tag: TargetText,
  role: TargetText,
  type: TargetText,
  autocomplete: TargetText,
  name: TargetText,
  id: TargetText,
  visibleText: TargetText,
  accessibleName: TargetText,
  generatedText: TargetText,
  title: TargetText,
  value: TargetText,
  placeholder: TargetText,
  inForm: v.boolean(),
  inDialog: v.boolean(),
  /** Addition: the absolute address of the link or image map area the element is or sits in. */
  href: v.optional(v.pipe(v.string(), v.maxLength(8192))),
});

/** The replies content scripts give, validated by the background before use. */
/** Why an action failed, where the caller caused it: a selector that does not parse, a wait that ran out. */
export const ActionFailure = v.picklist(['invalid-args', 'timeout']);
const SeenDialog = v.strictObject({
  type: v.picklist(['alert', 'confirm', 'prompt', 'beforeunload']),
  message: text(DIALOG_TEXT_MAX),
  defaultValue: text(DIALOG_TEXT_MAX),
  accepted: v.boolean(),
});
export type ActionFailure = v.InferOutput<typeof ActionFailure>;

export const ContentResponses = {
  READ_PAGE: v.object({
    title: v.string(),
    url: v.string(),
    markdown: v.string(),
    product: v.nullable(Product),
    interactiveElements: v.string(),
    // Additions: the snapshot the indices belong to, and whether a budget cut anything.
    snapshotId: v.string(),
    elementCount: v.number(),
    truncated: v.boolean(),
    /** The tab shows a PDF in the browser's viewer: the page holds the viewer, not the document's text. */
    pdf: v.optional(v.literal(true)),
  }),
  TARGET: v.object({
    found: v.boolean(),
    error: v.optional(v.string()),
    failure: v.optional(ActionFailure),
    role: v.optional(v.string()),
    label: v.optional(v.string()),
    /** The element itself, for the critical-action check (policy/critical-fields.ts ElementFacts). */
    element: v.optional(TargetFacts),
    form: v.optional(
      v.object({
        action: v.optional(v.string()),
        method: v.optional(v.string()),
        fieldTypes: TargetList,
        autocomplete: TargetList,
        fieldNames: v.optional(TargetList),
        /** Addition: the button Enter in one of the form's fields clicks (its default button), when it has one. */
        submitter: v.optional(TargetFacts),
      }),
    ),
  }),
  TABLE: v.object({
    success: v.literal(true),
    headers: v.array(v.string()),
    rows: v.array(v.array(v.string())),
    caption: v.string(),
  }),
  EXTRACT_PAGE: v.object({
    success: v.literal(true),
    url: v.string(),
    title: v.string(),
    text: v.string(),
    html: v.string(),
    markdown: v.string(),
    canonical: v.nullable(v.string()),
    metadata: v.record(v.string(), v.string()),
    links: v.array(v.string()),
  }),
  LISTING: v.object({
    success: v.literal(true),
    text: v.string(),
    from: v.number(),
    to: v.number(),
    /** The elements found so far: the page's whole count when `complete` (the walk stops where the parts read stop). */
    count: v.number(),
    complete: v.boolean(),
  }),
  /**
   * Every action answers `{ success, message }` (Jawad) or `{ success: false, error }` (Parchi); a
   * failure the caller caused says which kind, so ABP answers it with its own code.
   */
  ACTION: v.object({
    success: v.boolean(),
    message: v.optional(v.string()),
    error: v.optional(v.string()),
    failure: v.optional(ActionFailure),
    /** A link to another tab was clicked: the browser opens that tab after this answer, and the caller waits for it. */
    opensTab: v.optional(v.boolean()),
    /** The page's dialogs Bosun answered since the last action (see src/page-dialogs.ts). */
    dialogs: v.optional(v.pipe(v.array(SeenDialog), v.maxLength(5))),
  }),
};
export type ReadPageResult = v.InferOutput<typeof ContentResponses.READ_PAGE>;
export type ExtractPageResult = v.InferOutput<typeof ContentResponses.EXTRACT_PAGE>;
export type ActionResult = v.InferOutput<typeof ContentResponses.ACTION> & Record<string, unknown>;
export type Product = v.InferOutput<typeof Product>;
export type TargetResult = v.InferOutput<typeof ContentResponses.TARGET>;
