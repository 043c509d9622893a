import { HANDLER_ANSWER, HANDLER_REQUEST } from '../../src/page-handlers';
import { pageWorldAnswers } from './page-world-answers';

/**
 * Which elements of a document have pointer listeners added by page script, as noted by the
 * page-world watcher (content/page-world/handlers.ts). Asked once per document per snapshot:
 * the watcher answers synchronously with one event per element, collected here.
 */
export type HandledLookup = (doc: Document) => Set<EventTarget>;

export function createHandledLookup(): HandledLookup {
  const byDoc = new Map<Document, Set<EventTarget>>();
  return (doc) => {
    let found = byDoc.get(doc);
    if (!found) byDoc.set(doc, (found = pageWorldAnswers(doc, HANDLER_REQUEST, HANDLER_ANSWER) ?? new Set()));
    return found;
  };
}
