/**
 * Loads Bosun's isolated channel script and then the page-world modules `load` imports as a browser
 * runs them at document_start: the document still loading, its element still empty (the channel is
 * handed over only then, content/page-channel/index.ts). jsdom has loaded its document already, so
 * it is made to look so for the time of the loading, then put back.
 */
export async function atDocumentStart(load: () => Promise<unknown>): Promise<void> {
  const root = document.documentElement;
  const kept = [...root.childNodes];
  root.replaceChildren();
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  try {
    await import('../../../content/page-channel/index');
    await load();
  } finally {
    delete (document as unknown as { readyState?: unknown }).readyState;
    root.replaceChildren(...kept);
  }
}
