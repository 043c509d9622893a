// What the page tools share: their target arguments, the request that acts in the page and what it
// answers, and the element (or fields) a call targets, described for the gate and the person.
import * as v from 'valibot';
import { ContentResponses, PRESSING, type BackgroundToContent } from '../../src/protocol/background-to-content';
import type { ElementFacts } from '../../policy';
import { askContent } from '../content-channel/content-client';
import { whileActing } from '../trusted/trusted-input';
import { dialogsReport } from './dialogs-report';
import { outlinedTabs } from './outlined-tabs';
import { pageUrl } from './targets';
import type { Target, ToolContext, ToolOutput } from './types';
import { untrusted } from './untrusted';

export const Index = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(1),
  v.description('The [index] of the element in the last read_page listing'),
);
export const Selector = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(2000),
  v.description('A CSS selector, when there is no index'),
);
/** A position inside an element, in CSS pixels from its top-left corner. */
export const Position = v.pipe(
  v.number(),
  v.minValue(0),
  v.maxValue(100_000),
  v.description("CSS pixels from the element's top-left corner"),
);
export const IndexOrSelector = { index: v.optional(Index), selector: v.optional(Selector) };
export const needsTarget = <T extends { index?: number; selector?: string }>() =>
  v.check<T, string>((a) => a.index !== undefined || a.selector !== undefined, 'give an index or a selector');

/** How a content request names the element: its index with the reading it comes from, else the selector. */
export const elementAt = (ctx: ToolContext, args: { index?: number; selector?: string }) =>
  args.index !== undefined
    ? { index: args.index, snapshotId: ctx.snapshotId(ctx.tabId) ?? '' }
    : { selector: args.selector ?? '' };

const presses = (message: BackgroundToContent): boolean => (PRESSING as readonly string[]).includes(message.type);
/** The request as sent: an action that presses something says when trusted input is on. */
const withTrusted = (message: BackgroundToContent, trusted: boolean): BackgroundToContent =>
  trusted && presses(message)
    ? ({ ...message, payload: { ...message.payload, trusted } } as BackgroundToContent)
    : message;

// The content script may ask for trusted input in the tab only while one of these requests is in flight.
const actWith = <S extends v.GenericSchema>(ctx: ToolContext, message: BackgroundToContent, reply: S) =>
  whileActing(ctx.tabId, (trusted) =>
    askContent(ctx.tabId, withTrusted(message, trusted), reply, ctx.signal, ctx.actionTab?.()),
  );
export const action = (ctx: ToolContext, message: BackgroundToContent) =>
  actWith(ctx, message, ContentResponses.ACTION);
// What an action did quotes the page (a button's label, an option's text): it is marked as page content.
export function output(reply: v.InferOutput<typeof ContentResponses.ACTION>): ToolOutput {
  const said = reply.success ? untrusted(reply.message ?? 'Done') : (reply.error ?? 'Failed');
  return {
    success: reply.success,
    text: reply.dialogs?.length ? `${said}\n${dialogsReport(reply.dialogs)}` : said,
    ...(!reply.success && reply.failure ? { failure: reply.failure } : {}),
  };
}

/** The element's name for the person: its accessible name, and what it shows when that says otherwise. */
function describe(role: string, label: string | undefined, element: ElementFacts | undefined): string {
  const name = label ? ` "${label}"` : '';
  const shown = element?.visibleText || element?.generatedText || '';
  const differs =
    shown !== '' && label !== undefined && !shown.toLowerCase().includes(label.replace(/…$/, '').toLowerCase());
  return `${role}${name}${differs ? ` showing "${shown.slice(0, 200)}"` : ''}`;
}

type Described = v.InferOutput<typeof ContentResponses.TARGET>;
const describeElement = (
  ctx: ToolContext,
  payload: { index?: number; snapshotId?: string; selector?: string; focused?: true },
  url: string,
): Promise<Described | null> =>
  askContent(ctx.tabId, { type: 'DESCRIBE_TARGET', payload }, ContentResponses.TARGET, ctx.signal, { url }).catch(
    () => null,
  );

/**
 * What an index or selector points at (or, for `focused`, the element that has focus), for the
 * permission prompt and the critical-action check.
 */
export async function elementTarget(
  ctx: ToolContext,
  args: { index?: number; selector?: string; focused?: true },
): Promise<Target> {
  const url = await pageUrl(ctx);
  const snapshotId = ctx.snapshotId(ctx.tabId);
  const payload =
    args.index !== undefined
      ? { index: args.index, ...(snapshotId ? { snapshotId } : {}) }
      : args.focused
        ? { focused: true as const }
        : { selector: args.selector ?? '' };
  // The address was read just now: the request does not read the tab again.
  const described = await describeElement(ctx, payload, url);
  if (described?.failure === 'invalid-args') return { url, invalid: described.error ?? 'invalid target' };
  if (!described?.found) return { url };
  const summary = describe(described.role ?? 'element', described.label, described.element);
  const outline = async (label: string) => {
    // Recorded first, so a background that stops while drawing still leaves its successor the tab to clean.
    await outlinedTabs.add(ctx.tabId);
    // Not cancelled with the task: the outline must be drawn before it can be taken off again.
    await askContent(
      ctx.tabId,
      { type: 'OUTLINE_TARGET', payload: { ...payload, label } },
      ContentResponses.ACTION,
      undefined,
      { url },
    );
    return () => outlinedTabs.remove(ctx.tabId);
  };
  return {
    url,
    summary,
    outline,
    ...(described.label ? { label: described.label } : {}),
    ...(described.form ? { form: described.form } : {}),
    ...(described.element ? { element: described.element } : {}),
  };
}

/** Every field fill_form would touch, described one by one so each is judged on its own. */
export async function fieldsTarget(
  ctx: ToolContext,
  fields: { index?: number; selector?: string; value: string | boolean }[],
): Promise<Target> {
  const url = await pageUrl(ctx);
  const snapshotId = ctx.snapshotId(ctx.tabId);
  const described = await Promise.all(
    fields.map((f) =>
      describeElement(
        ctx,
        f.index !== undefined
          ? { index: f.index, ...(snapshotId ? { snapshotId } : {}) }
          : { selector: f.selector ?? '' },
        url,
      ),
    ),
  );
  const invalid = described.find((d) => d?.failure === 'invalid-args');
  if (invalid) return { url, invalid: invalid.error ?? 'invalid selector' };
  const elements = described.flatMap((d) => (d?.found && d.element ? [d.element] : []));
  const summary = fields
    .map((f, i) => `${described[i]?.label || f.selector || `[${f.index}]`} = ${JSON.stringify(f.value)}`)
    .join('; ');
  return { url, summary, fields: elements };
}
