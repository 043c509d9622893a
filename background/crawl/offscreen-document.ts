import * as v from 'valibot';
import { describeIssues } from '../../src/messaging/router';
import { browser } from '../../src/platform/browser';
import { OffscreenReplies, type BackgroundToOffscreen } from '../../src/protocol/background-to-offscreen';
import type { FetchedReading } from '../../src/reader/fetched-page';

const PATH = 'offscreen.html';
const Failure = v.object({ success: v.literal(false), error: v.string() });

/**
 * Chrome's offscreen document (offscreen.html), where a crawl's fetched pages are parsed: the
 * service worker has no DOMParser. Made on first use, reused by every worker of the crawl, and
 * closed when the crawl ends. Chrome allows one offscreen document per extension, and it outlives
 * a stopped service worker, so one left from before a restart is found and reused, never made twice.
 */
export function offscreenDocument() {
  let opening: Promise<void> | null = null;

  const exists = async () =>
    (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).some(
      (context) => context.documentUrl === chrome.runtime.getURL(PATH),
    );

  const open = (): Promise<void> =>
    (opening ??= (async () => {
      if (await exists()) return;
      await chrome.offscreen.createDocument({
        url: PATH,
        reasons: ['DOM_PARSER', 'WORKERS'],
        justification:
          'Parse the HTML of pages a crawl fetched, to store them without opening a tab for each, and read the text of PDFs (pdf.js runs in a worker).',
      });
    })().catch((error: unknown) => {
      opening = null;
      throw error;
    }));

  return {
    async read(html: string, url: string): Promise<FetchedReading> {
      await open();
      const request: BackgroundToOffscreen = { type: 'READ_FETCHED_PAGE', payload: { html, url } };
      const reply: unknown = await browser.runtime.sendMessage(request);
      const failure = v.safeParse(Failure, reply);
      if (failure.success) throw new Error(failure.output.error);
      const parsed = v.safeParse(OffscreenReplies.READ_FETCHED_PAGE, reply);
      if (!parsed.success) throw new Error(`The page reader answered oddly: ${describeIssues(parsed.issues)}`);
      return parsed.output;
    },
    /** The PDF at `url`, fetched and read by the document (the PDF reader chunk); the caller validates the answer. */
    async readPdf(url: string): Promise<unknown> {
      await open();
      const request: BackgroundToOffscreen = { type: 'READ_PDF', payload: { url } };
      const reply: unknown = await browser.runtime.sendMessage(request);
      const failure = v.safeParse(Failure, reply);
      return failure.success ? { kind: 'failed', error: failure.output.error } : reply;
    },
    /** Closes the document, if there is one (this background's or a stopped one's). */
    async close(): Promise<void> {
      const pending = opening;
      opening = null;
      await pending?.catch(() => {});
      if (await exists()) await chrome.offscreen.closeDocument().catch(() => {});
    },
  };
}
