import * as v from 'valibot';
import { bare, message, nonEmptyText, text, type MessageOf } from './envelope';

/** A point in CSS pixels of the tab's top viewport (the frame offset already added by the content script). */
const ViewportPoint = v.strictObject({
  x: v.pipe(v.number(), v.finite(), v.minValue(-100_000), v.maxValue(100_000)),
  y: v.pipe(v.number(), v.finite(), v.minValue(-100_000), v.maxValue(100_000)),
});

/** What a content script asks to be pressed with trusted input while it carries out one of Bosun's actions. */
export const TrustedInputRequest = v.variant('kind', [
  v.strictObject({ kind: v.literal('click'), at: ViewportPoint, count: v.picklist([1, 2]) }),
  v.strictObject({ kind: v.literal('hover'), at: ViewportPoint }),
  v.strictObject({ kind: v.literal('drag'), from: ViewportPoint, to: ViewportPoint }),
  /** An HTML5 drag of a draggable element, dropped at `to`: Chrome's own drag session, not just the mouse. */
  v.strictObject({ kind: v.literal('dragDrop'), from: ViewportPoint, to: ViewportPoint }),
  /** Text typed into what has focus; `multiline` lets a line break be Enter (a textarea, an editor). */
  v.strictObject({ kind: v.literal('type'), text: v.pipe(text(100_000), v.minLength(1)), multiline: v.boolean() }),
  /** The key as the model wrote it ("Enter", "ctrl+a"): the background parses it again. */
  v.strictObject({ kind: v.literal('key'), key: nonEmptyText(40) }),
]);
export type TrustedInputRequest = v.InferOutput<typeof TrustedInputRequest>;

/**
 * Messages content scripts send with `runtime.sendMessage`. The spec's voice messages are not
 * here: Bosun captures audio in its own extension pages (the sidebar), never in a content
 * script, so the visited page can neither see the microphone nor fake voice events.
 */
export const ContentToBackground = {
  PAGE_CONTENT_READY: message('PAGE_CONTENT_READY', v.strictObject({ title: text(2000), url: text(8192) })),
  TRUSTED_INPUT: message('TRUSTED_INPUT', TrustedInputRequest),
  /** Which tab this is: asked by the MCP bridge from Bosun's content-script world (src/abp/which-tab.ts). */
  WHICH_TAB: bare('WHICH_TAB'),
};
export type ContentToBackground = MessageOf<typeof ContentToBackground>;
