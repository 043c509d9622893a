// The PDF benchmark: what read_pdf costs, next to a page read of the same text. pdf.js's legacy build runs
// the same parser in Node that the extension runs in its worker; the page read is the reader's budgeted
// markdown (what read_page asks for) of an HTML page holding the same text, in jsdom. Figures only.
// `node bench/run.mjs pdf [--runs=N]`
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pageText, textRuns } from '../../src/pdf/page-text';
import { pdfPages, searchPdf, type PdfText } from '../../src/pdf/pdf-markdown';
import { readMarkdown } from '../../src/reader/markdown';

/** read_page's and read_pdf's budget (background/tools/page-tools.ts, pdf-tool.ts). */
const BUDGET = 24_000;

async function extract(file: string): Promise<PdfText> {
  const data = new Uint8Array(readFileSync(`tests/fixtures/site/pdf/${file}`));
  const doc = await getDocument({ data, verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    pages.push(pageText(textRuns((await page.getTextContent()).items)));
    page.cleanup();
  }
  await doc.destroy();
  return { title: file, pages, outline: [] };
}

const ms = async <T>(work: () => T | Promise<T>): Promise<[number, T]> => {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function main(args: readonly string[]): Promise<void> {
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
  const rows: string[][] = [];
  for (const [file, pagesForPageRead] of [
    ['report.pdf', 4],
    ['long.pdf', 16],
    ['long.pdf', 300],
  ] as const) {
    const whole: number[] = [];
    const budgeted: number[] = [];
    const search: number[] = [];
    const pageRead: number[] = [];
    let pdf: PdfText = { title: '', pages: [], outline: [] };
    for (let round = 0; round <= runs; round++) {
      const [extractMs, read] = await ms(() => extract(file));
      pdf = read;
      const [formatMs] = await ms(() => pdfPages(pdf, 1, pdf.pages.length, BUDGET));
      const [searchMs] = await ms(() => searchPdf(pdf, 'spare key', BUDGET));
      // The same text as an HTML page of `pagesForPageRead` pages, read as read_page reads one.
      const html = `<html><body><main>${pdf.pages
        .slice(0, pagesForPageRead)
        .map(
          (p, i) =>
            `<h2>Page ${i + 1}</h2>${p
              .split('\n\n')
              .map((para) => `<p>${para}</p>`)
              .join('')}`,
        )
        .join('')}</main></body></html>`;
      const dom = new JSDOM(html);
      const [pageMs] = await ms(() => readMarkdown(dom.window.document, { maxChars: BUDGET }));
      dom.window.close();
      if (round === 0) continue;
      whole.push(extractMs);
      budgeted.push(extractMs + formatMs);
      search.push(extractMs + searchMs);
      pageRead.push(pageMs);
    }
    const chars = pdf.pages.slice(0, pagesForPageRead).join('\n').length;
    rows.push([
      `${file} (${pdf.pages.length} pp.)`,
      `${chars.toLocaleString('en')} chars in ${pagesForPageRead} pp.`,
      median(whole).toFixed(0),
      median(budgeted).toFixed(0),
      median(search).toFixed(0),
      median(pageRead).toFixed(0),
    ]);
  }
  const head = [
    'PDF',
    'page read of the same text',
    'extract all (ms)',
    'read_pdf budgeted (ms)',
    'read_pdf query (ms)',
    'read_page budgeted (ms)',
  ];
  console.log([head, ...rows].map((r) => r.join(' | ')).join('\n'));
  console.log(
    `median of ${runs} runs after one warm-up; read_pdf extracts every page, then keeps the document 5 minutes for the next range or query.`,
  );
}
