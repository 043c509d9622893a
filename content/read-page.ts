import type { ReadPageResult } from '../src/protocol/background-to-content';
import { loadedReader, NEEDS_READER } from './reader-slot';
import { extractProduct } from './reader/product';
import { takeSnapshot } from './snapshot/take-snapshot';

export interface ReadOptions {
  viewportOnly?: boolean;
  maxChars?: number;
  highlight?: boolean;
}

const snapshotOptions = (options: ReadOptions, maxChars: number | undefined) => ({
  viewportOnly: options.viewportOnly ?? false,
  highlight: options.highlight ?? false,
  ...(maxChars ? { maxChars } : {}),
});

const SHOWS_PDF = (): ReadPageResult => ({
  title: document.title,
  url: location.href,
  markdown: '',
  product: null,
  interactiveElements: '',
  snapshotId: '',
  elementCount: 0,
  truncated: false,
  pdf: true,
});

/**
 * READ_PAGE: the page as markdown, its product data, and the indexed listing of what can be
 * operated. With a budget, the listing gets up to half of it (precise actions need it most)
 * and the markdown the rest; both are cut at line boundaries with a marker.
 */
export function readPage(options: ReadOptions = {}): ReadPageResult | typeof NEEDS_READER {
  // Chrome's PDF viewer: an empty frame around the plugin. The background reads the PDF itself.
  if (document.contentType === 'application/pdf') return SHOWS_PDF();
  const reader = loadedReader();
  if (!reader) return NEEDS_READER;
  const listingBudget = options.maxChars === undefined ? undefined : Math.floor(options.maxChars / 2);
  const snapshot = takeSnapshot(document, snapshotOptions(options, listingBudget));
  const markdownBudget =
    options.maxChars === undefined ? undefined : Math.max(500, options.maxChars - snapshot.text.length);
  const page = reader.readMarkdown(document, {
    linkReferences: true,
    ...(markdownBudget === undefined ? {} : { maxChars: markdownBudget }),
  });
  return {
    title: document.title || page.title,
    url: location.href,
    markdown: page.markdown,
    product: extractProduct(document),
    interactiveElements: snapshot.text,
    snapshotId: snapshot.id,
    elementCount: snapshot.count,
    truncated: snapshot.truncated || page.truncated,
  };
}
