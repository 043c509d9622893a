import { channelTypeOf } from '../page-channel/secret';

/**
 * Asks Bosun's page-world script (content/page-world) about a document on their private channel:
 * `request` is dispatched on the document, and each element it names answers with one `answer`
 * event, collected here. The exchange is synchronous, and the page hears none of it. With `done`,
 * the page world ends by dispatching it on the document, and null means it did not (no page-world
 * script or channel in this document, or it failed): the caller then finds out by itself.
 */
export function pageWorldAnswers(
  doc: Document,
  request: string,
  answer: string,
  done?: string,
): Set<EventTarget> | null {
  const found = new Set<EventTarget>();
  const view = doc.defaultView;
  const [requestType, answerType, doneType] = [request, answer, done ?? ''].map((name) => channelTypeOf(doc, name));
  if (!view || !requestType || !answerType || !doneType) return done ? null : found;
  let finished = false;
  // Composed answers from inside a shadow root are retargeted to the host: the path holds the element.
  const collect = (event: Event) => {
    const target = event.composedPath()[0];
    if (target) found.add(target);
  };
  const finish = () => (finished = true);
  view.addEventListener(answerType, collect, true);
  if (done) doc.addEventListener(doneType, finish, true);
  try {
    doc.dispatchEvent(new CustomEvent(requestType));
  } finally {
    view.removeEventListener(answerType, collect, true);
    if (done) doc.removeEventListener(doneType, finish, true);
  }
  return !done || finished ? found : null;
}
