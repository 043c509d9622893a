// Reads a big page as markdown piece by piece, so a budgeted read costs what it returns: the live tree is
// walked in document order, each block (or run of inline content between blocks) is copied, cleaned and
// converted on its own, and the walk stops as soon as the markdown passes the budget. Turndown still writes
// every piece; only what it is given changes. Whole-tree turndown costs grow faster than the page (each
// element re-reads its subtree's text, an ordered list looks up every item's index), pieces keep that small.
import type TurndownService from 'turndown';
import { cleanTree, isRemoved } from './dom-clean';
import { tidyMarkdown } from './markdown-budget';
import { flattenShadowRootsWithin } from './shadow-flatten';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
// Turndown's block elements: its whitespace handling restarts at each one, so a piece boundary before or after
// one changes nothing in the output.
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'AUDIO',
  'BLOCKQUOTE',
  'BODY',
  'CANVAS',
  'CENTER',
  'DD',
  'DIR',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'FRAMESET',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HGROUP',
  'HR',
  'HTML',
  'ISINDEX',
  'LI',
  'MAIN',
  'MENU',
  'NAV',
  'NOFRAMES',
  'NOSCRIPT',
  'OL',
  'OUTPUT',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);
// Blocks whose markdown is only their children's, blank-line separated (no prefix, no indent, no table):
// reading their children one by one writes the same text.
const PLAIN_CONTAINERS = new Set([
  'BODY',
  'MAIN',
  'ARTICLE',
  'SECTION',
  'DIV',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'NAV',
  'FORM',
  'CENTER',
  'HGROUP',
]);
// A list with more items than this is read in runs of this many items.
const LIST_PIECE = 100;

type ListRun = { list: Element; offset: number };
type Piece = { nodes: Node[]; run?: ListRun };

export type StreamResult = { markdown: string; complete: boolean };

/**
 * Markdown of `root` (a live element; it is never modified), stopped once it is longer than `maxChars` when a
 * budget is given (`complete` is then false). What was left unread is not measured: that would cost a walk
 * over the rest of the page, which is what stopping saves.
 */
export function streamMarkdown(root: Element, service: TurndownService, maxChars?: number): StreamResult {
  const inert = root.ownerDocument.implementation.createHTMLDocument('');
  const parts: string[] = [];
  let length = 0;
  const whole: Piece[] = [{ nodes: [root] }];
  for (const piece of root.shadowRoot ? whole : pieces(root)) {
    const markdown = convertPiece(piece, service, inert);
    if (!markdown) continue;
    // Items of one list read in runs stay one list: a single line break between runs, as between items.
    const joiner = parts.length === 0 ? '' : piece.run && piece.run.offset > 0 ? '\n' : '\n\n';
    parts.push(joiner, markdown);
    length += joiner.length + markdown.length;
    if (maxChars !== undefined && length > maxChars) return { markdown: parts.join(''), complete: false };
  }
  return { markdown: parts.join(''), complete: true };
}

/** Turndown's markdown of `root`, or its plain text when the tree is too deep for it. */
export function toMarkdown(root: HTMLElement, service: TurndownService): string {
  try {
    return service.turndown(root);
  } catch {
    // Turndown recurses once per nesting level and overflows the stack near 3,000 levels (Chromium), a depth
    // only script-built DOM reaches (the HTML parser stops nesting at 512). Plain text beats no answer.
    return (root.textContent ?? '').replace(/[^\S\n]+/g, ' ');
  }
}

/** The pieces of `element`'s content in document order; hidden and unreadable subtrees are skipped whole. */
function* pieces(element: Element): Generator<Piece> {
  let inline: Node[] = [];
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE) {
      const el = child as Element;
      if (isRemoved(el)) continue;
      if (!BLOCKS.has(el.nodeName)) {
        inline.push(el);
        continue;
      }
      if (inline.length > 0) yield { nodes: inline };
      inline = [];
      yield* blockPieces(el);
    } else if (child.nodeType === TEXT_NODE) {
      inline.push(child);
    }
  }
  if (inline.length > 0) yield { nodes: inline };
}

function* blockPieces(el: Element): Generator<Piece> {
  // A shadow host renders its shadow tree, not its children: it is copied whole, where it is flattened.
  if (el.shadowRoot) yield { nodes: [el] };
  else if (PLAIN_CONTAINERS.has(el.nodeName)) yield* pieces(el);
  else if ((el.nodeName === 'UL' || el.nodeName === 'OL') && el.childElementCount > LIST_PIECE) yield* listRuns(el);
  else yield { nodes: [el] };
}

function* listRuns(list: Element): Generator<Piece> {
  let nodes: Node[] = [];
  let offset = 0;
  let items = 0;
  for (let child = list.firstChild; child; child = child.nextSibling) {
    nodes.push(child);
    if (child.nodeType !== ELEMENT_NODE) continue;
    items += 1;
    if (items % LIST_PIECE === 0) {
      yield { nodes, run: { list, offset } };
      nodes = [];
      offset = items;
    }
  }
  if (nodes.length > 0) yield { nodes, run: { list, offset } };
}

function convertPiece(piece: Piece, service: TurndownService, inert: Document): string {
  const wrapper = inert.createElement('div');
  const target = piece.run ? wrapper.appendChild(listShell(piece.run, inert)) : wrapper;
  for (const node of piece.nodes) {
    // Imported into a document without a browsing context: the copies' images never load.
    const copy = inert.importNode(node, true);
    if (node.nodeType === ELEMENT_NODE) flattenShadowRootsWithin(node as Element, copy as Element);
    target.append(copy);
  }
  cleanTree(wrapper);
  return tidyMarkdown(toMarkdown(wrapper, service));
}

/** An empty copy of the run's list; an ordered one starts where the run does, so its numbers stay the page's. */
function listShell(run: ListRun, inert: Document): Element {
  const shell = inert.importNode(run.list, false) as Element;
  if (shell.nodeName === 'OL' && run.offset > 0) {
    const start = Number(run.list.getAttribute('start') ?? '1');
    shell.setAttribute('start', String((Number.isFinite(start) ? start : 1) + run.offset));
  }
  return shell;
}
