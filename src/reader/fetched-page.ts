import type * as v from 'valibot';
import type { OffscreenReplies } from '../protocol/background-to-offscreen';
import { cleanTree, textLength } from './dom-clean';
import { readMarkdown } from './markdown';
import { cutPageText, MAX_PAGE_CHARS, pageFacts } from './page-facts';

/**
 * Below this much readable text (whitespace aside) a page that runs scripts is taken to build its
 * content with them: an app shell, a "loading…" placeholder. Real static pages, even short ones,
 * hold more once their navigation and footer are counted; a short one misjudged only costs a tab.
 */
const SCRIPT_BUILT_MAX_CHARS = 200;
/** The mount points of the common script frameworks: empty in the HTML when the app fills them in. */
const APP_ROOTS = '#root, #app, #__next, #__nuxt, #svelte, [data-reactroot]';
/** Scripts that run: not data blocks (JSON-LD, import maps, templates), which build nothing. */
const RUNS = (script: HTMLScriptElement) =>
  !script.type || /^(module|(text|application)\/(java|ecma)script)$/i.test(script.type.trim());

/** Elements a rendered page shows on lines of their own (what innerText breaks lines at). */
const BLOCKS =
  'address,article,aside,blockquote,br,dd,div,dl,dt,figcaption,figure,footer,form,h1,h2,h3,h4,h5,h6,header,hr,li,main,nav,ol,p,pre,section,table,td,th,tr,ul';

/**
 * The body's text as innerText gives it in a tab, near enough for search and de-duplication: a
 * parsed document has no layout, so line breaks go after block elements, and the HTML source's
 * indentation and blank lines are collapsed. `body` is a cleaned copy: it is changed.
 */
function bodyText(body: HTMLElement): string {
  for (const element of body.querySelectorAll(BLOCKS)) element.after('\n');
  return (body.textContent ?? '')
    .replace(/[ \t\f\r\u00a0]+/g, ' ')
    .replace(/ ?\n\s*/g, '\n')
    .trim();
}

export type FetchedReading = v.InferOutput<typeof OffscreenReplies.READ_FETCHED_PAGE>;

/**
 * Whether the page's content is missing from its HTML because scripts write it: it has a script
 * that runs, and its body (cleaned as the reader cleans it) holds almost no text, or a framework's
 * mount point is empty. Cheap: one clone of the body and a text count, no layout.
 */
export function builtByScript(doc: Document): boolean {
  if (!doc.body || ![...doc.scripts].some(RUNS)) return false;
  const body = doc.body.cloneNode(true) as HTMLElement;
  cleanTree(body);
  if (textLength(body.textContent) < SCRIPT_BUILT_MAX_CHARS) return true;
  return [...body.querySelectorAll(APP_ROOTS)].some((root) => textLength(root.textContent) === 0);
}

/**
 * Makes relative addresses resolve against the page's address, as they do in a tab: a parsed
 * document's own address is the parser's (the extension page), not the page's. The page's own
 * `<base>` still counts, resolved against its address; the first base element is the one that applies.
 */
function anchorTo(doc: Document, url: string): void {
  const declared = doc.querySelector('base[href]')?.getAttribute('href') ?? '';
  const base = doc.createElement('base');
  base.href = URL.canParse(declared, url) ? new URL(declared, url).href : url;
  doc.head.prepend(base);
}

/**
 * What EXTRACT_PAGE would give for the page, from its HTML fetched at `url` (the address it
 * landed on), parsed without a browsing context: nothing on it loads or runs. A page whose
 * content scripts build is not read here: the crawl renders it in a tab.
 */
export function readFetchedPage(html: string, url: string): FetchedReading {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (builtByScript(doc)) return { kind: 'script-built' };
  // Serialised before the base is added: the stored HTML is the page's own.
  const pageHtml = doc.documentElement.outerHTML;
  anchorTo(doc, url);
  const body = doc.body.cloneNode(true) as HTMLElement;
  cleanTree(body);
  const { title, canonical, metadata, links } = pageFacts(doc);
  return {
    kind: 'page',
    page: {
      success: true,
      url,
      title,
      text: cutPageText(bodyText(body)),
      html: cutPageText(pageHtml),
      markdown: cutPageText(readMarkdown(doc, { maxChars: MAX_PAGE_CHARS }).markdown),
      canonical,
      metadata,
      links,
    },
  };
}
