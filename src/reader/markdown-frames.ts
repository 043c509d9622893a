// What the one-pass writer (markdown-writer.ts) does with the content of an element whose markdown wraps or
// reworks it (heading, list item, quote, link, emphasis, code, table parts): the replacement turndown's rule
// for that element writes, with turndown's handling of blank elements and of spaces at an inline element's
// edges (moved outside its delimiters).
import { type Row, type Table, cellOf, tableMarkdown } from './markdown-table';
import { inlineCode, joinInto, trimNewlines } from './markdown-text';

export type LinkResolver = (href: string | null) => string | null;

export const FrameKind = {
  Root: 0,
  Heading: 1,
  Quote: 2,
  Item: 3,
  Link: 4,
  Emphasis: 5,
  Strong: 6,
  Strike: 7,
  Code: 8,
  Table: 9,
  Row: 10,
  Cell: 11,
  Caption: 12,
} as const;
export type FrameKind = (typeof FrameKind)[keyof typeof FrameKind];

export type Frame = {
  kind: FrameKind;
  el: Element | null;
  /** Pieces written so far; all but the last (where turndown's join looks) are merged now and then into `done`. */
  out: string[];
  done: string[];
  /** Whether the element is not blank for turndown: it holds non-space text, or a void or meaningful element. */
  content: boolean;
  /** List item marker; table being assembled; row being filled. */
  prefix?: string;
  table?: Table;
  row?: Row;
};

export function newFrame(kind: FrameKind, el: Element | null): Frame {
  return { kind, el, out: [], done: [], content: false };
}

// Merging pieces into a chunk every so often keeps a big page's markdown a few thousand strings instead of
// millions, which the garbage collector would otherwise trace over and over while the walk runs.
const MERGE_AT = 512;

/** Appends `piece` to what `frame` has written, as turndown joins a replacement to its parent's output. */
export function writeTo(frame: Frame, piece: string): void {
  joinInto(frame.out, piece);
  if (frame.out.length < MERGE_AT) return;
  const last = frame.out.pop() as string;
  frame.done.push(frame.out.join(''));
  frame.out = [last];
}

export function frameContent(frame: Frame): string {
  const recent = frame.out.join('');
  return frame.done.length > 0 ? frame.done.join('') + recent : recent;
}

const LEADING_SPACE = /^[^\S\r\n]+/;
const TRAILING_SPACE = /[^\S\r\n]+$/;

/** The markdown `frame`'s element writes into its parent. Rows and cells are handed to their table instead. */
export function frameMarkdown(frame: Frame, parent: Frame, resolve: LinkResolver): string {
  const content = frameContent(frame);
  switch (frame.kind) {
    case FrameKind.Heading:
      return frame.content ? `\n\n${'#'.repeat(Number(frame.el?.nodeName.charAt(1)))} ${content}\n\n` : '\n\n';
    case FrameKind.Quote:
      return frame.content ? `\n\n${trimNewlines(content).replace(/^/gm, '> ')}\n\n` : '\n\n';
    case FrameKind.Item:
      return frame.content ? listItem(content, frame.prefix ?? '') : '\n\n';
    case FrameKind.Table:
      return tableMarkdown(frame.table as Table);
    case FrameKind.Row:
      return '';
    case FrameKind.Cell:
      if (!parent.row) return content;
      parent.row.cells.push(cellOf(frame.el as Element, content));
      return '';
    case FrameKind.Caption:
      if (parent.table && parent.table.caption === null) parent.table.caption = content;
      return '';
    default:
      return inline(frame, content, resolve);
  }
}

function listItem(markdown: string, prefix: string): string {
  const paragraph = markdown.endsWith('\n');
  const content = trimNewlines(markdown) + (paragraph ? '\n' : '');
  return prefix + content.replace(/\n/g, `\n${' '.repeat(prefix.length)}`);
}

/** An inline element: spaces at its edges go outside the delimiters, as turndown's flanking whitespace does. */
function inline(frame: Frame, content: string, resolve: LinkResolver): string {
  if (!frame.content) return content;
  let lead = '';
  let trail = '';
  if (!content.trim()) lead = content;
  else {
    lead = LEADING_SPACE.exec(content)?.[0] ?? '';
    trail = TRAILING_SPACE.exec(content)?.[0] ?? '';
  }
  const inner = lead || trail ? content.trim() : content;
  return lead + inlineRule(frame, inner, resolve) + trail;
}

function inlineRule(frame: Frame, content: string, resolve: LinkResolver): string {
  switch (frame.kind) {
    case FrameKind.Emphasis:
      return content.trim() ? `_${content}_` : '';
    case FrameKind.Strong:
      return content.trim() ? `**${content}**` : '';
    case FrameKind.Strike:
      return `~~${content}~~`;
    case FrameKind.Code:
      return inlineCode(content);
    case FrameKind.Link: {
      // A link wrapping blocks (a product card) must stay on one line for the [text](url) syntax to hold.
      const text = content.replace(/\s*\n\s*/g, ' ').trim();
      if (!text) return '';
      const href = resolve((frame.el as Element).getAttribute('href'));
      return href ? `[${text}](${href})` : text;
    }
    default:
      return content;
  }
}
