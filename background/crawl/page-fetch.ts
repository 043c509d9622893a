import { MAX_FETCHED_HTML } from '../../src/protocol/background-to-offscreen';

/** As long as a tab gets to load a page before its content script is asked (content-client's answer timeout). */
const FETCH_TIMEOUT_MS = 30_000;
const HTML_TYPE = /^\s*text\/html\s*(;|$)/i;
const PDF_TYPE = /^\s*application\/pdf\s*(;|$)/i;

/** A page's HTML, or word that the address is a PDF (the PDF reader fetches it itself), with the address it landed on. */
export type FetchedPage = { kind: 'html'; url: string; html: string } | { kind: 'pdf'; url: string };

/**
 * A page's HTML as a tab would load it, and the address it landed on after redirects; a PDF is
 * only named as one (its bytes are left to the PDF reader). Null when only a tab can show the page
 * as the crawl stored it before: neither HTML nor PDF (plain text, an image), an error status (the tab's error page was stored), too big for one message, or no
 * answer at all. Cookies go along (`credentials: 'include'`) because a tab sends them too: a
 * site the person is signed in to gives the crawl the pages the person would see, as before.
 */
export async function fetchPage(url: string, signal: AbortSignal): Promise<FetchedPage | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
      credentials: 'include',
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.8,*/*;q=0.7' },
    });
  } catch {
    signal.throwIfAborted();
    // The tab path then says what went wrong as before (refused, unreachable, timed out).
    return null;
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (response.ok && PDF_TYPE.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'pdf', url: response.url || url };
  }
  if (!response.ok || !HTML_TYPE.test(response.headers.get('content-type') ?? '') || declared > MAX_FETCHED_HTML) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  const html = await response.text().catch(() => {
    signal.throwIfAborted();
    return null;
  });
  if (html === null || html.length > MAX_FETCHED_HTML) return null;
  return { kind: 'html', url: response.url || url, html };
}
