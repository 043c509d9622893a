import type { ActionResult } from '../../src/protocol/background-to-content';
import { bySelector, notFound } from '../find-element';

const MAX_ROWS = 500;
const cell = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);

/** EXTRACT_TABLE: a table's header and rows as text, the nth table on the page or the one a selector names. */
export function extractTable(p: { selector?: string; nth?: number }): ActionResult {
  let table: Element | undefined;
  if (p.selector) {
    const found = bySelector(p.selector);
    if ('error' in found) return notFound(found);
    table = found.el;
  } else {
    table = document.querySelectorAll('table')[(p.nth ?? 1) - 1];
    if (!table) return { success: false, error: `The page has no table number ${p.nth ?? 1}.` };
  }
  if (table.localName !== 'table') table = table.querySelector('table') ?? table;
  if (table.localName !== 'table') return { success: false, error: `${p.selector} is not a table.` };
  const rows = [...(table as HTMLTableElement).rows].map((row) => [...row.cells].map(cell));
  const headRow = (table as HTMLTableElement).tHead?.rows[0];
  const headers = headRow ? [...headRow.cells].map(cell) : [];
  const body = headRow ? rows.slice(1) : rows;
  return {
    success: true,
    caption: cell((table as HTMLTableElement).caption ?? document.createElement('i')),
    headers,
    rows: body.slice(0, MAX_ROWS),
  };
}
