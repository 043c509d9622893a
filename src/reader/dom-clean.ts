// Strips from a detached copy of the page everything a reader must never see: code, styles, markup the
// browser never renders, and content the page itself hides. The copy is mutated; the live page is never touched.

// `noscript` is included because the content script runs with scripts enabled, so its fallback is never shown;
// `template` holds inert markup; iframes, canvases and plugins carry no readable text in this document.
const NEVER_READ = 'script,style,noscript,template,svg,iframe,canvas,object,embed';
const NEVER_READ_NAMES = new Set(NEVER_READ.split(','));
// Hidden by the page's own markup. Stylesheets are not consulted: a detached copy has no computed style,
// and walking getComputedStyle over 100k+ nodes of the live page would cost more than the whole read.
const HIDDEN = '[hidden],[aria-hidden="true" i]';
// Cheap pre-filter for inline styles; the exact check goes through the CSSOM parser below.
const MAYBE_HIDDEN_BY_STYLE = '[style*="display" i],[style*="visibility" i]';
const SHOW_COMMENT = 0x80; // NodeFilter.SHOW_COMMENT, spelled out so this works without the global.

/** Removes unreadable and hidden elements, and comments, from `root` in place. */
export function cleanTree(root: Element): void {
  // Native selector matching keeps this linear and fast; removing an element already detached with an
  // ancestor is a harmless no-op.
  for (const element of root.querySelectorAll(`${NEVER_READ},${HIDDEN}`)) element.remove();
  for (const element of root.querySelectorAll<HTMLElement>(MAYBE_HIDDEN_BY_STYLE)) {
    if (element.style?.display === 'none' || element.style?.visibility === 'hidden') element.remove();
  }
  removeComments(root);
}

/** Whether cleanTree would remove `element` itself: what a reader walking the live page must skip whole. */
export function isRemoved(element: Element): boolean {
  // The selectors above, checked by hand: this runs once per element of a page read in one walk, where
  // selector matching would cost more than the rest of the work on the element.
  if (NEVER_READ_NAMES.has(element.localName)) return true;
  if (!element.hasAttributes()) return false;
  if (element.hasAttribute('hidden')) return true;
  const ariaHidden = element.getAttribute('aria-hidden');
  if (ariaHidden !== null && ariaHidden.toLowerCase() === 'true') return true;
  const inline = element.getAttribute('style');
  if (inline === null || !/display|visibility/i.test(inline)) return false;
  const style = (element as HTMLElement).style;
  return style?.display === 'none' || style?.visibility === 'hidden';
}

function removeComments(root: Element): void {
  const walker = root.ownerDocument.createTreeWalker(root, SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

/** Length of the text without whitespace, so indentation in the HTML source does not skew comparisons. */
export function textLength(text: string | null | undefined): number {
  if (!text) return 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Space, tab, newline, carriage return, form feed and no-break space: the whitespace HTML text uses.
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12 && code !== 160) count++;
  }
  return count;
}
