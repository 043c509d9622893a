import * as v from 'valibot';
import { describeIssues } from '../../src/messaging/router';
import type { PdfText } from '../../src/pdf/pdf-markdown';
import { PdfReadingSchema, type PdfReading } from '../../src/pdf/pdf-reading';
import { readWithChunk } from '../../src/pdf/reader-chunk';
import { offscreenDocument } from '../crawl/offscreen-document';

/** How long a read document is kept for reading on by page or searching, without fetching it again. */
const KEEP_MS = 5 * 60_000;

let kept: { url: string; at: number; pdf: PdfText } | null = null;

/**
 * Fetches and reads the PDF at `url`. Firefox's background page imports the reader chunk itself; Chrome's
 * service worker cannot import, so its offscreen document does. Either way the chunk loads only now,
 * when a PDF is read. The last document read is kept a few minutes: the next range or search reuses it.
 */
export async function loadPdf(url: string): Promise<PdfReading> {
  if (kept && kept.url === url && Date.now() - kept.at < KEEP_MS) return { kind: 'pdf', pdf: kept.pdf };
  const raw: unknown = __TARGET__ === 'chrome' ? await offscreenDocument().readPdf(url) : await readWithChunk(url);
  const parsed = v.safeParse(PdfReadingSchema, raw);
  if (!parsed.success) throw new Error(`The PDF reader answered oddly: ${describeIssues(parsed.issues)}`);
  kept = parsed.output.kind === 'pdf' ? { url, at: Date.now(), pdf: parsed.output.pdf } : null;
  return parsed.output;
}
