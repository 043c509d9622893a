import * as v from 'valibot';
import { message, text, type MessageOf } from './envelope';
import { ContentResponses } from './background-to-content';
import { PdfReadingSchema } from '../pdf/pdf-reading';

/**
 * The largest HTML a crawl reads without a tab, in characters: a bound on what one message
 * carries to the parser. A bigger page is rendered in a tab, as every page once was.
 */
export const MAX_FETCHED_HTML = 10_000_000;

/**
 * Requests Chrome's background sends with `runtime.sendMessage` to its offscreen document
 * (offscreen.html), which has the DOM a service worker lacks.
 */
export const BackgroundToOffscreen = {
  /** Parse HTML a crawl fetched, from the address it landed on, and read it as EXTRACT_PAGE would. */
  READ_FETCHED_PAGE: message(
    'READ_FETCHED_PAGE',
    v.strictObject({ html: text(MAX_FETCHED_HTML), url: v.pipe(text(8192), v.url()) }),
  ),
  /** Fetch the PDF at `url` with the person's cookies and extract its text (the PDF reader chunk). */
  READ_PDF: message('READ_PDF', v.strictObject({ url: v.pipe(text(8192), v.url()) })),
};
export type BackgroundToOffscreen = MessageOf<typeof BackgroundToOffscreen>;

/** The offscreen document's answers, validated by the background before use. */
export const OffscreenReplies = {
  READ_FETCHED_PAGE: v.variant('kind', [
    v.strictObject({ kind: v.literal('page'), page: ContentResponses.EXTRACT_PAGE }),
    /** The page's content is written by its scripts: only a tab shows it. */
    v.strictObject({ kind: v.literal('script-built') }),
  ]),
  READ_PDF: PdfReadingSchema,
};
