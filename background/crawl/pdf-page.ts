import type { ExtractPageResult } from '../../src/protocol/background-to-content';
import { hasNoText, noTextMessage, PDF_CONTENT_TYPE, pdfMarkdown } from '../../src/pdf/pdf-markdown';
import { loadPdf } from '../pdf/pdf-source';

/** A file name for a PDF without a title: the last part of its address. */
const fileName = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() || url);

/**
 * A PDF a crawl met, as the Library stores a page: its whole text as markdown with a marker before
 * each page (text and markdown alike, so a search can say which page matched), no links to follow.
 */
export async function pdfPage(url: string, signal: AbortSignal): Promise<ExtractPageResult> {
  const reading = await loadPdf(url);
  signal.throwIfAborted();
  if (reading.kind === 'failed') throw new Error(reading.error);
  if (reading.kind === 'not-pdf') throw new Error(`${url} said it was a PDF but is not one.`);
  const { pdf } = reading;
  const markdown = hasNoText(pdf) ? noTextMessage(pdf.pages.length) : pdfMarkdown(pdf);
  return {
    success: true,
    url,
    title: pdf.title.trim() || fileName(url),
    text: markdown,
    html: '',
    markdown,
    canonical: null,
    metadata: { contentType: PDF_CONTENT_TYPE, pages: String(pdf.pages.length) },
    links: [],
  };
}
