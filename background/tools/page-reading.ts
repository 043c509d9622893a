import { untrusted, untrustedContent } from './untrusted';

/** What read_page gives the model about a page. */
export interface Reading {
  title: string;
  url: string;
  product?: unknown;
  markdown: string;
  interactiveElements: string;
}

/**
 * The reading as the model gets it, marked as the page's. The title is put on one line: the
 * address on the line after it is how a later turn tells which page a reading was of
 * (`readingAddress`), and a title is the page's to write.
 */
export function readingText(page: Reading): string {
  const product = page.product ? `\nProduct: ${JSON.stringify(page.product)}` : '';
  const title = page.title.replace(/\s+/g, ' ');
  // The title and product data are page text too, so they sit inside the marked block.
  const body = `Page: ${title}\nURL: ${page.url}${product}\n## Content\n${page.markdown}\n\n## Interactive elements\n${page.interactiveElements || '(none)'}`;
  return untrusted(body);
}

/** The address a `readingText` was of; null for any other text (a PDF's, an error). */
export function readingAddress(text: string): string | null {
  const content = untrustedContent(text);
  if (content === text || !content.startsWith('Page: ')) return null;
  const second = content.split('\n', 2)[1];
  return second?.startsWith('URL: ') ? second.slice('URL: '.length) : null;
}
