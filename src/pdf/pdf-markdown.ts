/**
 * A PDF's text as the model reads it: markdown with a "## Page N" marker before each page (so it
 * can cite "p. N"), the document's outline as headings where its entries point, a page range at a
 * time within the reading budget, and search that returns only the matching passages. Pure: the
 * PDF reader chunk extracts the text, this decides what the model sees.
 */

/** One entry of the document's outline (bookmarks): its title, the page it points to, its nesting. */
export interface OutlineEntry {
  title: string;
  /** 1-based page number. */
  page: number;
  /** 0 for a top-level entry. */
  depth: number;
}

/** What the PDF reader extracted from one document. */
export interface PdfText {
  title: string;
  /** Each page's text in reading order, page 1 first; '' for a page without text (an image). */
  pages: string[];
  outline: OutlineEntry[];
}

/** What a reading shows and how to go on. */
export interface PdfPart {
  markdown: string;
  /** The first and last page shown; `to` < `from` when none was. */
  from: number;
  to: number;
  /** The page to read on from, when pages after `to` were left for later. */
  next?: number;
}

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** True when no page has any text: a scanned document, images of pages without a text layer. */
export const hasNoText = (pdf: PdfText): boolean => pdf.pages.every((page) => page.trim() === '');

/** What the model is told about a PDF without text, instead of empty pages. */
export const noTextMessage = (pageCount: number): string =>
  `This PDF has ${pageCount} page${pageCount === 1 ? '' : 's'} but no text: it is made of images (a scan, most likely). ` +
  'Bosun reads the text a PDF contains and does not recognise text in images, so its content cannot be read here.';

/**
 * One page as markdown: its marker, then its text with the outline entries that point to it as
 * headings (### for top-level entries, deeper entries one level lower each): on the line that
 * carries the entry's title, or at the top of the page when no line does.
 */
export function pageMarkdown(pdf: PdfText, page: number): string {
  const lines = (pdf.pages[page - 1] ?? '').split('\n');
  const atTop: string[] = [];
  for (const entry of pdf.outline.filter((e) => e.page === page)) {
    const heading = `${'#'.repeat(Math.min(6, 3 + entry.depth))} ${entry.title.replace(/\s+/g, ' ').trim()}`;
    const title = normal(entry.title);
    const at = lines.findIndex((line) => !line.startsWith('#') && title !== '' && normal(line) === title);
    if (at >= 0) lines[at] = heading;
    else atTop.push(heading);
  }
  const text = lines.join('\n').trim();
  const body = text === '' ? '(no text on this page: an image, or blank)' : text;
  return [`## Page ${page}`, ...atTop, body].join('\n\n');
}

/** How the Library marks a stored PDF: its text carries the page markers its search results cite. */
export const PDF_CONTENT_TYPE = 'application/pdf';

/** The whole document as markdown, every page after its marker: what the Library stores of a PDF. */
export const pdfMarkdown = (pdf: PdfText): string => pdf.pages.map((_text, i) => pageMarkdown(pdf, i + 1)).join('\n\n');

/** The page that the character at `index` of a PDF's markdown is on: the last page marker before it; null before any. */
export function pageAt(markdown: string, index: number): number | null {
  let page: number | null = null;
  for (const marker of markdown.slice(0, index).matchAll(/^## Page (\d+)$/gm)) page = Number(marker[1]);
  return page;
}

/**
 * Pages `from`…`to` (clamped to the document) as markdown, whole pages while they fit `maxChars`;
 * a first page longer than the budget is cut at a line end with a marker. The part ends with where
 * to read on when pages were left out.
 */
export function pdfPages(pdf: PdfText, from: number, to: number, maxChars: number): PdfPart {
  const count = pdf.pages.length;
  const first = Math.max(1, Math.min(from, count));
  const last = Math.max(first, Math.min(to, count));
  const parts: string[] = [];
  let used = 0;
  let shown = first - 1;
  for (let page = first; page <= last; page++) {
    let markdown = pageMarkdown(pdf, page);
    if (used + markdown.length + 2 > maxChars) {
      if (parts.length > 0) break;
      markdown = cutAtLine(markdown, maxChars, page);
    }
    parts.push(markdown);
    used += markdown.length + 2;
    shown = page;
  }
  const next = shown < count ? shown + 1 : undefined;
  const tail =
    next === undefined
      ? ''
      : `\n\n[Pages ${first}–${shown} of ${count} shown. Read on with fromPage ${next}, or search the PDF with query.]`;
  return { markdown: parts.join('\n\n') + tail, from: first, to: shown, ...(next ? { next } : {}) };
}

function cutAtLine(markdown: string, maxChars: number, page: number): string {
  const marker = `[… page ${page} goes on: ${markdown.length} characters in all, more than one reading holds; search it with query]`;
  const room = Math.max(0, maxChars - marker.length - 2);
  const cut = markdown.lastIndexOf('\n', room);
  return `${markdown.slice(0, cut > 0 ? cut : room).trimEnd()}\n\n${marker}`;
}

/** The words of a query worth matching: two letters or more, lower-cased, each once. */
const queryTerms = (query: string): string[] => [
  ...new Set(
    normal(query)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 2),
  ),
];

/** Characters of a long paragraph kept around its first match. */
const PASSAGE = 600;
/** Pages named in a search's first line; room kept for its last. */
const LISTED_PAGES = 30;
const TAIL_ROOM = 100;

/**
 * The passages (paragraphs) of the PDF that match `query`, under their page markers, page order,
 * within `maxChars`: paragraphs holding every word of the query; when none does, those holding the
 * most of its words. A long paragraph is cut to the part around its first match.
 */
export function searchPdf(pdf: PdfText, query: string, maxChars: number): string {
  const terms = queryTerms(query);
  if (terms.length === 0) return 'The query has no word to search for.';
  const found: Array<{ page: number; passage: string; score: number }> = [];
  pdf.pages.forEach((text, i) => {
    for (const paragraph of text.split(/\n\s*\n/)) {
      const lower = normal(paragraph);
      const score = terms.filter((t) => lower.includes(t)).length;
      if (score > 0) found.push({ page: i + 1, passage: passageAround(paragraph, terms), score });
    }
  });
  const best = Math.max(0, ...found.map((f) => f.score));
  const kept = found.filter((f) => f.score === best);
  if (kept.length === 0) return `No page of the PDF's ${pdf.pages.length} mentions "${query}".`;
  const pages = [...new Set(kept.map((f) => f.page))];
  const named =
    pages.length > LISTED_PAGES
      ? `${pages.slice(0, LISTED_PAGES).join(', ')} and ${pages.length - LISTED_PAGES} more`
      : pages.join(', ');
  const head = `"${query}" matches ${kept.length} passage${kept.length === 1 ? '' : 's'} on page${pages.length === 1 ? '' : 's'} ${named} of ${pdf.pages.length}${best < terms.length ? ` (each with ${best} of the ${terms.length} words)` : ''}.`;
  const out = [head];
  let used = head.length;
  let page = 0;
  let shown = 0;
  for (const f of kept) {
    const piece = f.page === page ? f.passage : `## Page ${f.page}\n\n${f.passage}`;
    if (used + piece.length + 2 > maxChars - TAIL_ROOM) break;
    out.push(piece);
    used += piece.length + 2;
    page = f.page;
    shown++;
  }
  if (shown < kept.length) {
    out.push(
      `[${kept.length - shown} more passages not shown: read their pages with fromPage, or search more narrowly.]`,
    );
  }
  return out.join('\n\n');
}

function passageAround(paragraph: string, terms: string[]): string {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  if (text.length <= PASSAGE) return text;
  const lower = text.toLowerCase();
  const hit = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0));
  const start = Math.max(0, hit - PASSAGE / 3);
  const end = Math.min(text.length, start + PASSAGE);
  return `${start > 0 ? '… ' : ''}${text.slice(start, end)}${end < text.length ? ' …' : ''}`;
}
