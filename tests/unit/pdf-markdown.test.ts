import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pageText, textRuns, type TextRun } from '../../src/pdf/page-text';
import { hasNoText, noTextMessage, pageMarkdown, pdfPages, searchPdf, type PdfText } from '../../src/pdf/pdf-markdown';

/** The runs pdf.js gives for one page of a test-site PDF (the legacy build runs in Node 20). */
async function runsOf(file: string, page: number): Promise<TextRun[]> {
  const data = new Uint8Array(readFileSync(new URL(`../fixtures/site/pdf/${file}`, import.meta.url)));
  const doc = await getDocument({ data, verbosity: 0 }).promise;
  const runs = textRuns((await (await doc.getPage(page)).getTextContent()).items);
  await doc.destroy();
  return runs;
}

const report: PdfText = {
  title: 'Harbour Survey 2026',
  pages: [
    'Harbour Survey 2026\n\nIntroduction\nThis survey of the old harbour.',
    'Findings\nThe north pier needs new fenders.\n\nThe ferry terminal is in good repair.',
    'Water quality\nThe dissolved oxygen level was 7.2 mg/L.',
    '',
  ],
  outline: [
    { title: 'Introduction', page: 1, depth: 0 },
    { title: 'Findings', page: 2, depth: 0 },
    { title: 'Water quality', page: 3, depth: 1 },
    { title: 'Appendix', page: 4, depth: 0 },
  ],
};

describe('a PDF page’s text', () => {
  it('is read in lines top down, with a blank line where the gap is a paragraph’s', async () => {
    expect(pageText(await runsOf('report.pdf', 2))).toBe(
      'Findings\nThe north pier needs new fenders before the winter storms.\n\nThe fishing basin silts up by about 30 cm a year.\nThe ferry terminal is in good repair.',
    );
  });

  it('joins runs on one line with a space where the page leaves a gap, and none where it does not', () => {
    const run = (str: string, x: number, width: number): TextRun => ({ str, x, y: 700, width, height: 10, eol: false });
    expect(pageText([run('Total', 72, 25), run('cost', 120, 20), run('s', 140, 5)])).toBe('Total costs');
  });

  it('recovers a table whose cells the PDF places in columns as a markdown table, its first row the header', async () => {
    expect(pageText(await runsOf('report.pdf', 4))).toBe(
      [
        'Costs',
        'The works the survey calls for, and what each costs:',
        '',
        '| Item | Cost (EUR) | When |',
        '| --- | --- | --- |',
        '| New fenders | 84,000 | Before winter |',
        '| Dredging | 120,000 | Every year |',
        '| Total | 204,000 | |',
        '',
        'Prices include VAT.',
      ].join('\n'),
    );
  });

  it('leaves a lone line with a wide gap as text, and a cell’s pipe escaped', () => {
    const run = (str: string, x: number, y: number): TextRun => ({
      str,
      x,
      y,
      width: str.length * 5,
      height: 10,
      eol: false,
    });
    expect(pageText([run('Chapter 1', 72, 700), run('page 3', 400, 700), run('Body text.', 72, 686)])).toBe(
      'Chapter 1 page 3\nBody text.',
    );
    expect(pageText([run('a|b', 72, 700), run('c', 200, 700), run('d', 72, 686), run('e', 200, 686)])).toBe(
      '| a\\|b | c |\n| --- | --- |\n| d | e |',
    );
  });

  it('is empty for a page of images', async () => {
    expect(pageText(await runsOf('scan.pdf', 1))).toBe('');
  });
});

describe('a PDF as markdown', () => {
  it('puts a page marker before each page and the outline entries as headings on their lines', () => {
    expect(pageMarkdown(report, 1)).toBe(
      '## Page 1\n\nHarbour Survey 2026\n\n### Introduction\nThis survey of the old harbour.',
    );
    expect(pageMarkdown(report, 3)).toBe('## Page 3\n\n#### Water quality\nThe dissolved oxygen level was 7.2 mg/L.');
  });

  it('puts an entry whose title no line carries at the top of its page, and says a page has no text', () => {
    expect(pageMarkdown(report, 4)).toBe('## Page 4\n\n### Appendix\n\n(no text on this page: an image, or blank)');
  });

  it('reads a range within the budget in whole pages and names the page to read on from', () => {
    const pages = Array.from({ length: 300 }, (_, i) => `Line of page ${i + 1}. `.repeat(40).trim());
    const long: PdfText = { title: 'Log', pages, outline: [] };
    const first = pdfPages(long, 1, 300, 24_000);
    expect(first.markdown.length).toBeLessThanOrEqual(24_000 + 120);
    expect(first.from).toBe(1);
    expect(first.markdown).toContain('## Page 1\n');
    expect(first.markdown).not.toContain(`## Page ${first.to + 1}\n`);
    expect(first.next).toBe(first.to + 1);
    expect(first.markdown).toMatch(new RegExp(`Read on with fromPage ${first.to + 1}`));
    const next = pdfPages(long, first.next ?? 0, 300, 24_000);
    expect(next.markdown.startsWith(`## Page ${first.to + 1}\n`)).toBe(true);
    const end = pdfPages(long, 299, 300, 24_000);
    expect(end).toMatchObject({ from: 299, to: 300 });
    expect(end.next).toBeUndefined();
    expect(end.markdown).not.toContain('Read on');
  });

  it('cuts a single page longer than the budget at a line end, with a marker', () => {
    const big: PdfText = {
      title: '',
      pages: [Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n'), 'two'],
      outline: [],
    };
    const part = pdfPages(big, 1, 2, 5_000);
    expect(part.markdown.length).toBeLessThan(5_200);
    expect(part.markdown).toMatch(/\nline \d+\n\n\[… page 1 goes on/);
    expect(part).toMatchObject({ to: 1, next: 2 });
  });

  it('tells a PDF without any text (a scan) apart and says so plainly', () => {
    expect(hasNoText({ title: '', pages: ['', ' \n'], outline: [] })).toBe(true);
    expect(hasNoText(report)).toBe(false);
    expect(noTextMessage(2)).toMatch(/2 pages but no text: it is made of images \(a scan/);
  });
});

describe('searching a PDF', () => {
  const pages = Array.from({ length: 300 }, (_, i) => `Routine entry ${i + 1}.\n\nTides and weather.`);
  pages[149] = 'Routine entry 150.\n\nThe lighthouse keeper’s spare key is kept under the blue stone.';
  pages[201] = 'Routine entry 202.\n\nThe blue boat left early.';
  const log: PdfText = { title: 'Log', pages, outline: [] };

  it('returns the passages holding every word of the query, under their page markers', () => {
    const found = searchPdf(log, 'spare key', 24_000);
    expect(found).toMatch(/^"spare key" matches 1 passage on page 150 of 300\./);
    expect(found).toContain('## Page 150\n\nThe lighthouse keeper’s spare key is kept under the blue stone.');
    expect(found).not.toContain('Page 202');
  });

  it('falls back to the passages with the most of its words, and says none when nothing matches', () => {
    expect(searchPdf(log, 'blue submarine', 24_000)).toMatch(/on pages 150, 202 of 300 \(each with 1 of the 2 words\)/);
    expect(searchPdf(log, 'zeppelin', 24_000)).toBe('No page of the PDF’s 300 mentions "zeppelin".'.replace('’', "'"));
  });

  it('keeps within the budget and says how many passages were left out', () => {
    const found = searchPdf(log, 'tides', 2_000);
    expect(found.length).toBeLessThanOrEqual(2_000);
    expect(found).toMatch(/\[\d+ more passages not shown/);
  });
});
