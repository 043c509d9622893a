/**
 * Finds the elements that carry an open shadow root, for the content script's snapshot. From the
 * isolated world of a Firefox content script, reading `shadowRoot` on every element of a large
 * page crosses a wrapper each time; here, in the page's own world, the same walk costs what it
 * costs the page. When the content script asks on the private channel (channel.ts), each host gets
 * one answer (composed, so the content script's listener sees the host even inside another shadow
 * root), then the document gets DONE.
 *
 * Page code could still name elements that are not hosts (the content script reads `shadowRoot`
 * on each named element and finds nothing) or hide hosts, by replacing what the walk calls, had it
 * not been taken here first; either would only hide its own controls from the listing, as it could
 * by not rendering them. Neither reaches the gate, which judges each target from the content
 * script's own reads.
 */
import { HOST_ANSWER, HOSTS_DONE, HOSTS_REQUEST } from '../../src/page-handlers';
import { listen, send } from './channel';
import { call } from './natives';

// Taken before any page script runs, so a page that later redefines them does not change the walk.
const shadowRootOf = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot')?.get;
const createTreeWalker = Document.prototype.createTreeWalker;
const nextNode = TreeWalker.prototype.nextNode;
const SHOW_ELEMENT = NodeFilter.SHOW_ELEMENT;

function answerHostsUnder(root: Node): void {
  const walker = call<TreeWalker>(createTreeWalker, document, root, SHOW_ELEMENT);
  for (let el = call<Element | null>(nextNode, walker); el; el = call<Element | null>(nextNode, walker)) {
    const shadow = call<ShadowRoot | null>(shadowRootOf, el);
    if (!shadow) continue;
    send(el, HOST_ANSWER);
    answerHostsUnder(shadow);
  }
}

if (shadowRootOf) {
  listen(HOSTS_REQUEST, () => {
    answerHostsUnder(document);
    send(document, HOSTS_DONE);
  });
}
