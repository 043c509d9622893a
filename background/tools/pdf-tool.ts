import * as v from 'valibot';
import { hasNoText, noTextMessage, pdfPages, searchPdf, type PdfText } from '../../src/pdf/pdf-markdown';
import { loadPdf } from '../pdf/pdf-source';
import { READS_PAGE } from './annotations';
import { pageUrl, sendsUrl } from './targets';
import { defineTool, type RunContext, type ToolOutput } from './types';
import { untrusted } from './untrusted';

/** What one reading may cost the model's context, as read_page's. */
const READ_BUDGET = 24_000;

const PdfUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(8192),
  v.check((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL'),
  v.description('The address of a PDF a page links to; without it, the PDF open in the tab'),
);
const PageNumber = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000));

export const readPdfTool = defineTool({
  name: 'read_pdf',
  description:
    'Read a PDF as markdown, each page after a "## Page N" marker (cite it as "p. N"), the outline as headings: the PDF open in the tab, or one a page links to (url). ' +
    'A long PDF comes a range of pages at a time: read on from the page the end marker names (fromPage). ' +
    'With query, only the passages that mention it, under their pages: search a long PDF instead of reading it all.',
  level: 'read-only',
  annotations: READS_PAGE,
  params: v.object({
    url: v.optional(PdfUrl),
    fromPage: v.optional(v.pipe(PageNumber, v.description('The first page to read (default 1)'))),
    toPage: v.optional(v.pipe(PageNumber, v.description('The last page to read (default: as many as fit)'))),
    query: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500))),
  }),
  // The PDF is judged as a page of its own site: reading it is a read there, and a blocked site is never fetched.
  target: async (args, ctx) =>
    args.url ? { url: args.url, summary: `read the PDF ${args.url}` } : { url: await pageUrl(ctx) },
  // A link the model chose is fetched: its address goes to its site, as a navigation's would.
  sends: (args) => (args.url ? sendsUrl(args.url) : []),
  async run(args, ctx) {
    const url = ctx.target.url;
    const reading = await loadPdf(url);
    if (reading.kind === 'not-pdf') {
      return {
        success: false,
        text: `${url} is not a PDF (it answered ${reading.contentType || 'no type'}). Read a page with read_page.`,
      };
    }
    if (reading.kind === 'failed') return { success: false, text: reading.error };
    return pdfOutput(reading.pdf, url, args, ctx);
  },
});

/** A part of a read PDF as the model reads it: pages from `fromPage` within the budget, or the passages matching `query`. */
export function pdfOutput(
  pdf: PdfText,
  url: string,
  args: { fromPage?: number; toPage?: number; query?: string },
  ctx: Pick<RunContext, 'pages'>,
  note = '',
): ToolOutput {
  if (hasNoText(pdf)) return { success: true, text: note + noTextMessage(pdf.pages.length) };
  const head = `PDF: ${pdf.title || '(untitled)'}\nURL: ${url}\nPages: ${pdf.pages.length}\n\n`;
  const budget = READ_BUDGET - head.length - note.length;
  const body = args.query
    ? searchPdf(pdf, args.query, budget)
    : pdfPages(pdf, args.fromPage ?? 1, args.toPage ?? pdf.pages.length, budget).markdown;
  // Kept as read_page keeps a page: for follow-ups, and as a source of the research step that read it.
  void ctx.pages.add({ url, title: pdf.title || url, markdown: body, product: null });
  return { success: true, text: note + untrusted(head + body) };
}
