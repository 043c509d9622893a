// Turndown configured as the reader configured it before it wrote markdown itself (GFM tables and
// strikethrough, ATX headings, fenced code, `-` bullets, `_` emphasis, safe links, images as alt text,
// selects as their selected option, layout tables read as blocks). Kept as the reference that the reader's
// one-pass writer is held to (tests/unit/reader-markdown-writer.test.ts) and as the benchmark baseline's
// converter; nothing in the extension uses it.
import { gfm } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';
import { absoluteUrl } from '../../src/reader/safe-link';

const TABLE_PARTS = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD']);
// The GFM plugin emits a table holding any of these as raw HTML (outerHTML, image URLs and all). Such tables
// are page layout in practice, so their cells are read as ordinary blocks instead.
const LAYOUT_CONTENT = 'ul,ol,h1,h2,h3,h4,h5,h6,hr,blockquote,pre,table';

/** A Turndown service for untrusted page content: GFM tables and strikethrough, ATX headings, fenced code. */
export function createTurndown(baseUrl: string): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    hr: '---',
    emDelimiter: '_',
  });
  service.use(gfm);
  // Rules added later take precedence (Turndown unshifts them), so these override the plugin and defaults.
  addLayoutTableRule(service);
  addLinkRule(service, baseUrl);
  service.addRule('imageAltOnly', {
    filter: 'img',
    // Remote image URLs are of no use to a reader and would only cost tokens; the alt text carries the meaning.
    replacement: (_content, node) => {
      const alt = collapse((node as Element).getAttribute('alt') ?? '').replace(/[[\]\\]/g, '');
      return alt ? `![${alt}]` : '';
    },
  });
  service.addRule('selectedOption', {
    filter: 'select',
    // Every option of a country or size list would otherwise be concatenated into one long line.
    replacement: (_content, node) => {
      const selected = (node as HTMLSelectElement).selectedOptions?.[0];
      return selected ? ` ${service.escape(collapse(selected.text))} ` : '';
    },
  });
  return service;
}

function addLinkRule(service: TurndownService, baseUrl: string): void {
  service.addRule('safeLink', {
    filter: 'a',
    replacement: (content, node) => {
      // A link wrapping blocks (a product card) must stay on one line for the [text](url) syntax to hold.
      const text = content.replace(/\s*\n\s*/g, ' ').trim();
      if (!text) return '';
      const href = absoluteUrl((node as Element).getAttribute('href'), baseUrl);
      return href ? `[${text}](${href})` : text;
    },
  });
}

function addLayoutTableRule(service: TurndownService): void {
  const layout = new WeakMap<Element, boolean>();
  const isLayout = (table: Element | null): boolean => {
    if (!table) return false;
    let known = layout.get(table);
    if (known === undefined) {
      known = table.querySelector(LAYOUT_CONTENT) !== null;
      layout.set(table, known);
    }
    return known;
  };
  service.addRule('layoutTable', {
    filter: (node) =>
      TABLE_PARTS.has(node.nodeName) && isLayout(node.nodeName === 'TABLE' ? node : node.closest('table')),
    replacement: (content) => `\n\n${content}\n\n`,
  });
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
