import * as v from 'valibot';
import { parseKey } from '../../src/keys';
import { here } from './targets';
import {
  action,
  elementAt,
  elementTarget,
  Index,
  IndexOrSelector,
  needsTarget,
  output,
  Position,
  Selector,
} from './page-action';
import { defineTool, type ToolContext } from './types';
import { CHANGES_PAGE, COMMITS_ON_PAGE } from './annotations';

/** Whether a call names an element (else a key goes to whatever has focus). */
const onElement = (args: { index?: number; selector?: string }) =>
  args.index !== undefined || args.selector !== undefined;
/** The last reading's id, which every index refers to. */
const snapshot = (ctx: ToolContext) => ctx.snapshotId(ctx.tabId) ?? '';
const maybe = <K extends string, T>(key: K, value: T | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, T>>;

const Key = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(40),
  // An unknown key name is refused here, with the names that work, before anyone is asked.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const parsed = parseKey(dataset.value);
    if (!parsed.ok) addIssue({ message: parsed.error });
  }),
  v.description('A key or combination: Enter, Escape, Tab, Shift+Tab, ArrowDown, PageUp, Home, End, Ctrl+A, a'),
);

export const pressKey = defineTool({
  name: 'press_key',
  description:
    'Press a key or combination (Enter, Escape, Tab, arrows, PageUp/PageDown, Home/End, Backspace, Ctrl+A…) on element [index] (or the one a CSS selector finds), or on whatever has focus. Use it for sliders and other widgets driven by the keyboard, to close a pop-up with Escape, to pick a highlighted suggestion with Enter, or to move focus with Tab. The result says what the key did.',
  level: 'interact',
  annotations: COMMITS_ON_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_press_key', title: 'Press a key' },
  params: v.object({ key: Key, ...IndexOrSelector }),
  // Without a target the key goes to what has focus: that element is described and judged, as Enter
  // in a form's field or on a button submits or clicks whichever way it was aimed.
  target: async (args, ctx) => {
    const target = await elementTarget(ctx, onElement(args) ? args : { focused: true });
    const summary = `press ${args.key}${target.summary ? ` on ${target.summary}` : ''}`;
    return { ...target, summary, key: args.key };
  },
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'PRESS_KEY',
        payload: { key: args.key, ...(onElement(args) ? elementAt(ctx, args) : {}) },
      }),
    ),
});

export const hover = defineTool({
  name: 'hover',
  description:
    'Move the pointer over element [index] (or the one a CSS selector finds) and leave it there, as a person does to open a menu or show a tooltip that appears on hover. Read the page again to see what appeared.',
  level: 'interact',
  annotations: CHANGES_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_hover', title: 'Hover' },
  params: v.pipe(v.object(IndexOrSelector), needsTarget()),
  target: (args, ctx) => elementTarget(ctx, args),
  run: async (args, ctx) => output(await action(ctx, { type: 'HOVER', payload: elementAt(ctx, args) })),
});

export const doubleClick = defineTool({
  name: 'double_click',
  description:
    'Double-click element [index] (to edit a cell, open an item, select a word); x and y double-click at that position inside it (CSS pixels from its top-left corner).',
  level: 'interact',
  annotations: COMMITS_ON_PAGE,
  abp: 'page.act',
  params: v.object({ index: Index, x: v.optional(Position), y: v.optional(Position) }),
  target: (args, ctx) => elementTarget(ctx, args),
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'DOUBLE_CLICK',
        payload: { index: args.index, snapshotId: snapshot(ctx), ...maybe('x', args.x), ...maybe('y', args.y) },
      }),
    ),
});

const Shift = v.pipe(v.number(), v.integer(), v.minValue(-100_000), v.maxValue(100_000));
export const drag = defineTool({
  name: 'drag',
  description:
    'Drag element [index] (or the one a CSS selector finds) and drop it onto element [to] (or toSelector) to reorder a sortable list or drop a card into a zone, or by dx/dy pixels to move a slider handle. Works with mouse-driven and HTML5 drag and drop.',
  level: 'interact',
  annotations: COMMITS_ON_PAGE,
  abp: 'page.act',
  bridge: { name: 'browser_drag', title: 'Drag' },
  params: v.pipe(
    v.object({
      ...IndexOrSelector,
      to: v.optional(v.pipe(Index, v.description('The [index] of the element to drop onto'))),
      toSelector: v.optional(v.pipe(Selector, v.description('A CSS selector of the element to drop onto'))),
      dx: v.optional(v.pipe(Shift, v.description('Pixels to the right (negative: left)'))),
      dy: v.optional(v.pipe(Shift, v.description('Pixels down (negative: up)'))),
    }),
    needsTarget(),
    v.check(
      (a) => [a.to, a.toSelector, a.dx ?? a.dy].filter((x) => x !== undefined).length === 1,
      'give either to, toSelector or dx/dy',
    ),
  ),
  target: async (args, ctx) => {
    const target = await elementTarget(ctx, args);
    const drop = args.to !== undefined ? { index: args.to } : args.toSelector ? { selector: args.toSelector } : null;
    const onto = drop ? await elementTarget(ctx, drop) : null;
    const where = onto
      ? `onto ${onto.summary ?? args.toSelector ?? `[${args.to}]`}`
      : `by ${args.dx ?? 0}, ${args.dy ?? 0} px`;
    return { ...target, summary: `drag ${target.summary ?? args.selector ?? `[${args.index}]`} ${where}` };
  },
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'DRAG',
        payload: {
          ...elementAt(ctx, args),
          // The element to drop onto is one of the last reading's too, whatever names the one dragged.
          ...(args.to !== undefined ? { to: args.to, snapshotId: snapshot(ctx) } : {}),
          ...maybe('toSelector', args.toSelector),
          ...maybe('dx', args.dx),
          ...maybe('dy', args.dy),
        },
      }),
    ),
});

export const selectText = defineTool({
  name: 'select_text',
  description:
    'Select a passage of text, as a person drags over it: inside element [index], or anywhere on the page without an index. For pages that act on a selection (highlight, quote, translate).',
  level: 'interact',
  annotations: CHANGES_PAGE,
  abp: 'page.act',
  params: v.object({
    text: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(10_000)),
    index: v.optional(Index),
  }),
  target: async (args, ctx) => {
    const target = args.index !== undefined ? await elementTarget(ctx, args) : await here(args, ctx);
    return {
      ...target,
      summary: `select "${args.text.slice(0, 200)}"${target.summary ? ` in ${target.summary}` : ''}`,
    };
  },
  run: async (args, ctx) =>
    output(
      await action(ctx, {
        type: 'SELECT_TEXT',
        payload: {
          text: args.text,
          ...(args.index !== undefined ? { index: args.index, snapshotId: snapshot(ctx) } : {}),
        },
      }),
    ),
});

/** Keyboard and pointer input beyond clicking and typing. */
export const INPUT_TOOLS = [pressKey, hover, doubleClick, drag, selectText];
