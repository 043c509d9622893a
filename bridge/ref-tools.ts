// The tools that act on what a snapshot shows: browser_snapshot lists the working tab's elements
// with Bosun's page engine (the listing the chat's agent reads), and each action names an element
// by its reference there. They run as ABP page.read and page.act, so Bosun's gate judges each one
// with the MCP client named as the one asking, exactly as for the abp_* tools.
import * as v from 'valibot';
import { ACTS, assertWebPage, INTEGER, READS, STRING } from './browser-tool-parts';
import { abpError, ToolError } from './errors';
import type { LiveBrowser } from './session';
import { defineTool, objectSchema, type BridgeTool, type CallInfo, type ToolOutput } from './tool';

/** The tab each browser's last snapshot was taken of, at the address it showed then, and what it listed. */
const snapshots = new WeakMap<LiveBrowser, { url: string; tabId: number; content: string }>();

export const Ref = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(0),
  v.description('The [number] of an element in the last browser_snapshot'),
);

const ACTED = objectSchema({ url: STRING, decision: STRING, result: STRING });

export const browserSnapshot = defineTool({
  name: 'browser_snapshot',
  title: 'Snapshot',
  annotations: READS,
  outputSchema: objectSchema({ url: STRING, tabId: INTEGER, snapshot: STRING }),
  description:
    "The working tab as Bosun's page engine reads it: the page as markdown and a numbered list of the elements a person can use. The other tools take those numbers as `ref`. Through Bosun's permission policy.",
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
  const shot = await currentSnapshot(browser);
  const { url } = shot;
  const response = await (await browser.abp()).call('page.act', { tabId: shot.tabId, action, args }, call);
  if (!response.success) throw abpError('page.act', response);
  const { decision, result } = response.data as { decision: string; result: string };
  return { summary: result, data: { url, decision, result } };
}

const browserHover = defineTool({
  name: 'browser_hover',
  title: 'Hover',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Move the pointer over an element of the last snapshot and leave it there (menus and tooltips that open on hover). Take a new snapshot to see what appeared.',
  params: v.strictObject({ ref: Ref }),
  run: ({ ref }, browser, call) => actByRef(browser, call, 'hover', { index: ref }),
});

const browserPressKey = defineTool({
  name: 'browser_press_key',
  title: 'Press a key',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Press a key or combination (Enter, Escape, Tab, ArrowDown, PageUp, Home, Control+A…) on an element of the last snapshot, or on whatever has focus.',
  params: v.strictObject({
    key: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
    ref: v.optional(Ref),
  }),
  run: ({ key, ref }, browser, call) =>
    actByRef(browser, call, 'press_key', { key, ...(ref === undefined ? {} : { index: ref }) }),
});

const browserDrag = defineTool({
  name: 'browser_drag',
  title: 'Drag',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Drag an element of the last snapshot onto another (to: its reference), or by dx/dy pixels (a slider handle). Works with mouse-driven and HTML5 drag and drop.',
  params: v.strictObject({
    ref: Ref,
    to: v.optional(Ref),
    dx: v.optional(v.number()),
    dy: v.optional(v.number()),
  }),
  run: ({ ref, ...where }, browser, call) => actByRef(browser, call, 'drag', { index: ref, ...where }),
});

const browserSelectOption = defineTool({
  name: 'browser_select_option',
  title: 'Select options',
  annotations: ACTS,
  outputSchema: ACTED,
  description:
    'Choose options of a drop-down list or listbox of the last snapshot by their visible text (several for a multiple-choice list).',
  params: v.strictObject({
    ref: Ref,
    values: v.pipe(v.array(v.pipe(v.string(), v.maxLength(500))), v.minLength(1), v.maxLength(100)),
  }),
  run: ({ ref, values }, browser, call) => actByRef(browser, call, 'select_option', { index: ref, options: values }),
});

export const REF_TOOLS: readonly BridgeTool[] = [
  browserSnapshot,
  browserHover,
  browserPressKey,
  browserDrag,
  browserSelectOption,
];
