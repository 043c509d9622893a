// What the one-pass writer does on entering an element: turndown's rule for it (turndown-service.ts: GFM,
// ATX headings, fenced code, `-` bullets, `_` emphasis, safe links, images as alt text, selects as their
// selected option, layout tables read as blocks), chosen from its name and where it stands.
import { type Frame, FrameKind, newFrame } from './markdown-frames';
import { isFirstBody, isHeadingRowPlace, isLayoutTable } from './markdown-table';
import { collapse, escapeMarkdown, fencedBlock, readableText } from './markdown-text';
import { ENDS_SPACE, ENDS_WORD, type Entry, type Walk, Wrap } from './markdown-entry';
import { isRemoved } from './dom-clean';
import { type Month, dayName, dayNumber } from './calendar-dates';
import { calendarMonth, dayOfCell, mayBeCalendar } from './calendar-grid';

// Turndown's block elements (its whitespace collapsing restarts at each) and void elements.
const BLOCKS = new Set(
  'ADDRESS ARTICLE ASIDE AUDIO BLOCKQUOTE BODY CANVAS CENTER DD DIR DIV DL DT FIELDSET FIGCAPTION FIGURE FOOTER FORM FRAMESET H1 H2 H3 H4 H5 H6 HEADER HGROUP HR HTML ISINDEX LI MAIN MENU NAV NOFRAMES NOSCRIPT OL OUTPUT P PRE SECTION TABLE TBODY TD TFOOT TH THEAD TR UL'.split(
    ' ',
  ),
);
const VOIDS = new Set('AREA BASE BR COL COMMAND EMBED HR IMG INPUT KEYGEN LINK META PARAM SOURCE TRACK WBR'.split(' '));
// Never blank for turndown, even when empty: their ancestors are not blank either.
const MEANINGFUL = new Set('A TABLE THEAD TBODY TFOOT TH TD IFRAME SCRIPT AUDIO VIDEO'.split(' '));
const INLINE_FRAMES: Record<string, FrameKind> = {
  A: FrameKind.Link,
  EM: FrameKind.Emphasis,
  I: FrameKind.Emphasis,
  STRONG: FrameKind.Strong,
  B: FrameKind.Strong,
  DEL: FrameKind.Strike,
  S: FrameKind.Strike,
  STRIKE: FrameKind.Strike,
  CODE: FrameKind.Code,
};
const HIGHLIGHT = /highlight-(?:text|source)-([a-z0-9]+)/;

export function openElement(writer: Walk, el: Element, parent: Entry): void {
  const name = el.nodeName;
  if (VOIDS.has(name) || MEANINGFUL.has(name)) writer.frame.content = true;
  if (VOIDS.has(name)) return writeVoid(writer, el, name, parent);
  const block = BLOCKS.has(name);
  if (writer.preDepth === 0) {
    if (block) writer.blockEdge();
    else writer.inlineEdge();
  }
  if (name === 'SELECT') return writeSelect(writer, el);
  if (name === 'COLGROUP') return;
  if (name === 'PRE' && writeCodeBlock(writer, el)) return;
  if (name === 'DIV' && writeHighlighted(writer, el)) return;
  const entry = writer.entry(el, Wrap.None, block, parent);
  if (name === 'CODE') {
    entry.code = true;
    writer.codeDepth += 1;
  }
  const inline = INLINE_FRAMES[name];
  if (inline !== undefined) return writer.push(entry, newFrame(inline, el));
  if (/^H[1-6]$/.test(name)) return writer.push(entry, newFrame(FrameKind.Heading, el));
  if (name === 'BLOCKQUOTE') return writer.push(entry, newFrame(FrameKind.Quote, el));
  if (name === 'LI') return writer.push(entry, listItem(el, parent));
  if (name === 'UL' || name === 'OL') return openList(writer, entry, parent);
  if (name === 'PRE') {
    writer.preDepth += 1;
    entry.wrap = Wrap.Pre;
  } else if (name === 'TABLE' || name === 'CAPTION' || TABLE_PARTS.has(name)) return openTablePart(writer, entry, name);
  else if (block) entry.wrap = Wrap.Block;
  if (entry.wrap !== Wrap.None) writer.emit('\n\n');
  writer.push(entry, null);
}

function writeVoid(writer: Walk, el: Element, name: string, parent: Entry): void {
  if (name === 'BR' || name === 'HR') {
    if (writer.preDepth === 0) writer.blockEdge();
    writer.emit(name === 'BR' ? '  \n' : '\n\n---\n\n');
    return;
  }
  if (writer.preDepth === 0) writer.voidEdge();
  if (name === 'IMG') {
    // Remote image URLs are of no use to a reader and would only cost tokens; the alt text carries the meaning.
    const alt = collapse(el.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '');
    if (alt) writer.emit(`![${alt}]`);
  } else if (name === 'INPUT' && isTaskCheckbox(el, parent)) {
    writer.emit((el as HTMLInputElement).checked ? '[x] ' : '[ ] ');
  }
}

/** The GFM plugin's task list item: a checkbox in a list item, or in a label or span in one. */
function isTaskCheckbox(el: Element, parent: Entry): boolean {
  if ((el as HTMLInputElement).type !== 'checkbox' && el.getAttribute('role') !== 'checkbox') return false;
  const parentName = parent.owner.el?.nodeName;
  if (parentName === 'LI') return true;
  return (parentName === 'LABEL' || parentName === 'SPAN') && parent.owner.parent?.owner.el?.nodeName === 'LI';
}

/** A select reads as its selected option: every option of a country list would otherwise be one long line. */
function writeSelect(writer: Walk, el: Element): void {
  // The options' text still counts for the whitespace around the select, as in turndown.
  let text = (el.textContent ?? '').replace(/[ \r\n\t]+/g, ' ');
  if (text.startsWith(' ') && writer.lastText !== ENDS_WORD && !writer.keepLeadingSpace) text = text.slice(1);
  if (!text) return;
  if (!/\S/.test(text)) return writer.emit(text);
  writer.frame.content = true;
  const selected = (el as HTMLSelectElement).selectedOptions?.[0];
  const lead = writer.pendingSpace || text.startsWith(' ') ? ' ' : '';
  writer.emit(lead + (selected ? ` ${escapeMarkdown(collapse(selected.text))} ` : ''));
  writer.pendingSpace = text.endsWith(' ');
  writer.lastText = writer.pendingSpace ? ENDS_SPACE : ENDS_WORD;
  writer.inlineEdge();
}

/** A pre whose first child is code: a fenced block of the code's text, its language from the class. */
function writeCodeBlock(writer: Walk, pre: Element): boolean {
  const code = firstReadableChild(pre);
  if (code?.nodeName !== 'CODE') return false;
  const text = readableText(code as Element);
  const language = /language-(\S+)/.exec((code as Element).getAttribute('class') ?? '')?.[1] ?? '';
  if (/\S/.test(readableText(pre))) {
    writer.frame.content = true;
    writer.emit(fencedBlock(text, language));
  } else writer.emit('\n\n');
  return true;
}

/** The GFM plugin's highlighted code: a div classed highlight-source-LANG around a pre. */
function writeHighlighted(writer: Walk, div: Element): boolean {
  const match = HIGHLIGHT.exec(div.className);
  if (!match) return false;
  const pre = firstReadableChild(div);
  if (pre?.nodeName !== 'PRE') return false;
  writer.frame.content = true;
  writer.emit(`\n\n\`\`\`${match[1]}\n${readableText(pre as Element)}\n\`\`\`\n\n`);
  return true;
}

/** The first child cleanTree and whitespace collapsing leave (a block's leading space-only text goes). */
function firstReadableChild(el: Element): Node | null {
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3 && (el.nodeName === 'PRE' ? child.nodeValue : child.nodeValue?.trim())) return child;
    if (child.nodeType === 1 && !isRemoved(child as Element)) return child;
  }
  return null;
}

function listItem(el: Element, parent: Entry): Frame {
  const frame = newFrame(FrameKind.Item, el);
  const list = parent.owner.el;
  if (list?.nodeName === 'OL') {
    const start = list.getAttribute('start');
    const index = parent.owner.count - 1;
    frame.prefix = `${start ? Number(start) + index : index + 1}.  `;
  } else frame.prefix = '-   ';
  return frame;
}

/** A list that ends a list item follows the item's text on the next line; any other stands apart. */
function openList(writer: Walk, entry: Entry, parent: Entry): void {
  const nested = parent.owner.el?.nodeName === 'LI' && !nextReadableElement(entry.el as Element);
  entry.wrap = nested ? Wrap.NestedList : Wrap.List;
  writer.emit(nested ? '\n' : '\n\n');
  writer.push(entry, null);
}

function nextReadableElement(el: Element): Element | null {
  let next = el.nextElementSibling;
  while (next && isRemoved(next)) next = next.nextElementSibling;
  return next;
}

const TABLE_PARTS = new Set(['THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD']);

function openTablePart(writer: Walk, entry: Entry, name: string): void {
  const context = writer.tables[writer.tables.length - 1];
  if (name === 'TABLE') {
    const layout = isLayoutTable(entry.el as Element);
    const frame = layout ? null : newFrame(FrameKind.Table, entry.el);
    if (frame) frame.table = { rows: [], caption: null };
    const el = entry.el as Element;
    writer.tables.push({ layout, frame, row: null, calendar: mayBeCalendar(el) ? { month: calendarMonth(el) } : null });
    entry.wrap = Wrap.Table;
    if (layout) writer.emit('\n\n');
    return writer.push(entry, frame);
  }
  if (name === 'CAPTION') {
    writer.captionDepth += 1;
    return writer.push(entry, newFrame(FrameKind.Caption, entry.el));
  }
  if (context?.layout) {
    entry.wrap = Wrap.Block;
    writer.emit('\n\n');
    return writer.push(entry, null);
  }
  if (!context) return writer.push(entry, null);
  if (name === 'TR') return writer.push(entry, openRow(context, entry));
  if (name === 'TD' || name === 'TH') {
    writer.push(entry, newFrame(FrameKind.Cell, entry.el));
    if (context.calendar) writeDay(writer, entry, context.calendar.month);
    return;
  }
  entry.section = name;
  entry.firstBody = name === 'TBODY' && isFirstBody(entry.el as Element);
  writer.push(entry, null);
}

/** A calendar's day cell reads as its date ("15 December 2026"), its content replaced by it. */
function writeDay(writer: Walk, entry: Entry, month: Month | null): void {
  const cell = entry.el as Element;
  const day = dayNumber(collapse(cell.textContent ?? ''));
  const date = day === null ? null : dayOfCell(cell, day, month);
  if (!date) return;
  entry.next = null;
  entry.list = null;
  writer.frame.content = true;
  writer.emit(dayName(date));
}

function openRow(context: { row: Frame | null }, entry: Entry): Frame {
  const parent = entry.parent!.owner;
  const section = parent.section || (parent.el?.nodeName === 'TABLE' ? 'TABLE' : '');
  const frame = newFrame(FrameKind.Row, entry.el);
  frame.row = {
    cells: [],
    heading: isHeadingRowPlace(section, parent.count === 1, parent.firstBody),
    head: section === 'THEAD',
    blank: false,
    width: 0,
  };
  context.row = frame;
  return frame;
}
