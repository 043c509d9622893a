import { untrusted } from './untrusted';

/** What read_page gives the model about a page. */
export interface Reading {
  title: string;
  url: string;
  product?: unknown;
  markdown: string;
  interactiveElements: string;
}

const HEAD = '<untrusted_page_content>\nPage: ';

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
  if (!text.startsWith(HEAD)) return null;
  const titleEnd = text.indexOf('\n', HEAD.length);
  if (titleEnd < 0 || !text.startsWith('URL: ', titleEnd + 1)) return null;
  const urlEnd = text.indexOf('\n', titleEnd + 1);
  return urlEnd < 0 ? null : text.slice(titleEnd + 1 + 'URL: '.length, urlEnd);
}
