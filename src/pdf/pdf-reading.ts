import * as v from 'valibot';

/** The largest PDF Bosun fetches to read, in bytes. */
export const MAX_PDF_BYTES = 50_000_000;
/** Bounds on what the reader may answer: pages, characters of one page, outline entries. */
const MAX_PAGES = 10_000;
const MAX_PAGE_CHARS = 1_000_000;
const MAX_OUTLINE = 2_000;

/**
 * What the PDF reader chunk answers, checked by the background before use (from Chrome's offscreen
 * document it crosses a message; from Firefox's import it is the same schema, one contract).
 */
export const PdfReadingSchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('pdf'),
    pdf: v.strictObject({
      title: v.pipe(v.string(), v.maxLength(2_000)),
      pages: v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_PAGE_CHARS))), v.minLength(1), v.maxLength(MAX_PAGES)),
      outline: v.pipe(
        v.array(
          v.strictObject({
            title: v.pipe(v.string(), v.maxLength(2_000)),
            page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGES)),
            depth: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
          }),
        ),
        v.maxLength(MAX_OUTLINE),
      ),
    }),
  }),
  /** The address answered something else than a PDF (a page, an error page). */
  v.strictObject({ kind: v.literal('not-pdf'), contentType: v.pipe(v.string(), v.maxLength(200)) }),
  v.strictObject({ kind: v.literal('failed'), error: v.pipe(v.string(), v.maxLength(2_000)) }),
]);
export type PdfReading = v.InferOutput<typeof PdfReadingSchema>;
