// The tools that act on what a snapshot shows: browser_snapshot lists the working tab's elements
// with Bosun's page engine (the listing the chat's agent reads), and each action names an element
// by its reference there, or by a CSS selector. They run as ABP page.read and page.act, so Bosun's
// gate judges each one with the MCP client named as the one asking, exactly as for the abp_* tools.
import * as v from 'valibot';
import { ACTS, assertWebPage, INTEGER, READS, Selector, STRING } from './browser-tool-parts';
import { abpError, ToolError } from '../server/errors';
import type { LiveBrowser } from '../server/session';
import { defineTool, objectSchema, type BridgeTool, type CallInfo, type ToolOutput } from '../server/tool';

/** The tab each browser's last snapshot was taken of, at the address it showed then, and what it listed. */
const snapshots = new WeakMap<LiveBrowser, { url: string; tabId: number; content: string }>();

export const Ref = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(0),
  v.description('The [number] of an element in the last browser_snapshot'),
);

/** Either a reference from the last snapshot or a selector, not both. */
export const oneTarget = <T extends { selector?: string; ref?: number }>() =>
  v.check<T, string>(
    (a) => (a.selector === undefined) !== (a.ref === undefined),
    'give either ref (from browser_snapshot) or selector',
  );

export const ACTED = objectSchema({ url: STRING, decision: STRING, result: STRING });

export const browserSnapshot = defineTool({
  name: 'browser_snapshot',
  title: 'Snapshot',
  annotations: READS,
  outputSchema: objectSchema({ url: STRING, tabId: INTEGER, snapshot: STRING }),
  description:
    "The working tab as Bosun's page engine reads it: the page as markdown and a numbered list of the elements a person can use. The other tools take those numbers as `ref`; where a long page's listing is cut, browser_read_listing and browser_get_page_content read the rest. Through Bosun's permission policy.",
  params: v.strictObject({
    viewportOnly: v.optional(v.pipe(v.boolean(), v.description('List only what is in view')), false),
  }),
  async run({ viewportOnly }, browser, call) {
    const tab = await browser.tab();
    assertWebPage(tab);
    const url = tab.url();
    const response = await (
      await browser.abp()
    ).call('page.read', { url, ...(viewportOnly ? { viewportOnly } : {}) }, call);
    if (!response.success) throw abpError('page.read', response);
    const { tabId, content } = response.data as { tabId: number; content: string };
    snapshots.set(browser, { url, tabId, content });
    return { summary: `Snapshot of ${url}`, data: { url, tabId, snapshot: content } };
  },
});

/** The last snapshot, if the working tab still shows its page; otherwise the error saying to take a new one. */
export async function currentSnapshot(browser: LiveBrowser): Promise<{ url: string; tabId: number; content: string }> {
  const tab = await browser.tab();
  assertWebPage(tab);
  const url = tab.url();
  const shot = snapshots.get(browser);
  if (shot?.url !== url)
    throw new ToolError(
      shot
        ? `The working tab shows ${url} now, not the page of the last snapshot (${shot.url}): its references no longer name elements.`
        : 'No snapshot of the working tab has been taken: there are no references yet.',
      'Call browser_snapshot, then use the references it lists.',
    );
  return shot;
}

/** One page-engine action on the working tab, its elements named by the last snapshot's references. */
export async function actByRef(
  browser: LiveBrowser,
  call: CallInfo,
  action: string,
  args: Record<string, unknown>,
): Promise<ToolOutput> {
  const { url, tabId } = await currentSnapshot(browser);
  return act(browser, call, url, { tabId, action, args });
}

/**
 * Types into the field a reference or selector names, then submits its form with the page engine's
 * submit_form, the action the chat's agent submits with: script events cannot make Enter submit, and
 * Bosun's gate judges the submit at "submit". What could not be submitted (refused, or no form) is
 * said, not hidden.
 */
export async function typeAndSubmit(browser: LiveBrowser, call: CallInfo, target: Target, text: string) {
  const typed = await actOn(browser, call, 'type_text', target, { text });
  try {
    const sent = await actOn(browser, call, 'submit_form', target);
    return { summary: `${typed.summary}; ${sent.summary}`, data: { ...sent.data, submitted: true } };
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    const reason = `Typed, but the form was not submitted: ${error.message}`;
    return { summary: `${typed.summary}; ${reason}`, data: { ...typed.data, submitted: false, reason } };
  }
}

/** One page-engine action on the working tab, named by its address: no snapshot is needed to use a selector. */
async function actBySelector(
  browser: LiveBrowser,
  call: CallInfo,
  action: string,
  args: Record<string, unknown>,
): Promise<ToolOutput> {
  const tab = await browser.tab();
  assertWebPage(tab);
  const url = tab.url();
  return act(browser, call, url, { url, action, args });
}

async function act(browser: LiveBrowser, call: CallInfo, url: string, params: Record<string, unknown>) {
  const response = await (await browser.abp()).call('page.act', params, call);
  if (!response.success) throw abpError('page.act', response);
  const { decision, result } = response.data as { decision: string; result: string };
  return { summary: result, data: { url, decision, result } };
}

/** The element a call names: by reference in the last snapshot, or by selector. */
export type Target = { ref?: number | undefined; selector?: string | undefined };

/**
 * An action on the element a call names, by reference in the last snapshot or by selector: either
 * way the page engine's own action, so Bosun's gate judges it with the element's facts (its name,
 * what it submits, whether it is critical), as it judges the chat's.
 */
export const actOn = (
  browser: LiveBrowser,
  call: CallInfo,
  action: string,
  { ref, selector }: Target,
  args: Record<string, unknown> = {},
) =>
  selector === undefined
    ? actByRef(browser, call, action, { index: ref, ...args })
    : actBySelector(browser, call, action, { selector, ...args });

const browserHover = defineTool({
  name: 'browser_hover',
  title: 'Hover',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Move the pointer over an element (by its reference in the last snapshot, or a CSS selector) and leave it there: menus and tooltips that open on hover. Take a new snapshot to see what appeared.',
  params: v.pipe(v.strictObject({ ref: v.optional(Ref), selector: v.optional(Selector) }), oneTarget()),
  run: (target, browser, call) => actOn(browser, call, 'hover', target),
});

const browserPressKey = defineTool({
  name: 'browser_press_key',
  title: 'Press a key',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Press a key or combination (Enter, Escape, Tab, ArrowDown, PageUp, Home, Control+A…) on an element (by its reference in the last snapshot, or a CSS selector), or on whatever has focus.',
  params: v.pipe(
    v.strictObject({
      key: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
      ref: v.optional(Ref),
      selector: v.optional(Selector),
    }),
    v.check((a) => a.ref === undefined || a.selector === undefined, 'give either ref or selector, not both'),
  ),
  run: ({ key, ...target }, browser, call) =>
    target.ref === undefined && target.selector === undefined
      ? actByRef(browser, call, 'press_key', { key })
      : actOn(browser, call, 'press_key', target, { key }),
});

const browserDrag = defineTool({
  name: 'browser_drag',
  title: 'Drag',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Drag an element (by its reference in the last snapshot, or a CSS selector) onto another (to: its reference, or toSelector), or by dx/dy pixels (a slider handle). Works with mouse-driven and HTML5 drag and drop.',
  params: v.pipe(
    v.strictObject({
      ref: v.optional(Ref),
      selector: v.optional(Selector),
      to: v.optional(Ref),
      toSelector: v.optional(Selector),
      dx: v.optional(v.number()),
      dy: v.optional(v.number()),
    }),
    oneTarget(),
  ),
  run: ({ ref, selector, ...where }, browser, call) => actOn(browser, call, 'drag', { ref, selector }, where),
});

const browserSelectOption = defineTool({
  name: 'browser_select_option',
  title: 'Select options',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Choose options of a drop-down list or listbox (by its reference in the last snapshot, or a CSS selector) by their visible text (several for a multiple-choice list).',
  params: v.pipe(
    v.strictObject({
      ref: v.optional(Ref),
      selector: v.optional(Selector),
      values: v.pipe(v.array(v.pipe(v.string(), v.maxLength(500))), v.minLength(1), v.maxLength(100)),
    }),
    oneTarget(),
  ),
  run: ({ values, ...target }, browser, call) => actOn(browser, call, 'select_option', target, { options: values }),
});

export const REF_TOOLS: readonly BridgeTool[] = [
  browserSnapshot,
  browserHover,
  browserPressKey,
  browserDrag,
  browserSelectOption,
];
