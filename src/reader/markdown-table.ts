// GFM tables for the one-pass writer, assembled as the GFM turndown plugin assembles them (cell padding,
// pipes escaped, colspans, the divider row voted from the cells' alignment, an empty header when the table
// has no heading row). The writer collects rows as it walks; the column alignment needs every row, so the
// table is put together when it closes.
import { isRemoved } from './dom-clean';
import { joinInto } from './markdown-text';

// Tables holding any of these are page layout (see turndown-service.ts): their cells are read as blocks.
const LAYOUT_CONTENT = 'ul,ol,h1,h2,h3,h4,h5,h6,hr,blockquote,pre,table';
const BORDERS: Record<string, string> = { '': '---', left: ':---', right: '---:', center: ':---:' };

export type Cell = { content: string; colspan: string | null; align: string; th: boolean };
/** `heading`: in the place of a heading row; `head`: in a thead (a heading row whatever its cells). */
export type Row = { cells: Cell[]; heading: boolean; head: boolean; blank: boolean; width: number };
export type Table = { rows: Row[]; caption: string | null };

/** Whether `table` holds layout content that cleanTree would keep. */
export function isLayoutTable(table: Element): boolean {
  for (const found of table.querySelectorAll(LAYOUT_CONTENT)) {
    let kept = true;
    for (let el: Element | null = found; el && el !== table; el = el.parentElement) {
      if (isRemoved(el)) {
        kept = false;
        break;
      }
    }
    if (kept) return true;
  }
  return false;
}

export function cellOf(el: Element, content: string): Cell {
  const style = (el as HTMLElement).style;
  const align = (el.getAttribute('align') || style?.textAlign || '').toLowerCase();
  return {
    content,
    colspan: el.getAttribute('colspan'),
    align: align in BORDERS ? align : 'other',
    th: el.nodeName === 'TH',
  };
}

/** The plugin's heading row: in a thead, or first in the table (or its first tbody) with only th cells. */
export function isHeadingRowPlace(section: string, first: boolean, firstBody: boolean): boolean {
  return section === 'THEAD' || (first && (section === 'TABLE' || (section === 'TBODY' && firstBody)));
}

/** Whether a tbody is the table's first (nothing before it, or only a blank thead): its first row may be a heading. */
export function isFirstBody(tbody: Element): boolean {
  let before = tbody.previousElementSibling;
  while (before && isRemoved(before)) before = before.previousElementSibling;
  return !before || (before.nodeName === 'THEAD' && /^\s*$/.test(before.textContent ?? ''));
}

function formatCell(content: string, index: number, colspan: string | null): string {
  let text = content.trim().replace(/\n\r/g, '<br>').replace(/\n/g, '<br>').replace(/\|+/g, '\\|');
  while (text.length < 3) text += ' ';
  const span = Number(colspan || 1);
  for (let i = 1; i < span; i++) text += ' |    ';
  return `${index === 0 ? '| ' : ' '}${text} |`;
}

function columnAlignment(rows: Row[], column: number): string {
  const votes: Record<string, number> = { '': 0, left: 0, right: 0, center: 0 };
  let align = '';
  for (const row of rows) {
    const cell = row.cells[column];
    if (!cell || !(cell.align in votes)) continue;
    votes[cell.align] = (votes[cell.align] as number) + 1;
    if ((votes[cell.align] as number) > (votes[align] as number)) align = cell.align;
  }
  return align;
}

function rowMarkdown(row: Row, rows: Row[], columns: number): string {
  if (row.blank) return '\n\n';
  const cells = row.cells.map((cell, i) => formatCell(cell.content, i, cell.colspan)).join('');
  if (!row.heading) return `\n${cells}`;
  let border = '';
  for (let i = 0; i < columns; i++) {
    border += formatCell(BORDERS[columnAlignment(rows, i)] as string, i, row.cells[i]?.colspan ?? null);
  }
  return `\n${cells}${border ? `\n${border}` : ''}`;
}

/** The table's markdown, or its cells' content one after another when it is a single cell (the plugin's skip). */
export function tableMarkdown(table: Table): string {
  const { rows } = table;
  if (rows.length === 1 && (rows[0] as Row).width <= 1) {
    const out: string[] = [];
    for (const row of rows) for (const cell of row.cells) joinInto(out, cell.content);
    return out.join('');
  }
  const columns = rows.reduce((widest, row) => Math.max(widest, row.width), 0);
  const content = rows
    .map((row) => rowMarkdown(row, rows, columns))
    .join('')
    .replace(/\n+/g, '\n');
  const lines = content.trim().split('\n');
  const second = lines.length >= 2 ? (lines[1] as string) : lines.join(',');
  let emptyHeader = '';
  if (columns && !/\| :?---/.test(second)) {
    emptyHeader = `|${'     |'.repeat(columns)}\n|`;
    for (let i = 0; i < columns; i++) emptyHeader += ` ${BORDERS[columnAlignment(rows, i)]} |`;
  }
  const caption = table.caption ? `${table.caption}\n\n` : '';
  return `\n\n${caption}${`${emptyHeader}${content}`.trimStart()}\n\n`;
}
