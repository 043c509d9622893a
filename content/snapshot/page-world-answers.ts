/**
 * Asks Bosun's page-world script (content/page-world) about a document: `request` is dispatched on
 * the document, and each element it names answers with one `answer` event, collected here. The
 * exchange is synchronous. With `done`, the page world ends by dispatching it on the document, and
 * null means it did not (no page-world script in this document, or it failed): the caller then
 * finds out by itself.
 */
export function pageWorldAnswers(
  doc: Document,
  request: string,
  answer: string,
  done?: string,
): Set<EventTarget> | null {
  const found = new Set<EventTarget>();
  const view = doc.defaultView;
  if (!view) return done ? null : found;
  let finished = false;
  // Composed answers from inside a shadow root are retargeted to the host: the path holds the element.
  const collect = (event: Event) => {
    const target = event.composedPath()[0];
    if (target) found.add(target);
  };
  const finish = () => (finished = true);
  view.addEventListener(answer, collect, true);
  if (done) doc.addEventListener(done, finish, true);
  try {
    doc.dispatchEvent(new CustomEvent(request));
  } finally {
    view.removeEventListener(answer, collect, true);
    if (done) doc.removeEventListener(done, finish, true);
  }
  return !done || finished ? found : null;
}
