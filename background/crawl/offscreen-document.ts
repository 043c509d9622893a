import * as v from 'valibot';
import { describeIssues } from '../../src/messaging/router';
import { browser } from '../../src/platform/browser';
import { OffscreenReplies, type BackgroundToOffscreen } from '../../src/protocol/background-to-offscreen';
import type { FetchedReading } from '../../src/reader/fetched-page';

const PATH = 'offscreen.html';
const Failure = v.object({ success: v.literal(false), error: v.string() });

/**
 * Chrome allows one offscreen document per extension, and both a crawl (parsing fetched pages)
 * and a PDF read (pdf.js) use it, at the same time too. Each user holds it while it works; it is
 * closed when the last lets go, so a crawl that ends cannot close it under a PDF being read.
 * Opening and closing run one after the other: a close never races an open.
 */
let holders = 0;
let changes: Promise<void> = Promise.resolve();

const exists = async () =>
  (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).some(
    (context) => context.documentUrl === chrome.runtime.getURL(PATH),
  );

function inTurn(change: () => Promise<void>): Promise<void> {
  const next = changes.then(change);
  changes = next.catch(() => {});
  return next;
}

async function hold(): Promise<void> {
  holders += 1;
  try {
    // It outlives a stopped service worker: one left from before a restart is found and reused, never made twice.
    await inTurn(async () => {
      if (await exists()) return;
      await chrome.offscreen.createDocument({
        url: PATH,
        reasons: ['DOM_PARSER', 'WORKERS'],
        justification:
          'Parse the HTML of pages a crawl fetched, to store them without opening a tab for each, and read the text of PDFs (pdf.js runs in a worker).',
      });
    });
  } catch (error) {
    holders -= 1;
    throw error;
  }
}

/** Closes the document once nobody holds it (one left by a stopped background included). */
const closeIfUnheld = () =>
  inTurn(async () => {
    if (holders === 0 && (await exists())) await chrome.offscreen.closeDocument().catch(() => {});
  });

async function letGo(): Promise<void> {
  holders -= 1;
  await closeIfUnheld();
}

async function ask(request: BackgroundToOffscreen): Promise<unknown> {
  await hold();
  try {
    return await browser.runtime.sendMessage(request);
  } finally {
    await letGo();
  }
}

/**
 * The offscreen document (offscreen.html) for one user: a crawl's reader holds it from its first
 * page until `close`, so it is made once per crawl, not once per page; a PDF read holds it while
 * the PDF is read.
 */
export function offscreenDocument() {
  // Workers of one crawl read at once: the first read takes the hold, the others wait for it.
  let holding: Promise<void> | null = null;
  return {
    async read(html: string, url: string): Promise<FetchedReading> {
      await (holding ??= hold().catch((error: unknown) => {
        holding = null;
        throw error;
      }));
      const reply = await ask({ type: 'READ_FETCHED_PAGE', payload: { html, url } });
      const failure = v.safeParse(Failure, reply);
      if (failure.success) throw new Error(failure.output.error);
      const parsed = v.safeParse(OffscreenReplies.READ_FETCHED_PAGE, reply);
      if (!parsed.success) throw new Error(`The page reader answered oddly: ${describeIssues(parsed.issues)}`);
      return parsed.output;
    },
    /** The PDF at `url`, fetched and read by the document (the PDF reader chunk); the caller validates the answer. */
    async readPdf(url: string): Promise<unknown> {
      const reply = await ask({ type: 'READ_PDF', payload: { url } });
      const failure = v.safeParse(Failure, reply);
      return failure.success ? { kind: 'failed', error: failure.output.error } : reply;
    },
    /** Lets go of the document; it closes if no other user holds it. */
    async close(): Promise<void> {
      const held = holding;
      holding = null;
      if (held && (await held.then(() => true).catch(() => false))) await letGo();
    },
  };
}

/** At background start nothing holds the document: one a stopped background left open is closed. */
export const closeLeftoverDocument = (): Promise<void> => closeIfUnheld();
