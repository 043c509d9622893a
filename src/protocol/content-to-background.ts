import * as v from 'valibot';
import { message, text, type MessageOf } from './envelope';

/**
 * One-way messages content scripts send with `runtime.sendMessage`. The spec's voice messages
 * are not here: Bosun captures audio in its own extension pages (the sidebar), never in a
 * content script, so the visited page can neither see the microphone nor fake voice events.
 */
export const ContentToBackground = {
  PAGE_CONTENT_READY: message('PAGE_CONTENT_READY', v.strictObject({ title: text(2000), url: text(8192) })),
};
export type ContentToBackground = MessageOf<typeof ContentToBackground>;
