import * as v from 'valibot';
import { describeIssues } from '../../src/messaging/router';
import { browser } from '../../src/platform/browser';
import type { BackgroundToContent } from '../../src/protocol/background-to-content';

/** A page that never answers (a modal alert, a frozen script) must not hang the agent. */
const ANSWER_TIMEOUT_MS = 30_000;
const NOT_LISTENING = /Receiving end does not exist|Could not establish connection|No matching message handler/i;

export class ContentError extends Error {
  override name = 'ContentError';
}

function withTimeout<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new ContentError('The page did not answer within 30 seconds (it may be showing a dialog or be frozen).'),
        ),
      ANSWER_TIMEOUT_MS,
    );
    const abort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', abort, { once: true });
    work.then(resolvePromise, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    });
  });
}

type TabNow = { url?: string; status?: string } | null;

/**
 * What happened to the tab since the request was sent, when it closed or left the page
 * (`urlBefore`); null when it still shows that page. `loading` counts as leaving only once a
 * request was under way: a page that is still loading may simply lack its content script yet.
 */
function changeOf(tab: TabNow, urlBefore: string | undefined, loadingCounts: boolean): string | null {
  if (!tab) return 'The tab was closed.';
  if (urlBefore !== undefined && (tab.url !== urlBefore || (loadingCounts && tab.status === 'loading'))) {
    return `The page changed before it answered (the tab went to ${tab.url ?? 'another page'}), so the action may not have finished; it was not repeated.`;
  }
  return null;
}

const readTab = (tabId: number): Promise<TabNow> => browser.tabs.get(tabId).catch(() => null);

async function tabChange(tabId: number, urlBefore: string | undefined, loadingCounts: boolean): Promise<string | null> {
  return changeOf(await readTab(tabId), urlBefore, loadingCounts);
}

/** How long a reply already on its way may still come once the tab leaves the page: a submit that navigates answers as the page goes. */
const LEAVE_GRACE_MS = 1_000;
const RELOADED = 'The page was reloaded before it answered, so the action may not have finished; it was not repeated.';

/**
 * Fails once the tab closes or another document replaces the page. Firefox keeps a page it leaves in
 * its back-forward cache with the request pending, so no error would come before the timeout.
 */
function watchTab(tabId: number, urlBefore: string | undefined): { left: Promise<never>; stop(): void } {
  let stop = () => {};
  const left = new Promise<never>((_resolve, reject) => {
    let grace: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const check = async () => {
      const tab = await readTab(tabId);
      if (stopped) return;
      // Still loading at the same address: the next document has not come (a slow server), and
      // this one, still there, can answer. An action that started the navigation (a link) often does.
      if (tab && tab.url === urlBefore && tab.status === 'loading') {
        grace = setTimeout(() => void check(), LEAVE_GRACE_MS);
        return;
      }
      reject(new ContentError(changeOf(tab, urlBefore, false) ?? RELOADED));
    };
    const leave = () => {
      grace ??= setTimeout(() => void check(), LEAVE_GRACE_MS);
    };
    const onUpdated = (id: number, change: { status?: string; url?: string }) => {
      if (id === tabId && (change.status === 'loading' || change.url !== undefined)) leave();
    };
    const onRemoved = (id: number) => {
      if (id === tabId) leave();
    };
    browser.tabs.onUpdated.addListener(onUpdated);
    browser.tabs.onRemoved.addListener(onRemoved);
    stop = () => {
      stopped = true;
      clearTimeout(grace);
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.tabs.onRemoved.removeListener(onRemoved);
    };
  });
  return { left, stop };
}

/**
 * The page engine's files. No script of Bosun's sits in a page until Bosun first works in its
 * tab: content.js is injected then, and the reader (markdown) only for a request that needs it.
 */
const ENGINE = 'content.js';
const MODULES = { reader: 'reader.js' } as const;
const NEEDS_READER: ReadonlySet<string> = new Set(['READ_PAGE', 'EXTRACT_PAGE']);
/** A content script's request for a module: a name from the fixed table, never a path from the page. */
const NeedsModule = v.object({ success: v.literal(false), needs: v.picklist(Object.keys(MODULES) as ['reader']) });

const CANNOT_WORK = 'Bosun cannot work on this page';
/** The browser refused Bosun's script in the tab (its own pages, Firefox's PDF viewer), rather than the page failing to answer. */
export const scriptRefused = (error: unknown): boolean =>
  error instanceof ContentError && error.message.startsWith(CANNOT_WORK);

async function inject(tabId: number, files: string[]): Promise<void> {
  try {
    // The top frame only: the engine walks same-origin iframes from there.
    await browser.scripting.executeScript({ target: { tabId }, files });
  } catch (injection) {
    // A tab closing under the request fails the injection with the browser's own words.
    const change = await tabChange(tabId, undefined, false);
    throw new ContentError(change ?? `${CANNOT_WORK}: ${String(injection).replace(/^Error: /, '')}`);
  }
}

/** Requests that only undo what the engine drew or let go what it holds: a page without the engine has nothing to undo. */
const UNDO_ONLY: ReadonlySet<string> = new Set(['HIDE_MASK', 'CLEAN_UP_HIGHLIGHTS', 'FORGET_READING']);

/**
 * Sends a request, injecting the engine on first use in a document (a new tab, after each
 * navigation). Firefox reports a tab closed or navigated during a request the same way (nobody
 * listening): the request is then not sent again to whatever the tab shows now.
 */
async function send(tabId: number, message: BackgroundToContent, urlBefore: string | undefined): Promise<unknown> {
  let reply: unknown;
  try {
    reply = await browser.tabs.sendMessage(tabId, message);
  } catch (error) {
    if (!NOT_LISTENING.test(String(error))) throw error;
    const change = await tabChange(tabId, urlBefore, false);
    if (change) throw new ContentError(change);
    if (UNDO_ONLY.has(message.type)) return { success: true };
    await inject(tabId, NEEDS_READER.has(message.type) ? [ENGINE, MODULES.reader] : [ENGINE]);
    reply = await browser.tabs.sendMessage(tabId, message);
  }
  const needs = v.safeParse(NeedsModule, reply);
  if (!needs.success) return reply;
  await inject(tabId, [MODULES[needs.output.needs]]);
  return browser.tabs.sendMessage(tabId, message);
}

/** The tab as the caller read it just before asking: the request then does not read it again. */
export interface TabSeen {
  url: string | undefined;
}

/**
 * Asks a tab's content script and validates its reply: the page's realm is not trusted to
 * answer in the expected shape. What the tab shows is read once per request, unless the caller
 * has just read it (`seen`).
 */
export async function askContent<S extends v.GenericSchema>(
  tabId: number,
  message: BackgroundToContent,
  schema: S,
  signal?: AbortSignal,
  seen?: TabSeen,
): Promise<v.InferOutput<S>> {
  let reply: unknown;
  const urlBefore = seen
    ? seen.url
    : await browser.tabs.get(tabId).then(
        (tab) => tab.url,
        () => undefined,
      );
  const watch = watchTab(tabId, urlBefore);
  try {
    reply = await withTimeout(Promise.race([send(tabId, message, urlBefore), watch.left]), signal);
  } catch (error) {
    if (error instanceof ContentError || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    // A tab closed or navigated during the request drops the reply channel, and the browsers then
    // report only that the channel closed (Chrome: "A listener indicated an asynchronous response
    // ... message channel closed"), which does not say what happened.
    const text = String(error).replace(/^Error: /, '');
    throw new ContentError((await tabChange(tabId, urlBefore, true)) ?? `The page could not be reached: ${text}`);
  } finally {
    watch.stop();
  }
  // Chrome may answer a request whose tab closed under it with nothing at all, not an error.
  if (reply === undefined) {
    const change = await tabChange(tabId, urlBefore, true);
    if (change) throw new ContentError(change);
  }
  return readContentReply(message.type, schema, reply);
}

/** Longest refusal text from a page that is passed on; the rest is cut so a reply cannot flood the chat. */
const MAX_REFUSAL_CHARS = 2000;

/**
 * A content script's reply, checked against what `type` should answer: the parsed reply, or a
 * ContentError with the script's own refusal or naming what was wrong with the shape.
 */
export function readContentReply<S extends v.GenericSchema>(type: string, schema: S, reply: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, reply);
  if (parsed.success) return parsed.output;
  const refusal = v.safeParse(v.object({ success: v.literal(false), error: v.string() }), reply);
  if (refusal.success)
    throw new ContentError(
      refusal.output.error.slice(0, MAX_REFUSAL_CHARS) || `The page refused ${type} without saying why.`,
    );
  throw new ContentError(`The page answered ${type} in an unexpected shape (${describeIssues(parsed.issues)}).`);
}
