/**
 * Finds the elements that carry an open shadow root, for the content script's snapshot. From the
 * isolated world of a Firefox content script, reading `shadowRoot` on every element of a large
 * page crosses a wrapper each time; here, in the page's own world, the same walk costs what it
 * costs the page. When the content script dispatches REQUEST on a document, each host gets one
 * ANSWER event (composed, so the content script's listener sees the host even inside another
 * shadow root), then the document gets DONE.
 *
 * The page can answer for itself: it can name elements that are not hosts (the content script
 * reads `shadowRoot` on each named element and finds nothing) or leave hosts out, which hides its
 * own controls from the listing, as it could by not rendering them. Neither reaches the gate,
 * which judges each target from the content script's own reads.
 */
import { HOST_ANSWER, HOSTS_DONE, HOSTS_REQUEST } from '../../src/page-handlers';

// Taken before any page script runs, so a page that later redefines them does not change the walk.
const shadowRootOf = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot')?.get;
const createTreeWalker = Document.prototype.createTreeWalker;
const nextNode = TreeWalker.prototype.nextNode;
const dispatch = EventTarget.prototype.dispatchEvent;

function hostsUnder(root: Node, doc: Document, found: Element[]): void {
  const walker = Reflect.apply(createTreeWalker, doc, [root, NodeFilter.SHOW_ELEMENT]) as TreeWalker;
  const next = () => Reflect.apply(nextNode, walker, []) as Element | null;
  for (let el = next(); el; el = next()) {
    const shadow = shadowRootOf ? (Reflect.apply(shadowRootOf, el, []) as ShadowRoot | null) : null;
    if (!shadow) continue;
    found.push(el);
    hostsUnder(shadow, doc, found);
  }
}

if (shadowRootOf) {
  document.addEventListener(
    HOSTS_REQUEST,
    () => {
      const found: Element[] = [];
      hostsUnder(document, document, found);
      for (const host of found)
        Reflect.apply(dispatch, host, [new CustomEvent(HOST_ANSWER, { bubbles: false, composed: true })]);
      Reflect.apply(dispatch, document, [new CustomEvent(HOSTS_DONE)]);
    },
    true,
  );
}
