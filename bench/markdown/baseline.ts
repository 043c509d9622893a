// The reader as it was before big pages were read piece by piece, kept as the benchmark's baseline: the whole
// page copied and cleaned, Readability over all of it when the page looks like an article, one turndown call
// over the result, and only then the cut to the budget. Built from the product's own parts, so the figures
// differ only by the strategy.
import { Readability, isProbablyReaderable } from '@mozilla/readability';
import { cleanTree, textLength } from '../../src/reader/dom-clean';
import { tidyMarkdown, truncateMarkdown } from '../../src/reader/markdown-budget';
import { flattenShadowRoots } from '../../src/reader/shadow-flatten';
import { createTurndown, toMarkdown } from './turndown-reference';

const MIN_ARTICLE_CHARS = 500;
const MIN_ARTICLE_SHARE = 0.25;

export function wholePageMarkdown(doc: Document, maxChars?: number): { markdown: string; truncated: boolean } {
  const root = mainContent(doc);
  const markdown = root ? tidyMarkdown(toMarkdown(root, createTurndown(doc.baseURI))) : '';
  return maxChars === undefined ? { markdown, truncated: false } : truncateMarkdown(markdown, maxChars);
}

function mainContent(doc: Document): HTMLElement | null {
  const copy = doc.cloneNode(true) as Document;
  if (!copy.body || !doc.body) return null;
  flattenShadowRoots(doc.body, copy.body);
  cleanTree(copy.body);
  const bodyChars = textLength(copy.body.textContent);
  if (bodyChars < MIN_ARTICLE_CHARS || !isProbablyReaderable(copy)) return copy.body;
  try {
    const article = new Readability<HTMLElement>(copy, {
      serializer: (node) => node as HTMLElement,
      keepClasses: true,
      disableJSONLD: true,
    }).parse();
    const chars = textLength(article?.textContent);
    if (article?.content && chars >= MIN_ARTICLE_CHARS && chars >= bodyChars * MIN_ARTICLE_SHARE)
      return article.content;
  } catch {
    // As in the product: the body fallback below.
  }
  const body = doc.implementation.createHTMLDocument('').importNode(doc.body, true);
  flattenShadowRoots(doc.body, body);
  cleanTree(body);
  return body;
}
