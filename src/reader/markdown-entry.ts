// The one-pass markdown writer's walk state: one entry per element being read (markdown-writer.ts).
import type { Month } from './calendar-dates';
import type { Frame } from './markdown-frames';

/** How an element's markdown goes around its children's (see markdown-open.ts). */
export const Wrap = { None: 0, Block: 1, List: 2, NestedList: 3, Pre: 4, Table: 5 } as const;
export type Wrap = (typeof Wrap)[keyof typeof Wrap];

export type Entry = {
  el: Element | null;
  /** The element whose children these are (for a slot's nodes, the element the slot is in). */
  owner: Entry;
  parent: Entry | null;
  wrap: Wrap;
  block: boolean;
  frame: Frame | null;
  next: Node | null;
  list: Node[] | null;
  index: number;
  /** Element children met so far: an ordered list item's number, a table row's width. */
  count: number;
  /** A list item just closed: the newline turndown puts after an item that has a next sibling. */
  itemBreak: boolean;
  code: boolean;
  /** A table section's name (thead, tbody, tfoot), and whether a tbody is the table's first. */
  section: string;
  firstBody: boolean;
};

/**
 * The innermost table: a layout table reads as blocks, a data table collects its rows in its frame. A table
 * that may be a calendar (calendar-grid.ts) knows the month it shows, if it says, so its days read as dates.
 */
export type TableContext = {
  layout: boolean;
  frame: Frame | null;
  row: Frame | null;
  calendar: { month: Month | null } | null;
};

// What the last text kept by whitespace collapsing ends with (none since the last block edge or void element).
export const NO_TEXT = 0;
export const ENDS_WORD = 1;
export const ENDS_SPACE = 2;

/** What opening an element (markdown-open.ts) uses of the writer: its output and its collapsing state. */
export interface Walk {
  readonly frame: Frame;
  readonly tables: TableContext[];
  lastText: number;
  keepLeadingSpace: boolean;
  pendingSpace: boolean;
  codeDepth: number;
  preDepth: number;
  captionDepth: number;
  emit(piece: string): void;
  entry(el: Element | null, wrap: Wrap, block: boolean, parent: Entry | null): Entry;
  push(entry: Entry, frame: Frame | null): void;
  blockEdge(): void;
  voidEdge(): void;
  inlineEdge(): void;
}
