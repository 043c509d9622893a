import { HANDLER_ANSWER, HANDLER_REQUEST } from '../../src/page-handlers';

/**
 * Which elements of a document have pointer listeners added by page script, as noted by the
 * page-world watcher (content/page-world/handlers.ts). Asked once per document per snapshot:
 * the watcher answers synchronously with one event per element, collected here.
 */
export type HandledLookup = (el: Element, doc?: Document) => boolean;

export function createHandledLookup(): HandledLookup {
  const byDoc = new Map<Document, Set<EventTarget>>();
  return (el, doc = el.ownerDocument) => {
    let found = byDoc.get(doc);
    if (!found) byDoc.set(doc, (found = ask(doc)));
    return found.has(el);
  };
}

function ask(doc: Document): Set<EventTarget> {
  const found = new Set<EventTarget>();
  const view = doc.defaultView;
  if (!view) return found;
  // Composed answers from inside a shadow root are retargeted to the host: the path holds the element.
  const collect = (event: Event) => {
    const target = event.composedPath()[0];
    if (target) found.add(target);
  };
  view.addEventListener(HANDLER_ANSWER, collect, true);
  try {
    doc.dispatchEvent(new CustomEvent(HANDLER_REQUEST));
  } finally {
    view.removeEventListener(HANDLER_ANSWER, collect, true);
  }
  return found;
}
