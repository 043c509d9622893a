/**
 * A PDF page's text in reading order, from the positioned runs pdf.js gives (`getTextContent`).
 * Pure, so the rules are unit-tested without a PDF engine; the PDF reader chunk calls it per page.
 */

/** One run of text as pdf.js places it: its baseline origin (PDF units, y up), width and font height. */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** pdf.js saw the end of a line after this run. */
  eol: boolean;
}

/** What pdf.js's `getTextContent` gives per item: text with its transform, or a marked-content tag (no `str`). */
type TextItem = { str: string; transform: number[]; width: number; height: number; hasEOL: boolean } | object;

/** The runs of a page's text items: the one mapping from pdf.js's items, for the reader, the bench and the tests. */
export const textRuns = (items: readonly TextItem[]): TextRun[] =>
  items.flatMap((item) =>
    'str' in item
      ? [
          {
            str: item.str,
            x: item.transform[4] ?? 0,
            y: item.transform[5] ?? 0,
            width: item.width,
            height: item.height,
            eol: item.hasEOL,
          },
        ]
      : [],
  );

/** A vertical move larger than this share of the line height starts a new line. */
const NEW_LINE = 0.5;
/** A gap between lines larger than this many line heights is a paragraph break (a blank line). */
const NEW_PARAGRAPH = 1.8;
/** A horizontal gap wider than this share of the font height between runs on one line is a space. */
const WORD_GAP = 0.15;
/** A gap wider than this many font heights parts two cells of a table row (a word space is a quarter). */
const CELL_GAP = 1.5;
/** Slack, in PDF units, when a cell is matched to the column of the row above it. */
const COLUMN_SLACK = 4;

/** A stretch of a line's text with where it starts and ends across the page. */
interface Cell {
  text: string;
  x: number;
  end: number;
}
/** A line of the page: its cells (one unless the line has wide gaps), and a blank line before it for a new paragraph. */
interface Line {
  cells: Cell[];
  paragraph: boolean;
}

/**
 * Lines top to bottom as the content stream writes them (generated PDFs write in reading order;
 * columns stay whole because the stream finishes one before the next), runs on a line joined with
 * a space where the page leaves a gap, and a blank line where the gap between lines is a paragraph's.
 * Rows of a table (lines parted by wide gaps into the same columns, two or more in a row) become a
 * markdown table, its first row the header.
 */
export function pageText(runs: readonly TextRun[]): string {
  const lines = pageLines(runs);
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const rows = tableAt(lines, i);
    const line = lines[i] as Line;
    if (line.paragraph || rows > 1) out.push('');
    if (rows > 1) {
      out.push(...markdownTable(lines.slice(i, i + rows)), '');
      i += rows;
    } else {
      out.push(line.cells.map((c) => c.text).join(' '));
      i += 1;
    }
  }
  return out
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function pageLines(runs: readonly TextRun[]): Line[] {
  const lines: Line[] = [];
  let cells: Cell[] = [];
  let paragraph = false;
  let last: TextRun | null = null;
  let lineHeight = 0;
  const endLine = () => {
    const kept = cells.map((c) => ({ ...c, text: c.text.replace(/[ \t]+/g, ' ').trim() })).filter((c) => c.text);
    if (kept.length > 0) lines.push({ cells: kept, paragraph });
    cells = [];
    paragraph = false;
  };
  for (const run of runs) {
    // pdf.js marks a line's end with an empty item, and fills a gap with a space item as wide as
    // the gap: neither places text, so the gap is measured between the runs that do.
    if (run.str.trim() === '') {
      const cell = cells.at(-1);
      if (cell && run.str !== '' && !/\s$/.test(cell.text)) cell.text += ' ';
      if (run.eol) endLine();
      continue;
    }
    const height = run.height > 0 ? run.height : lineHeight || 10;
    const cell = cells.at(-1);
    if (last && cell) {
      const drop = last.y - run.y;
      const gap = run.x - (last.x + last.width);
      if (Math.abs(drop) > NEW_LINE * height) {
        endLine();
        paragraph = drop > NEW_PARAGRAPH * Math.max(height, lineHeight);
      } else if (gap > CELL_GAP * height) {
        cells.push({ text: '', x: run.x, end: run.x });
      } else if (gap > WORD_GAP * height && !/\s$/.test(cell.text) && !/^\s/.test(run.str)) {
        cell.text += ' ';
      }
    } else if (last && lines.length > 0 && last.y - run.y > NEW_PARAGRAPH * Math.max(height, lineHeight)) {
      // The line before ended with an end-of-line mark: the gap to this one still tells a new paragraph.
      paragraph = true;
    }
    const current = cells.at(-1) ?? (cells[0] = { text: '', x: run.x, end: run.x });
    current.text += run.str;
    current.end = Math.max(current.end, run.x + run.width);
    last = run;
    lineHeight = height;
    if (run.eol) endLine();
  }
  endLine();
  return lines;
}

/**
 * The column of the header each cell is under, in order, or null when a cell is under none or
 * shares one: a row may leave cells empty (a total without a note), never add one.
 */
function columnsOf(cells: readonly Cell[], head: readonly Cell[]): number[] | null {
  const columns: number[] = [];
  for (const cell of cells) {
    const column = head.findIndex((h) => cell.x < h.end + COLUMN_SLACK && cell.end > h.x - COLUMN_SLACK);
    if (column < 0 || column <= (columns.at(-1) ?? -1)) return null;
    columns.push(column);
  }
  return columns;
}

/** How many lines from `start` are rows of one table: two cells or more each, every cell under a column of the first. */
function tableAt(lines: readonly Line[], start: number): number {
  const head = lines[start]?.cells;
  if (!head || head.length < 2) return 0;
  let rows = 1;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.paragraph || line.cells.length < 2 || !columnsOf(line.cells, head)) break;
    rows++;
  }
  return rows;
}

function markdownTable(rows: readonly Line[]): string[] {
  const [head, ...body] = rows as [Line, ...Line[]];
  const row = (line: Line) => {
    const texts: string[] = head.cells.map(() => '');
    const columns = columnsOf(line.cells, head.cells) ?? [];
    line.cells.forEach((c, i) => (texts[columns[i] ?? i] = c.text.replace(/\|/g, '\\|')));
    return `| ${texts.join(' | ')} |`;
  };
  return [row(head), `|${' --- |'.repeat(head.cells.length)}`, ...body.map(row)];
}
