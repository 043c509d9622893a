// Writes a page's markdown in one walk over the live tree, in document order, with an explicit stack (no
// recursion, so a script-built tree thousands of levels deep reads like any other). It writes what turndown
// configured as in turndown-service.ts writes for a cleaned, shadow-flattened copy of the same tree, without
// making that copy: removed and hidden elements are skipped as cleanTree would remove them, shadow roots are
// read in place of their hosts' children, and turndown's whitespace collapsing runs as the walk goes.
// Turndown re-reads each element's text to decide whether it is blank and what spaces flank it; here those
// are known from what the walk has already written, so the cost is one visit per node. Elements whose
// markdown only surrounds their content (paragraphs, divs, lists) write straight into their parent's output;
// the rest (see markdown-frames.ts) collect theirs first. The tree is only read: nothing is created in the
// page's document, so no image or other resource starts loading.
import { isRemoved } from './dom-clean';
import { tidyMarkdown } from './markdown-budget';
import { ENDS_SPACE, ENDS_WORD, type Entry, NO_TEXT, type TableContext, type Walk, Wrap } from './markdown-entry';
import {
  type Frame,
  FrameKind,
  frameContent,
  frameMarkdown,
  type LinkResolver,
  newFrame,
  writeTo,
} from './markdown-frames';
import { openElement } from './markdown-open';
import { isClosedPopup } from './popups';
import { linkResolver } from './safe-link';
import { composedChildren, escapeMarkdown, expandSlots, needsComposing } from './markdown-text';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
// When a budgeted read measures its markdown again, at least this many more characters are written first,
// so a read ending just under the budget is not measured after every node.
const CHECK_STEP = 2000;

export type WriteResult = { markdown: string; complete: boolean };

/**
 * Markdown of `root` (a live element, never modified), stopped once past `maxChars` when a budget is given,
 * without `skip` (an open modal dialog, written on its own).
 */
export function writeMarkdown(root: Element, baseUrl: string, maxChars?: number, skip?: Element): WriteResult {
  return new MarkdownWriter(baseUrl, maxChars, skip).write(root);
}

class MarkdownWriter implements Walk {
  readonly frames: Frame[] = [newFrame(FrameKind.Root, null)];
  readonly stack: Entry[] = [];
  readonly tables: TableContext[] = [];
  // Turndown's whitespace collapsing, as it goes: the last text kept, whether a space after it may still be
  // dropped (before a block or a line break), whether a leading space is kept after a void element.
  lastText = NO_TEXT;
  keepLeadingSpace = false;
  pendingSpace = false;
  codeDepth = 0;
  preDepth = 0;
  captionDepth = 0;
  private readonly resolve: LinkResolver;
  private rootChars = 0;
  private nextCheck: number;

  constructor(
    baseUrl: string,
    private readonly maxChars?: number,
    private readonly skip?: Element,
  ) {
    this.nextCheck = maxChars ?? Infinity;
    this.resolve = linkResolver(baseUrl);
  }

  write(root: Element): WriteResult {
    const top = this.entry(null, Wrap.None, false, null);
    top.list = [root];
    this.stack.push(top);
    while (this.stack.length > 0) {
      const entry = this.stack[this.stack.length - 1] as Entry;
      const node = this.nextChild(entry);
      if (!node) this.close(entry);
      else if (node.nodeType === TEXT_NODE) this.text((node as Text).data, entry);
      else if (node.nodeType === ELEMENT_NODE) this.element(node as Element, entry);
      if (this.rootChars > this.nextCheck && this.overBudget()) return { markdown: this.result(), complete: false };
    }
    return { markdown: this.result(), complete: true };
  }

  get frame(): Frame {
    return this.frames[this.frames.length - 1] as Frame;
  }

  /** Appends to the innermost open frame, as turndown joins a replacement to its parent's output. */
  emit(piece: string): void {
    const frame = this.frame;
    writeTo(frame, piece);
    if (frame.kind === FrameKind.Root) this.rootChars += piece.length;
  }

  entry(el: Element | null, wrap: Wrap, block: boolean, parent: Entry | null): Entry {
    // Every field set here, so all entries share one shape.
    const entry: Entry = {
      el,
      owner: null as unknown as Entry,
      parent,
      wrap,
      block,
      frame: null,
      next: null,
      list: null,
      index: 0,
      count: 0,
      itemBreak: false,
      code: false,
      section: '',
      firstBody: false,
    };
    entry.owner = entry;
    if (el) {
      if (needsComposing(el)) entry.list = composedChildren(el);
      else entry.next = el.firstChild;
    }
    return entry;
  }

  /** Pushes `entry`, opening `frame` for it when its element collects its content. */
  push(entry: Entry, frame: Frame | null): void {
    entry.frame = frame;
    if (frame) this.frames.push(frame);
    this.stack.push(entry);
  }

  private nextChild(entry: Entry): Node | null {
    if (entry.list) return entry.index < entry.list.length ? (entry.list[entry.index++] as Node) : null;
    const node = entry.next;
    if (node) entry.next = node.nextSibling;
    return node;
  }

  private text(data: string, entry: Entry): void {
    if (this.preDepth > 0) {
      if (!data) return;
      this.breakItem(entry);
      this.emit(this.codeDepth > 0 ? data : escapeMarkdown(data));
      if (!this.frame.content && /\S/.test(data)) this.frame.content = true;
      return;
    }
    let text = data.replace(/[ \r\n\t]+/g, ' ');
    if (text.charCodeAt(0) === 32 && this.lastText !== ENDS_WORD && !this.keepLeadingSpace) text = text.slice(1);
    if (!text) return;
    this.breakItem(entry);
    const endsSpace = text.charCodeAt(text.length - 1) === 32;
    this.lastText = endsSpace ? ENDS_SPACE : ENDS_WORD;
    if (!this.frame.content && /\S/.test(text)) this.frame.content = true;
    const written = this.codeDepth > 0 || this.captionDepth > 0 ? text : escapeMarkdown(text);
    const body = endsSpace ? written.slice(0, -1) : written;
    if (body) this.emit(this.pendingSpace ? ` ${body}` : body);
    // A trailing space is written only once it is known to stay: a block or line break next drops it.
    this.pendingSpace = endsSpace;
  }

  /** Turndown ends a list item with a newline when something follows it in its list. */
  breakItem(entry: Entry): void {
    if (!entry.owner.itemBreak) return;
    entry.owner.itemBreak = false;
    this.emit('\n');
  }

  private element(el: Element, entry: Entry): void {
    // A closed dialog, popover or menu is not drawn, whatever hides it.
    if (isRemoved(el) || el === this.skip || isClosedPopup(el)) return;
    if (el.localName === 'slot') {
      // The slot's nodes take its place, children of the element the slot is in.
      const slot = this.entry(null, Wrap.None, false, entry);
      slot.owner = entry.owner;
      slot.list = expandSlots([el]);
      this.push(slot, null);
      return;
    }
    this.breakItem(entry);
    entry.owner.count += 1;
    openElement(this, el, entry);
  }

  /** Collapsing at a block's edge or a line break: the space before it goes, a space after it is not kept. */
  blockEdge(): void {
    this.pendingSpace = false;
    this.lastText = NO_TEXT;
    this.keepLeadingSpace = false;
  }

  /** Collapsing at a void element (an image): the space before it stays, and so does one after it. */
  voidEdge(): void {
    if (this.pendingSpace) this.emit(' ');
    this.pendingSpace = false;
    this.lastText = NO_TEXT;
    this.keepLeadingSpace = true;
  }

  inlineEdge(): void {
    if (this.lastText !== NO_TEXT) this.keepLeadingSpace = false;
  }

  private close(entry: Entry): void {
    this.stack.pop();
    if (!entry.el) return;
    if (entry.wrap === Wrap.Pre) this.preDepth -= 1;
    else if (this.preDepth === 0) {
      if (entry.block) this.blockEdge();
      else this.inlineEdge();
    }
    if (entry.code) this.codeDepth -= 1;
    if (entry.wrap === Wrap.Table) {
      this.tables.pop();
      // A layout table reads as blocks; a data table writes itself when its frame closes.
      if (!entry.frame) this.emit('\n\n');
    }
    if (entry.wrap === Wrap.Block || entry.wrap === Wrap.List || entry.wrap === Wrap.Pre) this.emit('\n\n');
    if (entry.frame) this.closeFrame(entry);
  }

  private closeFrame(entry: Entry): void {
    const frame = this.frames.pop() as Frame;
    const parent = this.frame;
    if (frame.kind === FrameKind.Caption) this.captionDepth -= 1;
    if (frame.kind === FrameKind.Row) this.closeRow(frame, entry);
    const markdown = frameMarkdown(frame, parent, this.resolve);
    if (frame.content) parent.content = true;
    this.emit(markdown);
    if (frame.kind === FrameKind.Item) entry.parent!.owner.itemBreak = true;
  }

  private closeRow(frame: Frame, entry: Entry): void {
    const context = this.tables[this.tables.length - 1];
    const row = frame.row!;
    row.width = entry.count;
    row.blank = !frame.content;
    row.heading = row.head || (row.heading && row.cells.length === entry.count && row.cells.every((cell) => cell.th));
    context?.frame?.table?.rows.push(row);
    if (context) context.row = null;
  }

  private overBudget(): boolean {
    const length = tidyMarkdown(frameContent(this.frames[0] as Frame)).length;
    if (length > (this.maxChars as number)) return true;
    this.nextCheck = this.rootChars + Math.max(CHECK_STEP, (this.maxChars as number) - length + 1);
    return false;
  }

  private result(): string {
    const out = frameContent(this.frames[0] as Frame);
    return tidyMarkdown(out.replace(/^[\t\r\n]+/, '').replace(/[\t\r\n\s]+$/, ''));
  }
}
