import { browser } from '../platform/browser';
import type { PdfReading } from './pdf-reading';
import type { readPdf } from './pdf-reader';

/** pdf.js's worker, a file in the extension's root (scripts/bundles.mjs makes it). */
const WORKER_FILE = 'pdf.worker.js';

/**
 * Reads the PDF at `url` with the reader chunk (pdf-reader.js, scripts/bundles.mjs), imported now, on
 * the first PDF, not with the script that asks. The address is written out whole: the add-on linter
 * rightly refuses an import from a computed one. The build leaves it to the browser (an external).
 */
export async function readWithChunk(url: string): Promise<PdfReading> {
  // @ts-expect-error -- a file of the built extension, not a module of the sources
  const chunk = (await import('/pdf-reader.js')) as { readPdf: typeof readPdf };
  return chunk.readPdf(url, browser.runtime.getURL(WORKER_FILE));
}
