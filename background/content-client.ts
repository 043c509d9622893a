import * as v from 'valibot';
import { describeIssues } from '../src/messaging/router';
import { browser } from '../src/platform/browser';
import type { BackgroundToContent } from '../src/protocol/background-to-content';

/** A page that never answers (a modal alert, a frozen script) must not hang the agent. */
const ANSWER_TIMEOUT_MS = 30_000;
const NOT_LISTENING = /Receiving end does not exist|Could not establish connection|No matching message handler/i;

export class ContentError extends Error {
  override name = 'ContentError';
}

function withTimeout<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new ContentError('The page did not answer within 30 seconds (it may be showing a dialog or be frozen).')), ANSWER_TIMEOUT_MS);
    const abort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', abort, { once: true });
    work.then(resolvePromise, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    });
  });
}

/** Tabs opened before Bosun was installed or updated have no content script yet: it is added on first use. */
async function send(tabId: number, message: BackgroundToContent): Promise<unknown> {
  try {
    return await browser.tabs.sendMessage(tabId, message);
  } catch (error) {
    if (!NOT_LISTENING.test(String(error))) throw error;
    try {
      await browser.scripting.executeScript({ target: { tabId }, files: ['content.js'] });
    } catch (injection) {
      throw new ContentError(`Bosun cannot work on this page: ${String(injection).replace(/^Error: /, '')}`);
    }
    return browser.tabs.sendMessage(tabId, message);
  }
}

/**
 * Asks a tab's content script and validates its reply: the page's realm is not trusted to
 * answer in the expected shape.
 */
export async function askContent<S extends v.GenericSchema>(
  tabId: number,
  message: BackgroundToContent,
  schema: S,
  signal?: AbortSignal,
): Promise<v.InferOutput<S>> {
  let reply: unknown;
  try {
    reply = await withTimeout(send(tabId, message), signal);
  } catch (error) {
    if (error instanceof ContentError || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    const text = String(error).replace(/^Error: /, '');
    throw new ContentError(/No tab with id|Invalid tab ID/i.test(text) ? 'The tab was closed.' : `The page could not be reached: ${text}`);
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
  if (refusal.success) throw new ContentError(refusal.output.error.slice(0, MAX_REFUSAL_CHARS) || `The page refused ${type} without saying why.`);
  throw new ContentError(`The page answered ${type} in an unexpected shape (${describeIssues(parsed.issues)}).`);
}
