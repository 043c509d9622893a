import { Readability, isProbablyReaderable } from '@mozilla/readability';
import { cleanTree, isRemoved, textLength } from './dom-clean';
import { truncateMarkdown } from './markdown-budget';
import { withLinkReferences } from './link-references';
import { writeMarkdown } from './markdown-writer';
import { dialogName, openModal } from './popups';
import { flattenShadowRoots } from './shadow-flatten';

export type ReadMarkdownOptions = {
  maxChars?: number;
  /** Addresses used by several links written once, as references at the end (a text read whole, not in parts). */
  linkReferences?: boolean;
};
export type ReadMarkdownResult = { title: string; markdown: string; truncated: boolean };

// When Readability's extraction is used instead of the whole body. Readability calls an extraction a success
// when it holds at least its charThreshold (500) characters; below that parse() returns its best failed
// attempt, which on a form or a page of short divs is an arbitrary fragment.
const MIN_ARTICLE_CHARS = 500;
// An extraction holding under a quarter of the page's visible text is one fragment of a page that is not an
// article (one card of a listing, one review among many). For an agent, losing content is worse than spending
// tokens on boilerplate, so such pages are read whole.
const MIN_ARTICLE_SHARE = 0.25;
// Readability scores the whole page, several times over when its first pass finds too little, whatever the
// budget: seconds on pages of 100k elements. Articles are far smaller than this; bigger pages (references,
// listings, apps) are read from their main landmark, or whole, in one walk that stops at the budget.
const READABILITY_MAX_ELEMENTS = 5000;

/**
 * Turns the page into markdown: the main content found by Readability, or the whole body when there is no
 * real article. Readability works on a copy, the writer only reads: the live page is never modified. Page
 * text is data and is only converted.
 */
export function readMarkdown(doc: Document, options: ReadMarkdownOptions = {}): ReadMarkdownResult {
  const read = readWhole(doc, options);
  return options.linkReferences ? { ...read, markdown: withLinkReferences(read.markdown) } : read;
}

function readWhole(doc: Document, options: ReadMarkdownOptions): ReadMarkdownResult {
  const title = pageTitle(doc);
  const { maxChars } = options;
  const budget =
    maxChars === undefined || !Number.isFinite(maxChars) || maxChars < 0 ? undefined : Math.floor(maxChars);
  const modal = doc.body ? openModal(doc) : null;
  if (modal && doc.body) return { title, ...readWithModal(doc, doc.body, modal, budget) };
  if (doc.body && largerThan(doc, READABILITY_MAX_ELEMENTS)) return { title, ...readLargePage(doc, doc.body, budget) };
  const main = mainContent(doc);
  let markdown = main ? writeMarkdown(main.root, doc.baseURI).markdown : '';
  // Readability drops the heading that repeats the title; put it back so the markdown says what it is.
  const heading = main?.heading ?? '';
  if (heading && !markdown.startsWith('# ')) markdown = markdown ? `# ${heading}\n\n${markdown}` : `# ${heading}`;
  if (budget === undefined) return { title, markdown, truncated: false };
  return { title, ...truncateMarkdown(markdown, budget) };
}

/**
 * A page under an open modal dialog reads as a screen reader presents it: the dialog first, said to be open
 * and modal, then the page behind it, marked as out of reach until the dialog closes (a person may still
 * need to know what is there, such as the field the dialog fills).
 */
function readWithModal(
  doc: Document,
  body: HTMLElement,
  modal: Element,
  budget: number | undefined,
): { markdown: string; truncated: boolean } {
  const name = dialogName(modal).replace(/[*_[\]\\]/g, '');
  const dialog = writeMarkdown(modal, doc.baseURI).markdown;
  const behind = writeMarkdown(landmark(doc) ?? body, doc.baseURI, budget, modal);
  const markdown =
    `**Open dialog${name ? `: ${name}` : ''}** (modal: the page behind it cannot be used until it is closed)\n\n` +
    `${dialog}\n\n---\n\n**Behind the dialog:**\n\n${behind.markdown}`;
  if (budget === undefined) return { markdown, truncated: false };
  return truncateMarkdown(markdown, budget, behind.complete);
}

/** A big page, from its main landmark when it has one that holds the content, in one walk up to the budget. */
function readLargePage(
  doc: Document,
  body: HTMLElement,
  budget: number | undefined,
): { markdown: string; truncated: boolean } {
  const read = writeMarkdown(landmark(doc) ?? body, doc.baseURI, budget);
  if (budget === undefined) return { markdown: read.markdown, truncated: false };
  return truncateMarkdown(read.markdown, budget, read.complete);
}

/**
 * The page's main landmark, the page's own word for its main content (HTML allows one visible `main`).
 * Its share of the page is not measured, nor are other candidates looked for: on a big page, reading all
 * its text or matching every element would cost more than a budgeted read.
 */
function landmark(doc: Document): Element | null {
  const found = doc.querySelector('main:not([hidden]), [role="main" i]:not([hidden])');
  for (let el: Element | null = found; el; el = el.parentElement) if (isRemoved(el)) return null;
  return found;
}

/**
 * Whether the document has more elements than `limit`, counted no further than that: the browser
 * walks to the element after the limit in one call, where stepping a walker from a Firefox content
 * script crosses a wrapper per element.
 */
const largerThan = (doc: Document, limit: number): boolean => doc.getElementsByTagName('*').item(limit) !== null;

/**
 * One element as markdown (the content picker's selection), not the page's main content. The writer only
 * reads the live element, so nothing is copied into the page and no image loads.
 */
export function elementMarkdown(element: Element): string {
  return writeMarkdown(element, element.ownerDocument.baseURI).markdown;
}

type MainContent = { root: Element; heading: string | null };

function mainContent(doc: Document): MainContent | null {
  const copy = doc.cloneNode(true) as Document;
  if (!copy.body || !doc.body) return null;
  flattenShadowRoots(doc.body, copy.body);
  cleanTree(copy.body);
  const bodyChars = textLength(copy.body.textContent);
  // Too little text for an article, or no run of long paragraphs (Readability's own quick test, the one behind
  // Firefox's Reader View button): a listing, a form, an app. Read the live body (the writer skips what the
  // copy's cleaning removed, and asks the styles whether a dialog or menu is open) and skip Readability.
  if (bodyChars < MIN_ARTICLE_CHARS || !isProbablyReaderable(copy)) return { root: doc.body, heading: null };
  // An article page that marks its main content says what Readability would guess: that landmark is read,
  // whatever it holds beside the article (related links, comments), and Readability's scoring of the whole
  // copy, three quarters of the read's time on a news front page, is not run.
  const main = landmark(doc);
  if (main && textLength(main.textContent) >= bodyChars * MIN_ARTICLE_SHARE) return { root: main, heading: null };
  const article = parseArticle(copy);
  if (article && article.chars >= MIN_ARTICLE_CHARS && article.chars >= bodyChars * MIN_ARTICLE_SHARE) {
    return { root: article.root, heading: article.title || pageTitle(doc) };
  }
  // Readability rearranged `copy`; the writer reads the live body instead, which it only reads.
  return { root: doc.body, heading: null };
}

function parseArticle(copy: Document): { root: HTMLElement; title: string; chars: number } | null {
  try {
    // The serializer hands back the node itself: no HTML string to serialize and parse again.
    const reader = new Readability<HTMLElement>(copy, {
      serializer: (node) => node as HTMLElement,
      keepClasses: true,
      disableJSONLD: true,
    });
    const article = reader.parse();
    if (!article?.content) return null;
    return { root: article.content, title: collapse(article.title ?? ''), chars: textLength(article.textContent) };
  } catch {
    // Readability throws on documents it cannot handle (no body, odd markup); the body fallback still works.
    return null;
  }
}

function pageTitle(doc: Document): string {
  return collapse(doc.title) || collapse(doc.querySelector('h1')?.textContent ?? '');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
