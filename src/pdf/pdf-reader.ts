/**
 * The PDF reader chunk (pdf-reader.js, an ES module loaded only when a PDF is read: by Firefox's
 * background page, by Chrome's offscreen document). Fetches the document as the tab would, with the
 * person's cookies, and extracts each page's text and the outline with pdf.js, whose parsing runs in
 * its worker (the extension's own pdf.worker.js).
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import { pageText, textRuns } from './page-text';
import type { OutlineEntry, PdfText } from './pdf-markdown';
import { MAX_PDF_BYTES, type PdfReading } from './pdf-reading';

const FETCH_TIMEOUT_MS = 60_000;
/** Outline entries kept: a bound on what a malformed or huge outline costs. */
const MAX_OUTLINE = 2_000;

const looksLikePdf = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-');

/** Reads the PDF at `url`; `workerSrc` is the extension's copy of pdf.js's worker. */
export async function readPdf(url: string, workerSrc: string): Promise<PdfReading> {
  let response: Response;
  try {
    // Cookies go along, as the tab's own request sent them: a signed-in document reads as the person sees it.
    response = await fetch(url, { credentials: 'include', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    return { kind: 'failed', error: `The PDF could not be fetched: ${String(error).slice(0, 500)}` };
  }
  if (!response.ok) return { kind: 'failed', error: `The PDF could not be fetched: HTTP ${response.status}.` };
  if (Number(response.headers.get('content-length') ?? 0) > MAX_PDF_BYTES) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'failed', error: `The PDF is larger than ${MAX_PDF_BYTES / 1_000_000} MB: Bosun does not read it.` };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_PDF_BYTES) {
    return { kind: 'failed', error: `The PDF is larger than ${MAX_PDF_BYTES / 1_000_000} MB: Bosun does not read it.` };
  }
  if (!looksLikePdf(bytes)) {
    return { kind: 'not-pdf', contentType: (response.headers.get('content-type') ?? '').slice(0, 200) };
  }
  GlobalWorkerOptions.workerSrc = workerSrc;
  // No eval (the extension's policy forbids it) and no fonts: only the text is wanted, not a rendering.
  const task = getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    return { kind: 'failed', error: `The PDF could not be opened: ${String(error).slice(0, 500)}` };
  }
  try {
    return { kind: 'pdf', pdf: await extract(doc) };
  } finally {
    await task.destroy();
  }
}

async function extract(doc: PDFDocumentProxy): Promise<PdfText> {
  const pages: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    pages.push(pageText(textRuns((await page.getTextContent()).items)));
    page.cleanup();
  }
  const metadata = await doc.getMetadata().catch(() => null);
  const info = metadata?.info as { Title?: unknown } | undefined;
  const title = typeof info?.Title === 'string' ? info.Title : '';
  return { title, pages, outline: await outline(doc) };
}

type OutlineNode = { title: string; dest: string | unknown[] | null; items: OutlineNode[] };

/** The outline, depth first, each entry with the page its destination is on; entries that lead nowhere are left out. */
async function outline(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const roots = ((await doc.getOutline().catch(() => null)) ?? []) as OutlineNode[];
  const entries: OutlineEntry[] = [];
  const walk = async (nodes: OutlineNode[], depth: number): Promise<void> => {
    for (const node of nodes) {
      if (entries.length >= MAX_OUTLINE) return;
      const page = await destinationPage(doc, node.dest);
      if (page !== null && node.title.trim() !== '') entries.push({ title: node.title, page, depth });
      await walk(node.items ?? [], depth + 1);
    }
  };
  await walk(roots, 0);
  return entries;
}

async function destinationPage(doc: PDFDocumentProxy, dest: OutlineNode['dest']): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    const ref: unknown = explicit?.[0];
    if (typeof ref === 'number') return ref + 1;
    if (typeof ref === 'object' && ref !== null && 'num' in ref && 'gen' in ref) {
      return (await doc.getPageIndex(ref as { num: number; gen: number })) + 1;
    }
  } catch {
    // A destination that names no page is an entry without a place: left out.
  }
  return null;
}
