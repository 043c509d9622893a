// Text-level pieces of the one-pass markdown writer (markdown-writer.ts), each the same as turndown's own
// (turndown 7.2, the configuration in turndown-service.ts) so both write the same markdown.
import { isRemoved } from './dom-clean';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const ESCAPES: [RegExp, string][] = [
  [/\\/g, '\\\\'],
  [/\*/g, '\\*'],
  [/^-/g, '\\-'],
  [/^\+ /g, '\\+ '],
  [/^(=+)/g, '\\$1'],
  [/^(#{1,6}) /g, '\\$1 '],
  [/`/g, '\\`'],
  [/^~~~/g, '\\~~~'],
  [/\[/g, '\\['],
  [/\]/g, '\\]'],
  [/^>/g, '\\>'],
  [/_/g, '\\_'],
  [/^(\d+)\. /g, '$1\\. '],
];
// Text holding none of these needs no escape: most text, so the thirteen replacements above are rarely run.
const MAY_ESCAPE = /[\\*`[\]_]|^[-+=#~>\d]/;

/** Turndown's escape of markdown characters in text (`^` is the start of one text node, as in turndown). */
export function escapeMarkdown(text: string): string {
  if (!MAY_ESCAPE.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of ESCAPES) out = out.replace(pattern, replacement);
  return out;
}

function leadingNewlines(text: string): number {
  let n = 0;
  while (n < text.length && text.charCodeAt(n) === 10) n++;
  return n;
}

function trailingNewlines(text: string): number {
  let n = 0;
  while (n < text.length && text.charCodeAt(text.length - 1 - n) === 10) n++;
  return n;
}

/** Turndown's join: appends `piece`, the newlines where they meet being the larger run of the two, at most two. */
export function joinInto(out: string[], piece: string): void {
  if (!piece) return;
  const tail = out.length > 0 ? (out[out.length - 1] as string) : '';
  const lead = piece.charCodeAt(0) === 10 ? leadingNewlines(piece) : 0;
  if (lead === 0 && tail.charCodeAt(tail.length - 1) !== 10) {
    out.push(piece);
    return;
  }
  out.pop();
  const trail = trailingNewlines(tail);
  const nls = Math.max(trail, lead);
  if (trail < tail.length) out.push(tail.slice(0, tail.length - trail));
  if (nls > 0) out.push(nls >= 2 ? '\n\n' : '\n');
  if (lead < piece.length) out.push(lead > 0 ? piece.slice(lead) : piece);
}

export function trimNewlines(text: string): string {
  const lead = leadingNewlines(text);
  return lead === text.length ? '' : text.slice(lead, text.length - trailingNewlines(text));
}

/**
 * The children of `parent` as the page renders them: an open shadow root's content in place of the host's
 * light children, a slot replaced by what is assigned to it (or its fallback content).
 */
export function composedChildren(parent: Element): Node[] {
  return expandSlots(parent.shadowRoot ? parent.shadowRoot.childNodes : parent.childNodes);
}

export function expandSlots(nodes: ArrayLike<Node>): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node;
    if (node.nodeType === ELEMENT_NODE && (node as Element).localName === 'slot') {
      const assigned = (node as HTMLSlotElement).assignedNodes?.() ?? [];
      out.push(...expandSlots(assigned.length > 0 ? assigned : node.childNodes));
    } else out.push(node);
  }
  return out;
}

/** Whether children must be read through composedChildren rather than the light tree. */
export function needsComposing(el: Element): boolean {
  return el.shadowRoot !== null || el.localName === 'slot';
}

/** The text of `root` without what cleanTree removes, shadow roots flattened: a code block's textContent. */
export function readableText(root: Element): string {
  const parts: string[] = [];
  const stack: Node[] = [];
  pushChildren(root, stack);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.nodeType === TEXT_NODE) parts.push((node as Text).data);
    else if (node.nodeType === ELEMENT_NODE && !isRemoved(node as Element)) pushChildren(node as Element, stack);
  }
  return parts.join('');
}

/** Pushes the children of `el` so that the first is popped first. */
function pushChildren(el: Element, stack: Node[]): void {
  if (needsComposing(el)) {
    const children = composedChildren(el);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
  } else for (let child = el.lastChild; child; child = child.previousSibling) stack.push(child);
}

/** A fenced code block as turndown writes one: a fence longer than any run of backticks starting a line. */
export function fencedBlock(code: string, language: string): string {
  let size = 3;
  for (const match of code.matchAll(/^`{3,}/gm)) if (match[0].length >= size) size = match[0].length + 1;
  const fence = '`'.repeat(size);
  return `\n\n${fence}${language}\n${code.replace(/\n$/, '')}\n${fence}\n\n`;
}

/** Turndown's inline code: newlines as spaces, a delimiter longer than any backtick run inside. */
export function inlineCode(content: string): string {
  if (!content) return '';
  const code = content.replace(/\r?\n|\r/g, ' ');
  const extraSpace = /^`|^ .*?[^ ].* $|`$/.test(code) ? ' ' : '';
  const runs: string[] = code.match(/`+/gm) ?? [];
  let delimiter = '`';
  while (runs.includes(delimiter)) delimiter += '`';
  return delimiter + extraSpace + code + extraSpace + delimiter;
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
